// The search's bounded Chinese word splitter (src/plugins/bounded-zh-search).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
// @ts-expect-error: the theme ships this browser module without type declarations.
import {cutZhWords as upstreamCutZhWords} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/cutZhWords.js';
import {cutZhWords} from '../../src/plugins/bounded-zh-search/cutZhWords';

/** A few of the words the site's index holds. */
const DICTIONARY = [
  '审核',
  '审核指南',
  '指南',
  '发起',
  '发起端',
  '端口',
  '中继',
  '命名',
  '命名空间',
  '空间',
];

test('short queries are cut exactly as the search theme cuts them', () => {
  for (const query of [
    '审核',
    '审核指南',
    '发起端口',
    '命名空间中继',
    '审',
    '中继审核指南发起端',
  ]) {
    assert.deepEqual(cutZhWords(query, DICTIONARY), upstreamCutZhWords(query, DICTIONARY), query);
  }
});

test('a 1,000-character run of Chinese still yields a split that skips nothing', () => {
  const query = '命名空间'.repeat(250);
  const splits = cutZhWords(query, DICTIONARY);
  assert.ok(splits.length > 0);
  assert.equal(splits[0]?.map((word) => word.value).join(''), query);
});

test('text with no indexed word gives no split', () => {
  assert.deepEqual(cutZhWords('審覈', DICTIONARY), []);
});
