// Reading time for Chinese posts (src/plugins/blog/readingTime.ts).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {
  CODE_LINES_PER_MINUTE,
  countText,
  HAN_PER_MINUTE,
  LATIN_WORDS_PER_MINUTE,
  readingTimeMinutes,
} from '../../src/plugins/blog/readingTime';

test('Han characters, Latin words and code lines are counted apart', () => {
  const markdown = [
    '先用 `iscsiadm` 发现目标端，再登录。',
    '',
    '```bash title="发现"',
    'iscsiadm -m discovery -t st -p 192.168.1.10',
    '',
    'iscsiadm -m node --login',
    '```',
  ].join('\n');
  // 先用发现目标端再登录 = 10 Han; iscsiadm = 1 word; 2 non-empty code lines.
  assert.deepEqual(countText(markdown), {han: 10, latinWords: 1, codeLines: 2});
});

test('markers, imports, JSX tags and link addresses are not read', () => {
  const markdown = [
    "import Tabs from '@theme/Tabs';",
    '<!-- truncate -->',
    '<Tabs>看[文档](https://example.com/a/very/long/path)</Tabs>',
  ].join('\n');
  assert.deepEqual(countText(markdown), {han: 3, latinWords: 0, codeLines: 0});
});

test('minutes add each kind at its own rate', () => {
  const han = '中'.repeat(HAN_PER_MINUTE);
  const words = Array.from({length: LATIN_WORDS_PER_MINUTE}, () => 'word').join(' ');
  const code = ['```text', ...Array.from({length: CODE_LINES_PER_MINUTE}, () => 'x'), '```'];
  assert.equal(readingTimeMinutes([han, words, ...code].join('\n')), 3);
});

test('a 4,000-character Chinese post reads in about ten minutes, not twenty', () => {
  assert.equal(Math.ceil(readingTimeMinutes('技术'.repeat(2000))), 10);
});
