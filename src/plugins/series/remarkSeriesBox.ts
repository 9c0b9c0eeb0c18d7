/**
 * Remark plugin for the blog: a post that belongs to a series gets a box right
 * after its truncate marker, naming the series, the post's place in it and
 * every part (the current one marked). The box is part of the post's own
 * Markdown output, so it is server-rendered and costs other pages nothing;
 * list pages never show it, because their excerpts end at the marker.
 * Parts link to their source files, which Docusaurus turns into permalinks
 * (and checks, like any other Markdown link).
 */
import path from 'node:path';
import type {Paragraph, PhrasingContent, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {
  findSeries,
  groupSeries,
  readBlogPosts,
  readSeriesCatalog,
  type Series,
} from '../../lib/series';

export type Options = Readonly<{blogDir: string}>;

/** Same markers as the blog plugin's default `truncateMarker`. */
const TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

/** CSS class of the box (styled in src/css/custom.css). */
export const SERIES_BOX_CLASS = 'series-box';

/**
 * The blog's series, read from disk. A production build reads them once:
 * files do not change while it runs, and reading every post for every post
 * made the build grow with the square of the archive (4 compilations of each
 * post). The dev server reads them afresh at most once a second, so a renamed
 * or reordered part shows on the next rebuild.
 */
function seriesReader(dir: string): () => Series[] {
  const once = process.env.NODE_ENV === 'production';
  let cached: {series: Series[]; until: number} | undefined;
  return () => {
    const now = Date.now();
    if (!cached || now > cached.until) {
      const series = groupSeries(readBlogPosts(dir), readSeriesCatalog(dir));
      cached = {series, until: once ? Infinity : now + 1000};
    }
    return cached.series;
  };
}

export default function remarkSeriesBox({blogDir}: Options) {
  const readSeries = seriesReader(path.resolve(blogDir));
  return (tree: Root, file: VFile): void => {
    if (!file.path) return;
    const marker = TRUNCATE_MARKER.exec(String(file.value));
    // Excerpts (blog list pages) are cut before the marker: no box there.
    if (!marker) return;
    const found = findSeries(readSeries(), path.resolve(file.path));
    if (!found) return;
    const after = tree.children.findIndex(
      (node) => (node.position?.start.offset ?? -1) > marker.index,
    );
    const box = seriesBox(found.series, found.position, path.dirname(file.path));
    tree.children.splice(after === -1 ? tree.children.length : after, 0, box);
  };
}

export function seriesBox(
  series: Series,
  position: number,
  fromDir: string,
): MdxJsxFlowElement & RootContent {
  const items = series.parts.map((part, index) => {
    const current = index + 1 === position;
    const label: PhrasingContent = current
      ? {
          type: 'mdxJsxTextElement',
          name: 'strong',
          attributes: [attribute('aria-current', 'page')],
          children: [text(`${part.title}（本篇）`)],
        }
      : {
          type: 'link',
          url: `./${path.relative(fromDir, part.source).split(path.sep).join('/')}`,
          children: [text(part.title)],
        };
    return {
      type: 'listItem' as const,
      spread: false,
      children: [paragraph([label])],
    };
  });
  return {
    type: 'mdxJsxFlowElement',
    name: 'nav',
    attributes: [
      attribute('className', SERIES_BOX_CLASS),
      attribute('aria-label', `系列导航：${series.title}`),
    ],
    children: [
      paragraph([
        {type: 'strong', children: [text(series.title)]},
        text(`：第 ${position} 篇，共 ${series.parts.length} 篇`),
      ]),
      {type: 'list', ordered: true, start: 1, spread: false, children: items},
    ],
  };
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children};
}

function text(value: string) {
  return {type: 'text' as const, value};
}

function attribute(name: string, value: string): MdxJsxAttribute {
  return {type: 'mdxJsxAttribute', name, value};
}
