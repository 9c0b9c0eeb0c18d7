// The posts as source files: names, dates, front matter, length, examples.
// Every rule holds for every post in blog/, however many there are; the spec's
// own 20 posts are checked once, as a set that must be present. The same rules
// run again on a copy of blog/ with posts added (newer and older, no series).
import {strict as assert} from 'node:assert';
import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, test} from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {load as loadYaml} from 'js-yaml';
import {AUTHOR_KEY, POSTS, POSTS_PER_MONTH, postPath} from '../site-spec';
import {readBlog, SITE_DIR, type Blog} from '../blog';
import {hanCount} from './markdown';
import {
  correctionLogProblems,
  latestToday,
  notePlacementProblems,
  noteReferenceProblems,
  noteTitleProblems,
  openingNoteProblems,
} from './notes';
import {filledPost, laterPosts, PLACEHOLDERS, postFileName} from '../../scripts/lib/posts';

const MIN_HAN = 1500;
const MIN_HAN_REGISTRY = 2500;
/** Every registry post is dated 2025-09-15, when this schema was in force. */
const SERVER_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json';

/** No note is dated after the day the tests run. */
const TODAY = latestToday();

const DATE_IN_SLUG = /\d{4}-\d{2}-\d{2}/;
/** Update notes written after a post's date: `:::info[后续更新（...）]` ... `:::`. */
const UPDATE_NOTE = /^:::\w+\[后续更新[^\]]*\][\s\S]*?^:::\s*$/gm;

/** Markdown links `[text](url)` and bare autolinks `<url>`. */
const LINK = /\[([^\]]*)\]\((https?:[^)\s]+)\)|<(https?:[^>\s]+)>/g;
/** A reference a reader can check later: a commit SHA or a release tag, never a branch. */
const BRANCH = /^(main|master|HEAD|develop|dev|trunk|latest|next|gh-pages)$/i;
const PINNED_GITHUB =
  /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(?:(?:blob|tree|raw)\/([^/#?]+)\/|commit\/[0-9a-f]{7,40}\b|releases\/tag\/[^/#?]+|(?:issues|pull|discussions)\/\d+\b)/;

/** The `## 参考资料` section: the post's last h2, up to the end of the file. */
function referencesSection(prose: string): string | undefined {
  const headings = [...prose.matchAll(/^## (.+)$/gm)];
  const last = headings.at(-1);
  if (last?.[1]?.trim() !== '参考资料') return undefined;
  return prose.slice((last.index ?? 0) + last[0].length);
}

function linksIn(markdown: string): string[] {
  return [...markdown.matchAll(LINK)].map((m) => m[2] ?? m[3] ?? '');
}

/** Why a GitHub link is not pinned to a commit or tag, or undefined when it is. */
function unpinnedGithubLink(url: string): string | undefined {
  if (!url.startsWith('https://github.com/')) return undefined;
  const match = PINNED_GITHUB.exec(url);
  if (!match)
    return `${url}: link to a file at a commit or tag, a commit, a release, an issue or a PR`;
  const ref = match[1];
  if (ref !== undefined && BRANCH.test(ref)) return `${url}: pinned to the branch ${ref}`;
  if (ref !== undefined && !/^[0-9a-f]{40}$/.test(ref) && !/\d/.test(ref)) {
    return `${url}: ${ref} is neither a full commit SHA nor a version tag`;
  }
  return undefined;
}

const ajv = new Ajv({strict: false, allErrors: true});
addFormats(ajv);
const validateServerJson = ajv.compile(
  JSON.parse(readFileSync('tests/content/schemas/server.schema.2025-07-09.json', 'utf8')) as object,
);

/** The spec's registry posts carry more text and a note on what changed later. */
const REGISTRY = new Set(POSTS.filter((post) => post.registry).map(postPath));

const AUTHORS_FILE = (blog: Blog) => path.join(blog.siteDir, 'blog', 'authors.yml');
const readAuthors = (blog: Blog) =>
  loadYaml(readFileSync(AUTHORS_FILE(blog), 'utf8')) as Record<string, Record<string, unknown>>;

describe("the spec's own posts", () => {
  const blog = readBlog(SITE_DIR);
  const byPath = new Map(blog.posts.map((post) => [post.permalink, post]));

  test('all 20 posts of the spec are in blog/, on their dates', () => {
    const missing = POSTS.filter((post) => byPath.get(postPath(post))?.date !== post.date);
    assert.deepEqual(missing.map(postPath), []);
  });

  test("the spec's posts fall in 2025 as it says (Feb 3, Mar 3, Apr 4, Jun 2, Sep 8)", () => {
    const perMonth: Record<string, number> = {};
    for (const post of POSTS) {
      const date = byPath.get(postPath(post))?.date ?? '';
      assert.equal(date.slice(0, 4), '2025', postPath(post));
      const month = date.slice(5, 7);
      perMonth[month] = (perMonth[month] ?? 0) + 1;
    }
    assert.deepEqual(perMonth, POSTS_PER_MONTH);
    const dates = POSTS.map((p) => p.date).sort();
    assert.equal(dates[0], '2025-02-19');
    assert.equal(dates.at(-1), '2025-09-15');
  });

  test('authors.yml has the author with a local avatar, an author page and a GitHub link', () => {
    const author = readAuthors(blog)[AUTHOR_KEY] ?? {};
    assert.match(String(author.name), /\p{Script=Han}/u);
    assert.match(String(author.image_url), /^\/img\/[\w-]+\.svg$/);
    assert.equal(author.page, true);
    assert.deepEqual(author.socials, {github: 'linshen-dev'});
  });

  test('the pinned-link check accepts commits and tags and rejects branches', () => {
    const sha = '63cf08efad6ec056cf7c174221db25572a429385';
    for (const ok of [
      `https://github.com/JamesWoolfenden/registry/blob/${sha}/docs/README.md`,
      'https://github.com/open-iscsi/open-iscsi/blob/2.1.10/doc/iscsiadm.8',
      'https://github.com/openwrt/openwrt/tree/v24.10.0/package',
      'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/206',
      'https://example.org/main/file',
    ]) {
      assert.equal(unpinnedGithubLink(ok), undefined, ok);
    }
    for (const bad of [
      'https://github.com/open-iscsi/open-iscsi/blob/master/README',
      'https://github.com/openwrt/luci/tree/main/applications',
      'https://github.com/open-iscsi/targetcli-fb',
      'https://github.com/open-iscsi/targetcli-fb/blob/stable/README.md',
    ]) {
      assert.notEqual(unpinnedGithubLink(bad), undefined, bad);
    }
  });
});

/** Every rule a post must keep, for each post of `blog`. */
function checkBlog(name: string, blog: Blog): void {
  describe(name, () => {
    const authors = readAuthors(blog);

    test('every file in blog/ besides the data files is a post named YYYY-MM-DD-slug', () => {
      assert.ok(blog.posts.length > 0, 'the blog has posts');
      for (const post of blog.posts) {
        assert.match(path.basename(post.file), /^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.mdx?$/, post.file);
      }
    });

    test('at least 12 diagrams, at least 2 in every series, each with a title', () => {
      const perSeries = new Map<string, number>();
      for (const post of blog.posts) {
        const diagrams = post.markdown.codeBlocks.filter((block) => block.language === 'mermaid');
        for (const block of diagrams) {
          assert.match(block.info, /title="[^"]+"/, `${post.file}:${block.line} has a title`);
        }
        // A post outside any series is held to no count of its own.
        if (post.series === undefined) continue;
        perSeries.set(post.series, (perSeries.get(post.series) ?? 0) + diagrams.length);
      }
      const total = [...perSeries.values()].reduce((sum, n) => sum + n, 0);
      assert.ok(total >= 12, `${total} diagrams`);
      for (const [series, count] of perSeries)
        assert.ok(count >= 2, `${series}: ${count} diagrams`);
    });

    for (const post of blog.posts) {
      describe(post.file, () => {
        const source = post.markdown;
        const {frontMatter} = source;

        test('front matter has a Chinese title, a description and known authors, and no tags', () => {
          assert.match(String(frontMatter.title), /\p{Script=Han}/u);
          assert.equal(typeof frontMatter.description, 'string');
          const description = String(frontMatter.description);
          assert.ok(description.length >= 30 && description.length <= 160, description);
          assert.ok(post.authors.length > 0, 'authors: [key] is set');
          for (const key of post.authors) assert.ok(key in authors, `${key} is in authors.yml`);
          assert.equal(frontMatter.tags, undefined);
        });

        test('nothing is left of the stand-in text of npm run new:post', () => {
          const text = `${String(frontMatter.description)}\n${source.body}`;
          const left = Object.entries(PLACEHOLDERS).filter(([, stub]) => text.includes(stub));
          assert.deepEqual(
            left.map(([part]) => part),
            [],
            'replace these parts of the scaffold',
          );
        });

        test('no { or } outside code: MDX would run it as JavaScript and fail the build', () => {
          const text = source.prose.replace(/`[^`\n]*`/g, '');
          const lines = text.split('\n').filter((line) => /[{}]/.test(line));
          assert.deepEqual(lines, [], 'put route templates and JSON in backticks or code blocks');
        });

        test('the URL is /blog/YYYY/MM/DD/slug from the file name', () => {
          const [, date = '', slug = ''] =
            /^(\d{4}-\d{2}-\d{2})-(.+)\.mdx?$/.exec(path.basename(post.file)) ?? [];
          if (DATE_IN_SLUG.test(slug)) {
            // Docusaurus would read the slug's own date from the file name, so these
            // posts state their date and dated path in front matter instead.
            assert.equal(frontMatter.slug, `/${date.replaceAll('-', '/')}/${slug}`);
            assert.equal(new Date(frontMatter.date as string).toISOString().slice(0, 10), date);
          } else {
            assert.equal(frontMatter.slug, undefined);
            assert.equal(frontMatter.date, undefined);
          }
          assert.equal(post.permalink, `/blog/${date.replaceAll('-', '/')}/${slug}`);
        });

        test('a truncate marker follows the opening paragraph or two', () => {
          const parts = source.body.split(/^<!--\s*truncate\s*-->$/m);
          assert.equal(parts.length, 2, 'exactly one <!-- truncate --> line');
          const opening = (parts[0] ?? '').trim();
          assert.doesNotMatch(opening, /^#/m, 'no heading before the marker');
          const paragraphs = opening.split(/\n\s*\n/).filter((p) => p.trim() !== '');
          assert.ok(
            paragraphs.length >= 1 && paragraphs.length <= 3,
            `${paragraphs.length} paragraphs`,
          );
        });

        test('the body is long enough and structured with h2 headings', () => {
          const min = REGISTRY.has(post.permalink) ? MIN_HAN_REGISTRY : MIN_HAN;
          const count = hanCount(source);
          assert.ok(count >= min, `${count} Han characters, need ${min}`);
          assert.match(source.prose, /^## \S/m);
          assert.doesNotMatch(source.prose, /^# /m, 'the title is the only h1');
        });

        test('every code block names its language, and every JSON block parses', () => {
          assert.ok(source.codeBlocks.length > 0, 'at least one code block');
          for (const block of source.codeBlocks) {
            assert.notEqual(block.language, '', `code block at line ${block.line} has no language`);
            if (block.language === 'json') {
              assert.doesNotThrow(() => JSON.parse(block.code), `JSON at line ${block.line}`);
            }
          }
        });

        test('every server.json example is valid for the schema of the post date', () => {
          for (const block of source.codeBlocks.filter((b) =>
            /title="server\.json"/.test(b.info),
          )) {
            const doc = JSON.parse(block.code) as Record<string, unknown>;
            assert.equal(doc.$schema, SERVER_SCHEMA, `line ${block.line}`);
            assert.ok(
              validateServerJson(doc),
              `line ${block.line}: ${ajv.errorsText(validateServerJson.errors)}`,
            );
          }
        });

        test('the post links only to posts published by its date, outside update notes', () => {
          const asOfDate = source.prose.replace(UPDATE_NOTE, '');
          for (const [, y, m, d] of asOfDate.matchAll(/\/blog\/(\d{4})\/(\d{2})\/(\d{2})\//g)) {
            assert.ok(`${y}-${m}-${d}` <= post.date, `links to a post of ${y}-${m}-${d}`);
          }
        });

        test('ends with a 参考资料 section of at least two primary sources', () => {
          const references = referencesSection(source.prose);
          assert.ok(references !== undefined, 'the last h2 is ## 参考资料');
          const links = linksIn(references);
          assert.ok(links.length >= 2, `${links.length} links in 参考资料, need 2`);
        });

        test('every GitHub link is pinned to a commit or a tag', () => {
          const problems = linksIn(source.prose)
            .map(unpinnedGithubLink)
            .filter((problem) => problem !== undefined);
          assert.deepEqual(problems, []);
        });

        // The rules for 更正 and 后续更新 notes (tests/content/notes.ts; each is
        // shown failing on a small post in notes.test.ts).
        test('every 更正 / 后续更新 note is titled with the true dates it was written (and revised)', () => {
          assert.deepEqual(noteTitleProblems(source.body, post.date, TODAY), []);
        });

        test('at most one short note opens the post, with no code, linking to the detail', () => {
          assert.deepEqual(openingNoteProblems(source.body), []);
        });

        test('no note before the truncate marker, in 参考资料 or in 更正记录', () => {
          assert.deepEqual(notePlacementProblems(source.body), []);
        });

        test('a 更正记录 section, if any, sits just before 参考资料 and dates each entry', () => {
          assert.deepEqual(correctionLogProblems(source.body, post.date, TODAY), []);
        });

        test('no note refers to another note as wrong: one current statement per fact', () => {
          assert.deepEqual(noteReferenceProblems(source.body), []);
        });

        if (REGISTRY.has(post.permalink)) {
          test('a dated update note tells readers what changed after 2025-09-15', () => {
            assert.match(source.prose, /^:::\w+\[后续更新[^\]]*20\d\d[^\]]*\]/m);
          });
        }
      });
    }
  });
}

/** A copy of the site's blog/ with posts added, as the owner will add them. */
function grownBlog(): Blog {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'zhandi-blog-'));
  const blogDir = path.join(siteDir, 'blog');
  cpSync(path.join(SITE_DIR, 'blog'), blogDir, {recursive: true});
  const {posts} = readBlog(SITE_DIR);
  laterPosts(posts[0]?.date ?? '2025-01-01', posts.at(-1)?.date ?? '2025-01-01', 3).forEach(
    (post, i) =>
      writeFileSync(
        path.join(blogDir, postFileName(post)),
        filledPost(post, i, undefined, {diagrams: true}),
      ),
  );
  return readBlog(siteDir);
}

checkBlog('blog/', readBlog(SITE_DIR));
checkBlog('blog/ with three more posts, newer and older, in no series', grownBlog());
