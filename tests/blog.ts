/**
 * The blog as its source files describe it, for tests that must hold however
 * many posts there are: which posts exist, their URLs and dates, and what the
 * lists, the archive, the sidebar, the author pages and the feeds should
 * therefore show. Content and browser tests read the same files; a new post
 * needs no test edit. (The spec's own fixed facts are in site-spec.ts.)
 */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {readMarkdown, type MarkdownSource} from './content/markdown';
import {BLOG_FEED_LIMIT, BLOG_SIDEBAR_COUNT} from '../config/blog';
import {BLOG_PAGE_SIZE} from './site-spec';
import {groupSeries, readSeriesCatalog} from '../src/lib/series';

export type BlogPost = Readonly<{
  /** Source file, relative to the site directory. */
  file: string;
  /** Source file, absolute (what src/lib/series.ts calls `source`). */
  source: string;
  frontMatter: Readonly<Record<string, unknown>>;
  /** YYYY-MM-DD. */
  date: string;
  permalink: string;
  title: string;
  authors: readonly string[];
  series: string | undefined;
  markdown: MarkdownSource;
}>;

export type Blog = Readonly<{
  siteDir: string;
  /** Published posts, newest first (posts of one day in no particular order). */
  posts: readonly BlogPost[];
}>;

/** `YYYY-MM-DD-slug.md`, `.mdx`, or a folder `YYYY-MM-DD-slug/` with `index.md(x)`. */
const POST_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+?)(?:\.mdx?)?$/;

function postFiles(blogDir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(blogDir).sort()) {
    if (/\.mdx?$/.test(name)) files.push(name);
    else {
      const index = ['index.md', 'index.mdx'].find((f) => existsSync(path.join(blogDir, name, f)));
      if (index && POST_NAME.test(name)) files.push(path.join(name, index));
    }
  }
  return files;
}

function readPost(siteDir: string, file: string): BlogPost | undefined {
  const markdown = readMarkdown(path.join(siteDir, 'blog', file));
  const {frontMatter} = markdown;
  if (frontMatter.draft === true || frontMatter.unlisted === true) return undefined;
  const match = POST_NAME.exec(file.split(path.sep)[0] ?? '');
  if (!match) throw new Error(`blog/${file}: the name must start with the date, YYYY-MM-DD-`);
  const [, y, m, d, name] = match;
  const date =
    frontMatter.date === undefined
      ? `${y}-${m}-${d}`
      : new Date(frontMatter.date as string | Date).toISOString().slice(0, 10);
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  // A `slug` in front matter replaces the dated path (Docusaurus: routeBasePath + slug).
  const permalink =
    slug === undefined
      ? `/blog/${date.replaceAll('-', '/')}/${name}`
      : `/blog/${slug.replace(/^\/+/, '')}`;
  return {
    file: path.join('blog', file),
    source: path.resolve(markdown.path),
    frontMatter,
    date,
    permalink,
    title: String(frontMatter.title),
    authors: (frontMatter.authors as string[] | undefined) ?? [],
    series: frontMatter.series as string | undefined,
    markdown,
  };
}

/** The site directory the tests read: `SITE_DIR`, or this checkout. */
export const SITE_DIR = path.resolve(process.env.SITE_DIR ?? '.');

/** The blog's series, in catalog order, each with its posts in reading order. */
export const seriesOf = (blog: Blog) =>
  groupSeries(blog.posts, readSeriesCatalog(path.join(blog.siteDir, 'blog')));

export function readBlog(siteDir: string = SITE_DIR): Blog {
  const posts = postFiles(path.join(siteDir, 'blog'))
    .map((file) => readPost(siteDir, file))
    .filter((post) => post !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date));
  return {siteDir, posts};
}

// ---------------------------------------------------------------------------
// What the built site should show, derived from the posts.

export const newest = (blog: Blog): BlogPost => {
  const post = blog.posts[0];
  if (!post) throw new Error('the blog has no posts');
  return post;
};

/** The dates of the posts as the pages write them, e.g. 2025年9月15日. */
export const chineseDate = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

export const pageCount = (posts: number): number => Math.max(1, Math.ceil(posts / BLOG_PAGE_SIZE));

/** `/blog`, `/blog/page/2`, … for `base` (the blog or an author page). */
export const listPages = (base: string, posts: number): string[] =>
  Array.from({length: pageCount(posts)}, (_, i) => (i === 0 ? base : `${base}/page/${i + 1}`));

export const postsBy = (blog: Blog, author: string): BlogPost[] =>
  blog.posts.filter((post) => post.authors.includes(author));

export const years = (blog: Blog): string[] => [
  ...new Set(blog.posts.map((post) => post.date.slice(0, 4))),
];

/** How many posts the sidebar and the feeds list (the newest ones). */
export const sidebarCount = (blog: Blog): number => Math.min(BLOG_SIDEBAR_COUNT, blog.posts.length);
export const feedCount = (blog: Blog): number => Math.min(BLOG_FEED_LIMIT, blog.posts.length);

/**
 * `shown` are the newest of `blog`'s posts: every post left out is no newer
 * than every post shown (posts of one day may fall either side of the cut).
 * Returns what is wrong, or an empty list.
 */
export function newestProblems(blog: Blog, shown: readonly string[]): string[] {
  const byPath = new Map(blog.posts.map((post) => [post.permalink, post]));
  const problems = shown.filter((url) => !byPath.has(url)).map((url) => `${url} is no post`);
  const oldestShown = shown.map((url) => byPath.get(url)?.date ?? '').sort()[0] ?? '';
  for (const post of blog.posts) {
    if (!shown.includes(post.permalink) && post.date > oldestShown) {
      problems.push(`${post.permalink} (${post.date}) is newer than a post shown (${oldestShown})`);
    }
  }
  if (new Set(shown).size !== shown.length) problems.push('a post is shown twice');
  return problems;
}
