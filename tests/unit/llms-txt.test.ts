// llms.txt and llms-full.txt (src/plugins/llms-txt).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {renderLlmsTxt} from '../../src/plugins/llms-txt';
import {toPlainMarkdown} from '../../src/plugins/llms-txt/markdown';

const MDX = [
  '---',
  'title: 示例',
  'authors: linshen',
  '---',
  '',
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  'export const Highlight = ({children}) => (',
  '  <span>{children}</span>',
  ');',
  '',
  '正文第一段，见[简介](/docs/intro)。',
  '',
  '<!-- truncate -->',
  '',
  '<Tabs>',
  '  <TabItem value="npm" label="npm">',
  '',
  '```ts title="config.ts"',
  "import type {Config} from '@docusaurus/types';",
  '---',
  'export default config;',
  '```',
  '',
  '  </TabItem>',
  '</Tabs>',
  '',
  '文字<Highlight color="#1b6b4f">深绿色</Highlight>。',
].join('\n');

test('front matter, MDX imports and exports, comments and component tags are left out', () => {
  const text = toPlainMarkdown(MDX);
  assert.doesNotMatch(text, /title: 示例|authors:/);
  assert.doesNotMatch(text, /@theme\/Tabs|Highlight = |<span>/);
  assert.doesNotMatch(text, /<\/?Tabs|<\/?TabItem|<\/?Highlight|truncate/);
  assert.match(text, /^正文第一段/);
  assert.match(text, /文字深绿色。/);
});

test('fenced code is kept as written, import and --- lines included', () => {
  const text = toPlainMarkdown(MDX);
  assert.match(
    text,
    /```ts title="config.ts"\nimport type \{Config\} from '@docusaurus\/types';\n---\nexport default config;\n```/,
  );
});

test('site-root links become absolute; no run of blank lines is left', () => {
  const text = toPlainMarkdown(MDX, 'https://example.org');
  assert.match(text, /\[简介\]\(https:\/\/example\.org\/docs\/intro\)/);
  assert.doesNotMatch(text, /\n{3,}/);
});

test('llms.txt: title, summary, one section per non-empty group, one entry a line', () => {
  const text = renderLlmsTxt('栈底笔记', '简介。', 'https://x.org/llms-full.txt', [
    {title: '甲系列', entries: [{title: '一', url: 'https://x.org/a', description: '说明'}]},
    {title: '其他文章', entries: []},
    {title: '教程', entries: [{title: '二', url: 'https://x.org/b', description: ''}]},
  ]);
  assert.equal(
    text,
    [
      '# 栈底笔记',
      '',
      '> 简介。',
      '',
      '全部文章与教程的 Markdown 全文：[llms-full.txt](https://x.org/llms-full.txt)',
      '',
      '## 甲系列',
      '',
      '- [一](https://x.org/a): 说明',
      '',
      '## 教程',
      '',
      '- [二](https://x.org/b)',
      '',
    ].join('\n'),
  );
});
