// The note rules of tests/content/notes.ts on small posts written for the
// purpose: a post written to the rules passes every one, and each way of
// breaking a rule fails that rule. blog.test.ts runs the same rules on blog/.
import {strict as assert} from 'node:assert';
import {describe, test} from 'node:test';
import {readMarkdown} from './markdown';
import {
  allNoteProblems,
  correctionLogProblems,
  isRealDate,
  latestToday,
  noteLayout,
  notePlacementProblems,
  noteReferenceProblems,
  noteTitleProblems,
  openingNoteProblems,
} from './notes';

const POST_DATE = '2025-04-10';
const TODAY = '2026-11-27';

/** A post written to the rules: one short note up front, the detail in its section and in 更正记录. */
const GOOD = `开头一段，说这篇文章讲什么。

<!-- truncate -->

:::warning[更正（2026-11-25，2026-11-27 修订）]
原文说双向 CHAP 时发起端同时提供 \`CHAP,None\`，这不对，它只提供 \`CHAP\`。按原文排查过的读者见[双向认证](#双向认证)和[更正记录](#更正记录)。
:::

## 双向认证

正文。

:::warning[更正（2026-11-25）]
设置了反向凭据之后，发起端只提供 \`CHAP\`。照原文检查的读者，运行下面的命令确认：

\`\`\`bash
iscsiadm -m node -T iqn.2025-04.example:disk -o show | grep authmethod
\`\`\`
:::

## 后来的变化

:::info[后续更新（2026-11-27）]
截至 open-iscsi 2.1.10 的代码，这一行为没有变化。
:::

## 更正记录

- 2026-11-25：第一次更正说只要改目标端的设置。
  - 按它做过的读者，再运行一遍上面的检查。
- 2026-11-27：改写了开头的更正，链接到细节所在的小节。

## 参考资料

- [open-iscsi](https://github.com/open-iscsi/open-iscsi/blob/2.1.10/usr/auth.c)
`;

/** GOOD with `from` replaced by `to`; the replacement must apply. */
function bad(from: string | RegExp, to: string): string {
  const changed = GOOD.replace(from, to);
  assert.notEqual(changed, GOOD, `the change ${String(from)} applies`);
  return changed;
}

const OPENING_TITLE = '更正（2026-11-25，2026-11-27 修订）';

describe('the note rules on a post written to them', () => {
  test('the post passes every rule', () => {
    assert.deepEqual(allNoteProblems(GOOD, POST_DATE, TODAY), []);
  });

  test('the layout finds the three notes, the marker and the sections', () => {
    const layout = noteLayout(GOOD);
    assert.deepEqual(
      layout.notes.map((n) => [n.kind, n.admonition, n.title]),
      [
        ['更正', 'warning', OPENING_TITLE],
        ['更正', 'warning', '更正（2026-11-25）'],
        ['后续更新', 'info', '后续更新（2026-11-27）'],
      ],
    );
    assert.equal(layout.lines[layout.truncate], '<!-- truncate -->');
    assert.deepEqual(
      layout.sections.map((s) => s.heading),
      ['双向认证', '后来的变化', '更正记录', '参考资料'],
    );
  });

  test("the tutorial's example passes every rule, and it is a rewritten note with its 更正记录", () => {
    const page = readMarkdown('docs/tutorial-basics/create-a-blog-post.md');
    const example = page.codeBlocks.find((b) => /title="一条改写过的更正（示例）"/.test(b.info));
    assert.ok(example, 'the page shows the example');
    assert.deepEqual(allNoteProblems(example.code, '2025-10-20', TODAY), []);
    const layout = noteLayout(example.code);
    assert.match(layout.notes[0]?.title ?? '', /修订）$/);
    assert.ok(layout.sections.some((s) => s.heading === '更正记录'));
  });

  test('a note in a code block is not a note', () => {
    const quoted = bad('## 后来的变化\n', '## 后来的变化\n\n```md\n:::warning[更正]\n:::\n```\n');
    assert.equal(noteLayout(quoted).notes.length, 3);
    assert.deepEqual(allNoteProblems(quoted, POST_DATE, TODAY), []);
  });
});

describe('each broken rule fails on a small post', () => {
  const cases: ReadonlyArray<{
    what: string;
    post: string;
    rule: (body: string) => string[];
    message: RegExp;
  }> = [
    {
      what: 'a title without a date',
      post: bad('[更正（2026-11-25）]', '[更正]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /the title is 更正（YYYY-MM-DD）/,
    },
    {
      what: 'a title dated by month, in words',
      post: bad('[后续更新（2026-11-27）]', '[后续更新（2025 年 11 月）]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /the title is 后续更新（YYYY-MM-DD）/,
    },
    {
      what: 'a date that is no day',
      post: bad('[更正（2026-11-25）]', '[更正（2026-02-30）]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /2026-02-30 is not a date/,
    },
    {
      what: 'a date before the post',
      post: bad('[更正（2026-11-25）]', '[更正（2025-03-01）]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /2025-03-01 is before the post's date 2025-04-10/,
    },
    {
      what: 'a date after today',
      post: bad('[后续更新（2026-11-27）]', '[后续更新（2026-11-28）]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /2026-11-28 is after today, 2026-11-27/,
    },
    {
      what: 'a revision no later than the first date',
      post: bad(OPENING_TITLE, '更正（2026-11-25，2026-11-25 修订）'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /revised 2026-11-25, not after 2026-11-25/,
    },
    {
      what: 'a 更正 in an info box',
      post: bad(':::warning[更正（2026-11-25）]', ':::info[更正（2026-11-25）]'),
      rule: (b) => noteTitleProblems(b, POST_DATE, TODAY),
      message: /a 更正 note is :::warning, not :::info/,
    },
    {
      what: 'two notes before the first heading',
      post: bad(
        '<!-- truncate -->\n',
        '<!-- truncate -->\n\n:::info[后续更新（2026-11-26）]\n见[后来的变化](#后来的变化)。\n:::\n',
      ),
      rule: openingNoteProblems,
      message: /2 notes before the first heading \(lines 5, 9\), at most 1/,
    },
    {
      what: 'a long note before the first heading',
      post: bad('这不对，它只提供', `这不对，${'它只提供认证方法'.repeat(12)}`),
      rule: openingNoteProblems,
      message: /\d+ Han characters, at most 120/,
    },
    {
      what: 'a note before the first heading without a link to the detail',
      post: bad(
        '按原文排查过的读者见[双向认证](#双向认证)和[更正记录](#更正记录)。',
        '按原文排查过的读者请见后文。',
      ),
      rule: openingNoteProblems,
      message: /no link \[\.\.\.\]\(#\.\.\.\)/,
    },
    {
      what: 'a code block in the note before the first heading',
      post: bad(
        '和[更正记录](#更正记录)。\n',
        '和[更正记录](#更正记录)。\n\n```bash\niscsiadm -m session\n```\n',
      ),
      rule: openingNoteProblems,
      message: /a code block; put commands in the section it corrects/,
    },
    {
      what: 'a note before the truncate marker',
      post: bad(
        '开头一段，说这篇文章讲什么。\n',
        '开头一段。\n\n:::info[后续更新（2026-11-26）]\n已过时。\n:::\n',
      ),
      rule: notePlacementProblems,
      message: /before the truncate marker/,
    },
    {
      what: 'a note inside 参考资料',
      post: `${GOOD}\n:::info[后续更新（2026-11-26）]\n链接已更新。\n:::\n`,
      rule: notePlacementProblems,
      message: /inside ## 参考资料/,
    },
    {
      what: 'a 更正记录 that is not just before 参考资料',
      post: bad('## 参考资料', '## 另一节\n\n正文。\n\n## 参考资料'),
      rule: (b) => correctionLogProblems(b, POST_DATE, TODAY),
      message: /## 更正记录 is followed by ## 另一节, not ## 参考资料/,
    },
    {
      what: 'an entry of 更正记录 without its date',
      post: bad('- 2026-11-27：改写了', '- 改写了'),
      rule: (b) => correctionLogProblems(b, POST_DATE, TODAY),
      message: /an entry of 更正记录 starts with its date/,
    },
    {
      what: 'an entry of 更正记录 dated after today',
      post: bad('- 2026-11-27：改写了', '- 2027-01-01：改写了'),
      rule: (b) => correctionLogProblems(b, POST_DATE, TODAY),
      message: /2027-01-01 is after today/,
    },
    {
      what: 'a note that says the note above is wrong',
      post: bad(
        '设置了反向凭据之后',
        '上一条更正说只提供 `CHAP`，这同样是错的。设置了反向凭据之后',
      ),
      rule: noteReferenceProblems,
      message: /「上一条更正」 points to another note/,
    },
    {
      what: 'a note that calls itself wrong',
      post: bad('设置了反向凭据之后', '这条更正里的第二句不对。设置了反向凭据之后'),
      rule: noteReferenceProblems,
      message: /「这条更正里的第二句不对」 calls a note wrong/,
    },
    {
      what: 'a pointer to the next note',
      post: bad('截至 open-iscsi', '见下一条更正。截至 open-iscsi'),
      rule: noteReferenceProblems,
      message: /「下一条更正」 points to another note/,
    },
  ];
  for (const {what, post, rule, message} of cases) {
    test(what, () => {
      const problems = rule(post);
      assert.ok(
        problems.some((p) => message.test(p)),
        `expected ${message} in:\n${problems.join('\n')}`,
      );
      assert.ok(allNoteProblems(post, POST_DATE, TODAY).length > 0);
    });
  }
});

test('the opening note may have 120 Han characters, title included, and not 121', () => {
  const post = (han: number) =>
    `开头。\n\n<!-- truncate -->\n\n:::warning[更正（2026-11-25）]\n${'字'.repeat(han - 2)}[a](#a)\n:::\n\n## a\n`;
  assert.deepEqual(openingNoteProblems(post(120)), []);
  assert.deepEqual(openingNoteProblems(post(121)), [
    'line 5 [更正（2026-11-25）]: 121 Han characters, at most 120',
  ]);
});

test('dates: real days only, and today is never earlier than the date in UTC', () => {
  assert.ok(isRealDate('2024-02-29'));
  assert.ok(!isRealDate('2025-02-29'));
  assert.ok(!isRealDate('2025-13-01'));
  assert.ok(!isRealDate('2025-1-01'));
  const now = new Date('2026-11-27T23:30:00Z');
  assert.ok(latestToday(now) >= now.toISOString().slice(0, 10));
  assert.equal(latestToday(new Date('2026-11-27T09:00:00Z')), '2026-11-27');
});
