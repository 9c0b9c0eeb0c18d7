// The 3.7.0 author-pagination fix in src/plugins/blog/index.ts.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {authorPagePathFixer} from '../../src/plugins/blog';

const fix = authorPagePathFixer('/', {
  routeBasePath: 'blog',
  authorsBasePath: 'authors',
  pageBasePath: 'page',
});

test("an author's later pages move from /authors/N to /page/N", () => {
  assert.equal(fix('/blog/authors/linshen/authors/2'), '/blog/authors/linshen/page/2');
  assert.equal(fix('/blog/authors/linshen/authors/12'), '/blog/authors/linshen/page/12');
});

test('every other path is left alone', () => {
  for (const path of [
    '/blog/authors/linshen',
    '/blog/authors',
    '/blog/page/2',
    '/blog/authors/linshen/page/2',
    '/blog/2025/09/15/authors/2',
  ]) {
    assert.equal(fix(path), path);
  }
});
