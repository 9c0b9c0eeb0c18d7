// Social card layout (src/plugins/social-cards): title wrapping by measured width.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {postCardAlt, formatCardDate} from '../../src/plugins/social-cards/client/alt';
import {socialCardPath} from '../../src/plugins/social-cards';
import {readBlog} from '../blog';
import {breaksInsideWords} from '../../src/lib/linebreak';
import {
  cardSvg,
  fitTitle,
  textWidth,
  wrapText,
  wrapTitle,
} from '../../src/plugins/social-cards/layout';

test('a Han character is one em wide, Latin letters and spaces narrower', () => {
  assert.equal(textWidth('栈底笔记'), 4);
  assert.equal(textWidth('：、'), 2);
  assert.ok(textWidth('iscsi') < 5 && textWidth('iscsi') > 2);
  assert.ok(textWidth(' ') < 0.5);
});

test('no post title breaks inside a word, and none starts a line with closing punctuation', () => {
  const posts = readBlog().posts;
  assert.ok(posts.length > 0);
  for (const {title} of posts) {
    const {lines} = fitTitle(title);
    assert.deepEqual(breaksInsideWords(lines), [], `${title}: ${lines.join(' / ')}`);
    for (const line of lines) assert.doesNotMatch(line, /^[，。、：；！？）》」』】]/, title);
  }
});

test('greedy wrapping keeps every line within the width', () => {
  const title = 'MCP Registry 的审核指南：删什么、不删什么、怎么执行，以及对发布者和子注册表的影响';
  const lines = wrapText(title, 15);
  assert.ok(lines.length > 1);
  for (const line of lines) assert.ok(textWidth(line) <= 15, line);
  assert.equal(lines.join('').replace(/\s/g, ''), title.replace(/\s/g, ''));
});

test('a title breaks after its colon when the topic fits on one line', () => {
  assert.deepEqual(wrapTitle('iSCSI 进阶：双向 CHAP 认证与多路径冗余', 15.3), [
    'iSCSI 进阶：',
    '双向 CHAP 认证与多路径冗余',
  ]);
});

test('every post title fits in three lines at a readable size, nothing lost', () => {
  const titles = [
    'MCP Registry 的审核指南：删什么、不删什么、怎么执行，以及对发布者和子注册表的影响',
    'MCP 三个规范版本对照：2024-11-05、2025-03-26 与 2025-06-18 的差异和升级路线',
    '用 targetcli 在 Linux 上搭建 iSCSI 目标端',
  ];
  for (const title of titles) {
    const {fontSize, lines} = fitTitle(title);
    assert.ok(fontSize >= 52 && lines.length <= 3, title);
    for (const line of lines) assert.ok(textWidth(line) * fontSize <= 1040, line);
    assert.equal(lines.join('').replace(/\s/g, ''), title.replace(/\s/g, ''));
  }
});

test('a title too long for three lines ends in an ellipsis inside the card', () => {
  const {lines, fontSize} = fitTitle('很长的标题'.repeat(30));
  assert.equal(lines.length, 3);
  assert.ok(lines[2]?.endsWith('…'));
  for (const line of lines) assert.ok(textWidth(line) * fontSize <= 1040, line);
});

test('the card SVG is 1200×630 and escapes the title', () => {
  const svg = cardSvg({
    title: 'A <b> & "c"',
    siteName: '栈底笔记',
    footer: '2025 年 9 月 15 日',
    host: 'x.io',
  });
  assert.match(svg, /width="1200" height="630"/);
  assert.match(svg, /A &lt;b&gt; &amp; &quot;c&quot;/);
  assert.match(svg, />栈底笔记</);
  assert.match(svg, />2025 年 9 月 15 日</);
});

test('card paths follow the post URL, under baseUrl', () => {
  assert.equal(
    socialCardPath('/blog/2025/09/15/publish-server', '/'),
    '/img/social/blog/2025/09/15/publish-server.png',
  );
  assert.equal(socialCardPath('/sub/blog/a', '/sub/'), '/img/social/blog/a.png');
});

test('the date and alt text read as the card does', () => {
  assert.equal(formatCardDate('2025-09-15T00:00:00.000Z'), '2025 年 9 月 15 日');
  assert.equal(
    postCardAlt('标题', '栈底笔记', '2025-02-19T00:00:00.000Z'),
    '标题（栈底笔记，2025 年 2 月 19 日）',
  );
});
