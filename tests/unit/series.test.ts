// Post series from front matter and blog/series.yml (src/lib/series.ts).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {findSeries, groupSeries, type SeriesInfo} from '../../src/lib/series';

const CATALOG = new Map<string, SeriesInfo>([
  ['a', {id: 'a', title: '甲系列', description: '甲'}],
  ['b', {id: 'b', title: '乙系列', description: '乙'}],
]);

const post = (source: string, frontMatter: Record<string, unknown>) => ({
  source,
  title: source,
  frontMatter,
});

test('posts are grouped in catalog order and ordered by series_order', () => {
  const series = groupSeries(
    [
      post('b1.md', {series: 'b', series_order: 1}),
      post('a2.md', {series: 'a', series_order: 2}),
      post('solo.md', {}),
      post('a1.md', {series: 'a', series_order: 1}),
    ],
    CATALOG,
  );
  assert.deepEqual(
    series.map((s) => [s.id, s.parts.map((p) => p.source)]),
    [
      ['a', ['a1.md', 'a2.md']],
      ['b', ['b1.md']],
    ],
  );
  assert.equal(findSeries(series, 'a2.md')?.position, 2);
  assert.equal(findSeries(series, 'solo.md'), undefined);
});

test('an unknown series, a missing order or a repeated order names the file', () => {
  assert.throws(
    () => groupSeries([post('x.md', {series: 'c', series_order: 1})], CATALOG),
    /x\.md: series "c" is not in blog\/series\.yml/,
  );
  assert.throws(
    () => groupSeries([post('y.md', {series: 'a'})], CATALOG),
    /y\.md: series_order must be/,
  );
  assert.throws(
    () => groupSeries([post('z.md', {series_order: 1})], CATALOG),
    /z\.md: series "undefined"/,
  );
  assert.throws(
    () =>
      groupSeries(
        [
          post('p.md', {series: 'a', series_order: 1}),
          post('q.md', {series: 'a', series_order: 1}),
        ],
        CATALOG,
      ),
    /q\.md: series_order 1 of "a" is taken by p\.md/,
  );
});
