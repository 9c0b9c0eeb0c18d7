import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {groupSeries, readSeriesCatalog} from '../../lib/series';
import {toPlainMarkdown} from './markdown';

/**
 * `llms.txt` and `llms-full.txt` at the site root (https://llmstxt.org): the
 * posts by series, the other posts and the tutorial docs, each with its URL and
 * description; the full file holds their Markdown. Built from the blog and
 * docs plugins' loaded content, so the URLs are the ones the sitemap lists.
 */

export type PluginOptions = Readonly<{
  /** The `> ` line under the title. */
  summary: string;
}>;

/** One page as llms.txt lists it. */
export type Entry = Readonly<{
  title: string;
  /** Absolute URL. */
  url: string;
  description: string;
  /** The Markdown source file; none for generated category pages. */
  file?: string;
}>;

export type Section = Readonly<{title: string; entries: readonly Entry[]}>;

export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';
export const OTHER_POSTS_TITLE = '其他文章';
export const DOCS_TITLE = '教程';

const BLOG_PLUGIN = 'docusaurus-plugin-content-blog';
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

function validateOptions(options: unknown): PluginOptions {
  const summary = (options as Partial<PluginOptions> | undefined)?.summary;
  if (typeof summary !== 'string' || !summary.trim() || summary.includes('\n')) {
    throw new Error('[llms-txt] option summary must be one non-empty line.');
  }
  return {summary};
}

/** The llms.txt file: title, summary, a link to the full file, then the sections. */
export function renderLlmsTxt(
  siteName: string,
  summary: string,
  fullUrl: string,
  sections: readonly Section[],
): string {
  const parts = [
    `# ${siteName}`,
    `> ${summary}`,
    `全部文章与教程的 Markdown 全文：[${LLMS_FULL_FILE}](${fullUrl})`,
    ...sections
      .filter((section) => section.entries.length > 0)
      .map((section) =>
        [
          `## ${section.title}`,
          '',
          ...section.entries.map(({title, url, description}) =>
            description ? `- [${title}](${url}): ${description}` : `- [${title}](${url})`,
          ),
        ].join('\n'),
      ),
  ];
  return `${parts.join('\n\n')}\n`;
}

/** One document of llms-full.txt: its title, its URL and its Markdown. */
export function renderFullEntry(
  {title, url}: Entry,
  markdown: string,
  /** url + baseUrl, without the final slash: site-root links are made absolute against it. */
  siteRoot: string,
): string {
  return [`# ${title}`, `来源：${url}`, toPlainMarkdown(markdown, siteRoot)].join('\n\n');
}

type DocsVersion = DocsContent['loadedVersions'][number];
type SidebarItem = DocsVersion['sidebars'][string][number];

/** Docs and generated category pages in sidebar order; docs in no sidebar follow. */
function docEntries(
  version: DocsVersion,
  absolute: (permalink: string) => string,
  siteDir: string,
): Entry[] {
  const docs = new Map(version.docs.filter((doc) => !doc.unlisted).map((doc) => [doc.id, doc]));
  const entries: Entry[] = [];
  const addDoc = (id: string) => {
    const doc = docs.get(id);
    if (!doc) return;
    docs.delete(id);
    entries.push({
      title: doc.title,
      url: absolute(doc.permalink),
      description: oneLine(doc.description),
      file: sourceFile(siteDir, doc.source),
    });
  };
  const walk = (items: readonly SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') addDoc(item.id);
      if (item.type !== 'category') continue;
      if (item.link?.type === 'doc') addDoc(item.link.id);
      if (item.link?.type === 'generated-index') {
        entries.push({
          title: item.link.title ?? item.label,
          url: absolute(item.link.permalink),
          description: oneLine(item.link.description ?? ''),
        });
      }
      walk(item.items);
    }
  };
  Object.values(version.sidebars).forEach(walk);
  [...docs.keys()].forEach(addDoc);
  return entries;
}

export default function llmsTxtPlugin(context: LoadContext, options: unknown): Plugin {
  const {summary} = validateOptions(options);
  const {siteDir, siteConfig} = context;
  const absolute = (permalink: string) => `${siteConfig.url}${permalink}`;
  let sections: Section[] = [];
  return {
    name: 'llms-txt',
    async allContentLoaded({allContent}) {
      const blog = allContent[BLOG_PLUGIN]?.default as BlogContent | undefined;
      const docs = allContent[DOCS_PLUGIN]?.default as DocsContent | undefined;
      if (!blog || !docs) throw new Error('[llms-txt] the blog and docs plugins have no content.');
      const posts = blog.blogPosts
        .filter((post) => !post.metadata.unlisted)
        .map(({metadata}) => ({
          source: metadata.source,
          title: metadata.title,
          frontMatter: metadata.frontMatter,
          entry: {
            title: metadata.title,
            url: absolute(metadata.permalink),
            description: oneLine(metadata.description),
            file: sourceFile(siteDir, metadata.source),
          },
        }));
      const series = groupSeries(posts, readSeriesCatalog(path.join(siteDir, 'blog')));
      const inSeries = new Set(series.flatMap((s) => s.parts.map((part) => part.source)));
      const currentDocs = docs.loadedVersions.find((version) => version.isLast);
      sections = [
        ...series.map(({title, parts}) => ({title, entries: parts.map((part) => part.entry)})),
        {
          title: OTHER_POSTS_TITLE,
          entries: posts.filter((post) => !inSeries.has(post.source)).map((post) => post.entry),
        },
        {title: DOCS_TITLE, entries: currentDocs ? docEntries(currentDocs, absolute, siteDir) : []},
      ];
    },
    async postBuild({outDir}) {
      const fullUrl = absolute(`${context.baseUrl}${LLMS_FULL_FILE}`);
      const siteRoot = absolute(context.baseUrl).replace(/\/$/, '');
      await writeFile(
        path.join(outDir, LLMS_FILE),
        renderLlmsTxt(siteConfig.title, summary, fullUrl, sections),
      );
      const documents = await Promise.all(
        sections.flatMap((section) =>
          section.entries.flatMap(({file, ...entry}) =>
            file
              ? [
                  readFile(file, 'utf8').then((markdown) =>
                    renderFullEntry(entry, markdown, siteRoot),
                  ),
                ]
              : [],
          ),
        ),
      );
      await writeFile(
        path.join(outDir, LLMS_FULL_FILE),
        `${[`# ${siteConfig.title}`, `> ${summary}`, ...documents].join('\n\n')}\n`,
      );
    },
  };
}

/** `@site/blog/x.md` → an absolute path. */
function sourceFile(siteDir: string, aliased: string): string {
  return path.join(siteDir, aliased.replace(/^@site\//, ''));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
