// The Chinese tutorial as source files: order, length, categories, features shown.
// Every page in docs/ is checked, however many there are; the spec's own docs
// routes are checked once, as a set that must be present.
import {strict as assert} from 'node:assert';
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {describe, test} from 'node:test';
import {DOCS_ROUTES} from '../site-spec';
import {docPages} from '../docs/blocks';
import {readTutorial, tutorialDocs} from '../tutorial';
import {hanCount, readMarkdown} from './markdown';

const MIN_HAN = 600;
const tutorial = readTutorial();

test('the docs routes of the spec are all in docs/, in the sidebar order the spec gives', () => {
  const present = tutorial.routes.filter((route) => DOCS_ROUTES.includes(route));
  assert.deepEqual(present, DOCS_ROUTES);
});

test('within docs/ and each category, sidebar positions are distinct whole numbers from 1', () => {
  for (const docs of [tutorial.docs, ...tutorial.categories.map((c) => c.docs)]) {
    const positions = docs.map((doc) => doc.position);
    for (const [i, doc] of docs.entries()) {
      assert.ok(
        Number.isInteger(doc.position) && doc.position >= 1,
        `${doc.file}: sidebar_position`,
      );
      assert.equal(
        positions.indexOf(doc.position),
        i,
        `${doc.file}: sidebar_position ${doc.position} is taken`,
      );
    }
  }
});

/** A category's summary page (小结) closes it: nothing sorts after it. */
const isSummary = (doc: {markdown: {frontMatter: Record<string, unknown>}}) =>
  /^小结/.test(String(doc.markdown.frontMatter.title));

test('a 小结 page is the last page of its category', () => {
  let summaries = 0;
  for (const category of tutorial.categories) {
    for (const [i, doc] of category.docs.entries()) {
      if (!isSummary(doc)) continue;
      summaries += 1;
      assert.equal(i, category.docs.length - 1, `${doc.file} is followed by another page`);
    }
  }
  assert.ok(summaries > 0, 'the basics end with a 小结 page');
});

test("create-a-document's example chapter would sort before the 小结 page and take a free position", () => {
  const example = readMarkdown('docs/tutorial-basics/create-a-document.md').codeBlocks.find((b) =>
    /title="docs\/tutorial-basics\/[\w-]+\.md"/.test(b.info),
  );
  assert.ok(example, 'the page shows a new chapter');
  const position = Number(/^sidebar_position: (\d+)$/m.exec(example.code)?.[1]);
  const basics = tutorial.categories.find((c) => c.folder === 'tutorial-basics')?.docs ?? [];
  const summary = basics.find(isSummary);
  assert.ok(summary, 'tutorial-basics has a 小结 page');
  assert.ok(position < summary.position, `${position} sorts after 小结 (${summary.position})`);
  assert.ok(!basics.some((doc) => doc.position === position), `${position} is taken`);
});

for (const doc of tutorialDocs(tutorial)) {
  describe(doc.file, () => {
    const source = doc.markdown;

    test('front matter gives a Chinese title and a sidebar position, and no slug or id', () => {
      assert.match(String(source.frontMatter.title), /\p{Script=Han}/u);
      assert.equal(typeof source.frontMatter.sidebar_position, 'number');
      assert.equal(source.frontMatter.slug, undefined);
      assert.equal(source.frontMatter.id, undefined);
    });

    test('the page has at least 600 Chinese characters under h2 headings', () => {
      const count = hanCount(source);
      assert.ok(count >= MIN_HAN, `${count} Han characters, need ${MIN_HAN}`);
      assert.match(source.prose, /^## \S/m);
      assert.doesNotMatch(source.prose, /^# /m, 'the title is the only h1');
    });

    test('every code block names its language', () => {
      for (const block of source.codeBlocks) {
        assert.notEqual(block.language, '', `code block at line ${block.line} has no language`);
      }
    });
  });
}

for (const {folder} of tutorial.categories) {
  test(`the ${folder} category has a generated index with a Chinese label and description`, () => {
    const category = JSON.parse(readFileSync(`docs/${folder}/_category_.json`, 'utf8')) as {
      label: string;
      link: {type: string; slug: string; description: string};
    };
    assert.match(category.label, /\p{Script=Han}/u);
    assert.equal(category.link.type, 'generated-index');
    assert.match(category.link.slug, /^\/category\//);
    assert.match(category.link.description, /\p{Script=Han}/u);
  });
}

test('the docs hold only their own images, none of the template screenshots', () => {
  assert.equal(existsSync('docs/tutorial-extras/img/docsVersionDropdown.png'), false);
  assert.equal(existsSync('docs/tutorial-extras/img/localeDropdown.png'), false);
  for (const folder of ['tutorial-basics', 'tutorial-extras']) {
    const dir = `docs/${folder}/img`;
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      assert.match(name, /\.svg$/, `${dir}/${name}`);
      const svg = readFileSync(`${dir}/${name}`, 'utf8');
      assert.match(svg, /<title[\s>]/, `${name} has a title`);
      assert.doesNotMatch(svg, /(href|src)="https?:/, `${name} loads nothing from elsewhere`);
    }
  }
});

test('markdown-features shows every feature the tutorial promises', () => {
  const source = readMarkdown('docs/tutorial-basics/markdown-features.mdx');
  const {body} = source;
  for (const kind of ['note', 'tip', 'info', 'warning', 'danger']) {
    assert.match(body, new RegExp(`^:::${kind}`, 'm'), `admonition ${kind}`);
  }
  assert.match(body, /import Tabs from '@theme\/Tabs'/);
  assert.match(body, /<details>[\s\S]*<summary>/);
  assert.match(body, /^export const \w+ =/m, 'an MDX component defined in the file');
  assert.match(body, /!\[[^\]]+\]\(\.\/img\/[\w-]+\.svg\)/, 'a local image');
  assert.match(body, /^#### /m, 'an h4 to show the TOC limit');
  const infos = source.codeBlocks.map((b) => b.info);
  assert.ok(
    infos.some((i) => /title="/.test(i)),
    'a code block with a title',
  );
  assert.ok(
    infos.some((i) => /showLineNumbers/.test(i)),
    'line numbers',
  );
  assert.ok(
    infos.some((i) => /\{[\d,-]+\}/.test(i)),
    'highlighted lines',
  );
});

/** Compiles MDX with the @mdx-js/mdx that Docusaurus's MDX loader resolves, as installed. */
async function compileMdx(source: string): Promise<string> {
  const fromLoader = createRequire(require.resolve('@docusaurus/mdx-loader'));
  const url = pathToFileURL(fromLoader.resolve('@mdx-js/mdx')).href;
  const mdx = (await import(url)) as typeof import('@mdx-js/mdx');
  return String(await mdx.compile(source, {outputFormat: 'function-body'}));
}

test('TabItem content is Markdown with or without blank lines around it (MDX 3), as markdown-features says', async () => {
  const page = readFileSync('docs/tutorial-basics/markdown-features.mdx', 'utf8');
  const tabs = /^<Tabs>$[\s\S]*?^<\/Tabs>$/m.exec(page)?.[0];
  assert.ok(tabs, 'the page shows tabs');
  const tight = tabs
    .replace(/(<TabItem[^>]*>)\n\n/g, '$1\n')
    .replace(/\n\n(\s*<\/TabItem>)/g, '\n$1');
  assert.notEqual(tight, tabs, 'the page leaves blank lines around the content');
  const spaced = await compileMdx(tabs);
  assert.match(spaced, /className: "language-bash"/, 'the content is a code block');
  assert.equal(await compileMdx(tight), spaced);
  // Text on the opening tag's line is inline: no paragraph.
  const inline = await compileMdx('<TabItem value="a">**粗体**</TabItem>\n');
  const own = await compileMdx('<TabItem value="a">\n**粗体**\n</TabItem>\n');
  assert.doesNotMatch(inline, /_components\.p\b/);
  assert.match(own, /_components\.p\b/);
  // Text on the opening tag's line with the closing tag on a later line: the build fails.
  await assert.rejects(
    compileMdx('<TabItem value="a">**粗体**\n</TabItem>\n'),
    /Expected a closing tag for `<TabItem>`.*before the end of `paragraph`/,
  );
  assert.match(page, /Expected a closing tag for `<TabItem>` … before the end of `paragraph`/);
  assert.doesNotMatch(
    page,
    /空一行，否则不会被当成 Markdown/,
    'the page no longer says they are needed',
  );
});

/** A title that names a file of this repository, less the 节选 (excerpt) mark. */
const FILE_TITLE = /^(\.?[\w@-]+(?:[./][\w@-]+)*\.\w+)(（节选）)?$/;

/**
 * The block's lines as a contiguous run of the file's, each file line being
 * the block line behind one common indentation (an excerpt may come from
 * inside a nested object).
 */
function isExcerpt(block: string, file: string): boolean {
  const lines = block.replace(/\n+$/, '').split('\n');
  const fileLines = file.split('\n');
  for (let start = 0; start + lines.length <= fileLines.length; start += 1) {
    const first = fileLines[start] ?? '';
    if (!first.endsWith(lines[0] ?? '')) continue;
    const indent = first.slice(0, first.length - (lines[0] ?? '').length);
    if (indent.trim() !== '') continue;
    if (
      lines.every((line, i) => {
        const actual = fileLines[start + i] ?? '';
        return line === '' ? actual.trim() === '' : actual === `${indent}${line}`;
      })
    ) {
      return true;
    }
  }
  return false;
}

test('a code block titled with a repository file shows that file, or says 节选 and shows an excerpt', () => {
  let checked = 0;
  for (const page of docPages()) {
    for (const block of readMarkdown(page).codeBlocks) {
      const title = /title="([^"]*)"/.exec(block.info)?.[1];
      const match = title === undefined ? null : FILE_TITLE.exec(title);
      if (!match || /(?:^|\s)example(?:\s|$)/.test(block.info)) continue;
      const where = `${page}:${block.line} (${title})`;
      const file = match[1] ?? '';
      assert.ok(existsSync(file), `${where}: no such file; mark the block example if it is one`);
      const text = readFileSync(file, 'utf8');
      if (match[2]) {
        assert.ok(isExcerpt(block.code, text), `${where}: not a contiguous excerpt of ${file}`);
      } else {
        assert.equal(`${block.code.replace(/\n+$/, '')}\n`, text, `${where}: differs from ${file}`);
      }
      checked += 1;
    }
  }
  assert.ok(checked > 0, 'no titled block was checked');
});

test('the excerpt check fails on a changed line and on lines out of order', () => {
  const file = 'a: {\n  b: 1,\n  c: 2,\n},\n';
  assert.ok(isExcerpt('b: 1,\nc: 2,', file));
  assert.ok(!isExcerpt('b: 1,\nc: 3,', file));
  assert.ok(!isExcerpt('c: 2,\nb: 1,', file));
});

const ROOT = join(__dirname, '../..');

test('create-a-blog-post names every spec file the grown project reruns (BLOG_GROWTH_SPECS)', () => {
  const config = readFileSync(join(ROOT, 'playwright.config.ts'), 'utf8');
  const specs = /BLOG_GROWTH_SPECS =\s*\/\(([^)]+)\)/.exec(config)?.[1]?.split('|') ?? [];
  assert.ok(specs.length > 0, 'BLOG_GROWTH_SPECS not found in playwright.config.ts');
  const page = readFileSync(join(ROOT, 'docs/tutorial-basics/create-a-blog-post.md'), 'utf8');
  const sentence = /浏览器测试文件：([^（]+)（Playwright 的 `grown` 项目/.exec(page)?.[1];
  assert.ok(sentence, 'the sentence on the grown project is gone');
  const named = [...sentence.matchAll(/`([\w-]+)`/g)].map((m) => m[1] ?? '');
  assert.deepEqual(named.sort(), specs.sort());
});

test('intro names every file of code in the repository that is not TypeScript', () => {
  const files = spawnSync('git', ['ls-files', '-z'], {cwd: ROOT, encoding: 'utf8'})
    .stdout.split('\0')
    .filter(Boolean);
  const code = files.filter(
    (file) =>
      /\.(?:js|cjs|mjs|sh)$/.test(file) ||
      (!/\.\w+$/.test(file) && readFileSync(join(ROOT, file), 'utf8').startsWith('#!')),
  );
  assert.ok(code.length > 0, 'no file of code found: the check itself is broken');
  const intro = readFileSync(join(ROOT, 'docs/intro.md'), 'utf8');
  const sentence = /用 TypeScript 写成。例外是[^。]+。/.exec(intro)?.[0] ?? '';
  for (const file of code)
    assert.ok(sentence.includes(`\`${file}\``), `intro.md leaves out ${file}`);
});
