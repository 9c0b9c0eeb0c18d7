/**
 * Reads one built HTML page into the parts the search index needs: title,
 * section headings with their anchors, and the text under each heading.
 */
import {Parser} from 'htmlparser2';

export type Section = {
  anchor: string;
  heading: string;
  text: string;
  /** A list of links rather than prose: a 参考资料 section, or one made mostly of linked list items. */
  list: boolean;
};
export type ExtractedPage = {
  url: string;
  title: string;
  /** Where the page sits, shown with each hit: 博客, or 文档 and its breadcrumbs. */
  path: string[];
  sections: Section[];
};

export type PathLabels = Readonly<{blog: string; docs: string}>;

/** Whole elements that are not this page's own prose. */
const SKIP_TAGS = new Set(['script', 'style', 'svg', 'button', 'nav', 'template', 'noscript']);
// The series box repeats other posts' titles; the "#" links repeat each heading;
// a figure's full-size link says 查看大图 under every figure.
const SKIP_CLASSES = ['series-box', 'hash-link', 'theme-doc-toc-mobile', 'view-link'];
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'br',
  'blockquote',
  'section',
  'details',
  'summary',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dt',
  'dd',
  'figcaption',
]);

/** Headings of sections that list sources and further reading. */
const LIST_HEADINGS =
  /^(参考资料|参考文献|参考链接|相关链接|延伸阅读|扩展阅读|references?|further reading|see also)$/i;
/** A section whose text is at least this much link text in list items or table cells is a list. */
const LINK_SHARE = 0.5;
const LINK_CONTAINERS = new Set(['li', 'td', 'th']);

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const classes = (attribs: Record<string, string>) => (attribs.class ?? '').split(/\s+/);

type Kind = 'blog' | 'docs' | 'page';

/**
 * The page's search content, or null for pages that only list other pages
 * (blog lists, tags, archive, doc category indexes, the home page).
 */
export function extractPage(html: string, url: string, labels: PathLabels): ExtractedPage | null {
  let kind: Kind | null = null;
  let title = '';
  let pageTitle = '';
  let description = '';
  const breadcrumbs: string[] = [];
  const sections: Section[] = [{anchor: '', heading: '', text: '', list: false}];
  /** Per section: characters of link text inside list items and table cells. */
  const linkChars: number[] = [0];
  // One entry per open element: what it switched on.
  const stack: {
    root: boolean;
    skip: boolean;
    heading: boolean;
    h1: boolean;
    crumb: boolean;
    link: boolean;
    item: boolean;
  }[] = [];
  let links = 0;
  let items = 0;
  let inRoot = false;
  let skipDepth = 0;
  let inHeading = false;
  let inH1 = false;
  let inTitle = false;
  let inCrumbs = 0;
  let crumb: string | null = null;

  const current = () => sections[sections.length - 1] as Section;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const frame = {
          root: false,
          skip: false,
          heading: false,
          h1: false,
          crumb: false,
          link: false,
          item: false,
        };
        const cls = classes(attribs);
        if (name === 'html') {
          if (cls.includes('blog-post-page')) kind = 'blog';
          else if (cls.includes('docs-doc-page')) kind = 'docs';
          else if (cls.includes('mdx-page')) kind = 'page';
        } else if (name === 'title') {
          inTitle = true;
        } else if (name === 'meta' && attribs.name === 'description') {
          description = attribs.content ?? '';
        }
        if (name === 'nav' && cls.includes('theme-doc-breadcrumbs')) inCrumbs += 1;
        if (inCrumbs > 0 && name === 'li') {
          crumb = '';
          frame.crumb = true;
        }
        const isRoot = kind === 'page' ? name === 'main' : cls.includes('markdown');
        if (!inRoot && isRoot) {
          inRoot = true;
          frame.root = true;
        } else if (inRoot) {
          if (SKIP_TAGS.has(name) || cls.some((c) => SKIP_CLASSES.includes(c))) {
            skipDepth += 1;
            frame.skip = true;
          } else if (skipDepth === 0) {
            if (name === 'a') {
              links += 1;
              frame.link = true;
            } else if (LINK_CONTAINERS.has(name)) {
              items += 1;
              frame.item = true;
            }
            if ((name === 'h2' || name === 'h3') && attribs.id) {
              sections.push({anchor: attribs.id, heading: '', text: '', list: false});
              linkChars.push(0);
              inHeading = true;
              frame.heading = true;
            } else if (name === 'h1' && !title) {
              inH1 = true;
              frame.h1 = true;
            } else if (BLOCK_TAGS.has(name)) {
              current().text += ' ';
            }
          }
        }
        stack.push(frame);
      },
      ontext(text) {
        if (inTitle) pageTitle += text;
        if (crumb !== null) crumb += text;
        if (!inRoot || skipDepth > 0) return;
        if (inH1) title += text;
        else if (inHeading) current().heading += text;
        else {
          current().text += text;
          if (links > 0 && items > 0) {
            linkChars[linkChars.length - 1] = (linkChars.at(-1) ?? 0) + squash(text).length;
          }
        }
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        const frame = stack.pop();
        if (!frame) return;
        if (frame.crumb && crumb !== null) {
          if (squash(crumb)) breadcrumbs.push(squash(crumb));
          crumb = null;
        }
        if (name === 'nav' && inCrumbs > 0) inCrumbs -= 1;
        if (frame.skip) skipDepth -= 1;
        if (frame.link) links -= 1;
        if (frame.item) items -= 1;
        if (frame.heading) inHeading = false;
        if (frame.h1) inH1 = false;
        if (frame.root) inRoot = false;
        if (BLOCK_TAGS.has(name) && inRoot && skipDepth === 0 && !inHeading) {
          current().text += ' ';
        }
      },
    },
    {decodeEntities: true},
  );
  parser.write(html);
  parser.end();

  const pageKind = kind as Kind | null;
  if (!pageKind || sections.every((s) => !squash(s.text) && !s.heading)) {
    return null;
  }
  const first = sections[0] as Section;
  // The description summarises the page: it belongs with the page's opening text.
  first.text = `${description} ${first.text}`;
  const path =
    pageKind === 'blog'
      ? [labels.blog]
      : pageKind === 'docs'
        ? [labels.docs, ...breadcrumbs.slice(0, -1)]
        : [];
  return {
    url,
    title: squash(title) || squash(pageTitle.replace(/\s*\|[^|]*$/, '')),
    path,
    sections: sections
      .map((s, i) => {
        const heading = squash(s.heading);
        const text = squash(s.text);
        const list =
          LIST_HEADINGS.test(heading) ||
          (text.length > 0 && (linkChars[i] ?? 0) >= LINK_SHARE * text.length);
        return {anchor: s.anchor, heading, text, list};
      })
      .filter((s, i) => i === 0 || s.heading || s.text),
  };
}
