/**
 * Post series. A post says which series it belongs to and where in it, in its
 * own front matter (`series: mcp-registry`, `series_order: 3`); the series'
 * names and descriptions live in `blog/series.yml`. Everything that shows a
 * series (the box in a post, the home page's lists, llms.txt) is derived from
 * those two: src/plugins/series/remarkSeriesBox.ts, src/plugins/recent-posts
 * and src/plugins/llms-txt read them here.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {load as loadYaml} from 'js-yaml';

export const SERIES_FILE = 'series.yml';

export type SeriesInfo = Readonly<{id: string; title: string; description: string}>;

/** What series grouping needs to know of a post. */
export type PostEntry = Readonly<{
  /** The post's source file, for messages and links. */
  source: string;
  title: string;
  frontMatter: Readonly<Record<string, unknown>>;
}>;

export type Series<Post extends PostEntry = PostEntry> = SeriesInfo & {
  /** The series' posts in reading order. */
  readonly parts: readonly Post[];
};

/** Reads `series.yml`: a map from series id to its title and description. */
export function readSeriesCatalog(blogDir: string): ReadonlyMap<string, SeriesInfo> {
  const file = path.join(blogDir, SERIES_FILE);
  const data: unknown = loadYaml(readFileSync(file, 'utf8'));
  if (!isRecord(data))
    throw new Error(`[series] ${file} must map series ids to {title, description}.`);
  const catalog = new Map<string, SeriesInfo>();
  for (const [id, value] of Object.entries(data)) {
    if (
      !isRecord(value) ||
      typeof value.title !== 'string' ||
      typeof value.description !== 'string'
    ) {
      throw new Error(`[series] ${file}: series "${id}" needs a title and a description.`);
    }
    catalog.set(id, {id, title: value.title, description: value.description});
  }
  return catalog;
}

/**
 * Groups posts into the catalog's series, in catalog order, each in
 * `series_order` order. Throws, naming the post's file, on an unknown series,
 * a missing or repeated `series_order`, or an order without a series.
 */
export function groupSeries<Post extends PostEntry>(
  posts: readonly Post[],
  catalog: ReadonlyMap<string, SeriesInfo>,
): Series<Post>[] {
  const members = new Map<string, {post: Post; order: number}[]>();
  for (const post of posts) {
    const {series, series_order: order} = post.frontMatter;
    if (series === undefined && order === undefined) continue;
    if (typeof series !== 'string' || !catalog.has(series)) {
      throw new Error(
        `[series] ${post.source}: series "${String(series)}" is not in blog/${SERIES_FILE} (known: ${[...catalog.keys()].join(', ')}).`,
      );
    }
    if (typeof order !== 'number' || !Number.isInteger(order) || order < 1) {
      throw new Error(`[series] ${post.source}: series_order must be a whole number from 1.`);
    }
    const list = members.get(series) ?? [];
    const taken = list.find((member) => member.order === order);
    if (taken) {
      throw new Error(
        `[series] ${post.source}: series_order ${order} of "${series}" is taken by ${taken.post.source}.`,
      );
    }
    list.push({post, order});
    members.set(series, list);
  }
  return [...catalog.values()]
    .filter((info) => members.has(info.id))
    .map((info) => ({
      ...info,
      parts: (members.get(info.id) ?? [])
        .sort((a, b) => a.order - b.order)
        .map((member) => member.post),
    }));
}

/** The series a post belongs to, with its 1-based position, if any. */
export function findSeries<Post extends PostEntry>(
  allSeries: readonly Series<Post>[],
  source: string,
): {series: Series<Post>; position: number} | undefined {
  for (const series of allSeries) {
    const index = series.parts.findIndex((part) => part.source === source);
    if (index >= 0) return {series, position: index + 1};
  }
  return undefined;
}

/** Reads the posts of a blog folder from disk (front matter only). */
export function readBlogPosts(blogDir: string): PostEntry[] {
  const files = readdirSync(blogDir, {withFileTypes: true}).flatMap((entry) => {
    if (entry.isFile() && /\.mdx?$/.test(entry.name)) return [path.join(blogDir, entry.name)];
    if (entry.isDirectory()) {
      return ['index.md', 'index.mdx']
        .map((name) => path.join(blogDir, entry.name, name))
        .filter((file) => statSync(file, {throwIfNoEntry: false})?.isFile());
    }
    return [];
  });
  return files.map((source) => {
    const frontMatter = parseFrontMatter(readFileSync(source, 'utf8'));
    return {
      source,
      title: typeof frontMatter.title === 'string' ? frontMatter.title : '',
      frontMatter,
    };
  });
}

function parseFrontMatter(markdown: string): Record<string, unknown> {
  const block = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(markdown);
  const data: unknown = block ? loadYaml(block[1] ?? '') : {};
  return isRecord(data) ? data : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
