// The build's file protocol (src/lib/build-files.ts, src/lib/route-files.ts):
// where a route's page, manifest and article file are, with the site at the
// root and under a base URL, and the files one plugin leaves for another.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';
import {
  builtPages,
  candidatesFile,
  lazyRoutesActive,
  moduleFile,
  pageFile,
  pageRoute,
  readCandidates,
  readLazyRoutes,
  readPage,
  writeCandidates,
  writeLazyRoutes,
} from '../../src/lib/build-files';
import {articlePath, manifestPath, routePath} from '../../src/lib/route-files';

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** A build folder with these files (relative path → text). */
function buildOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-files-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A site built under /site/ (trailing slashes off), as Docusaurus writes it into build/. */
const SITE = {
  'index.html': 'home',
  'blog.html': 'blog',
  'blog/2025/09/15/publish-server.html': 'post',
  'docs/intro/index.html': 'intro, trailing slash',
  'assets/js/main.js': '',
  '__routes/blog.json': '{}',
};

test('the built pages are every HTML file of the build, relative to it, sorted', () => {
  assert.deepEqual(builtPages(buildOf(SITE)), [
    'blog.html',
    path.join('blog', '2025', '09', '15', 'publish-server.html'),
    path.join('docs', 'intro', 'index.html'),
    'index.html',
  ]);
});

test('a route’s page is found below the base URL, as a.html or a/index.html', async () => {
  const outDir = buildOf(SITE);
  for (const baseUrl of ['/', '/site/']) {
    const route = (rest: string) => `${baseUrl}${rest}`;
    assert.equal(pageFile(outDir, route(''), baseUrl), path.join(outDir, 'index.html'));
    assert.equal(pageFile(outDir, route('blog'), baseUrl), path.join(outDir, 'blog.html'));
    assert.equal(
      pageFile(outDir, route('docs/intro/'), baseUrl),
      path.join(outDir, 'docs/intro/index.html'),
    );
    assert.equal(await readPage(outDir, route('blog/2025/09/15/publish-server'), baseUrl), 'post');
    assert.equal(pageFile(outDir, route('docs/missing'), baseUrl), undefined);
    await assert.rejects(
      readPage(outDir, route('docs/missing'), baseUrl),
      /no built page for .*docs\/missing \(docs\/missing\.html, docs\/missing\/index\.html\)/,
    );
  }
  // Under /site/, the route /site/blog is blog.html, never site/blog.html.
  assert.equal(
    pageFile(buildOf({'site/blog.html': 'wrong folder'}), '/site/blog', '/site/'),
    undefined,
  );
});

test('a built page is served at its route path, below the base URL', () => {
  for (const baseUrl of ['/', '/site/']) {
    assert.equal(pageRoute('index.html', baseUrl), baseUrl);
    assert.equal(
      pageRoute('blog/2025/09/15/publish-server.html', baseUrl),
      `${baseUrl}blog/2025/09/15/publish-server`,
    );
    assert.equal(pageRoute(path.join('docs', 'index.html'), baseUrl), `${baseUrl}docs`);
  }
  // Every page of a build maps back to itself.
  const outDir = buildOf(SITE);
  for (const file of builtPages(outDir)) {
    assert.equal(pageFile(outDir, pageRoute(file, '/site/'), '/site/'), path.join(outDir, file));
  }
});

test('a manifest lives under __routes at the route path, below the base URL', () => {
  assert.equal(
    manifestPath('/blog/2025/09/15/publish-server', '/'),
    '__routes/blog/2025/09/15/publish-server.json',
  );
  assert.equal(manifestPath('/site/blog', '/site/'), '__routes/blog.json');
  assert.equal(manifestPath('/blog/', '/'), '__routes/blog.json');
  assert.equal(manifestPath('/site/', '/site/'), '__routes/index.json');
});

test('an article file lives under __articles at the page’s path, below the base URL', () => {
  assert.equal(
    articlePath('/blog/2025/09/15/publish-server', '/'),
    '__articles/blog/2025/09/15/publish-server.json',
  );
  assert.equal(articlePath('/site/docs/intro', '/site/'), '__articles/docs/intro.json');
});

test('a URL path is read as the route table writes it: no .html, no trailing slash', () => {
  assert.equal(routePath('/docs/intro.html'), '/docs/intro');
  assert.equal(routePath('/docs/intro/index.html'), '/docs/intro');
  assert.equal(routePath('/docs/intro/'), '/docs/intro');
  assert.equal(routePath('/'), '/');
  assert.equal(routePath('/index.html'), '/');
});

test('the candidates and the lazy routes one plugin writes are what another reads, and none before', () => {
  const generated = buildOf({});
  assert.deepEqual(readCandidates(generated), {});
  assert.deepEqual(readLazyRoutes(generated), []);
  assert.equal(lazyRoutesActive(generated), false);
  const source = path.join(generated, 'docs', 'intro.md');
  writeCandidates(generated, {[source]: '/docs/intro'});
  assert.equal(path.dirname(candidatesFile(generated)), path.join(generated, 'article-once'));
  assert.deepEqual(readCandidates(generated), {[source]: '/docs/intro'});
  assert.equal(moduleFile('@site/docs/intro.md', generated), source);
  // A list page's preview of a post is the post's file with a query: the same candidate.
  const post = path.join(generated, 'blog', 'a.md');
  assert.equal(moduleFile('@site/blog/a.md?truncated=true', generated), post);
  const route = {
    path: '/blog',
    key: '/blog-483',
    entry: 'route-1',
    ownKeys: ['a'],
    sharedKeys: ['b'],
    article: false,
  };
  writeLazyRoutes(generated, [route]);
  assert.equal(lazyRoutesActive(generated), true);
  assert.deepEqual(readLazyRoutes(generated), [route]);
});
