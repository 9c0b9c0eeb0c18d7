/**
 * Reads one built HTML page into the parts the search index needs: title,
 * section headings with their anchors, and the text under each heading.
 */
import {Parser} from 'htmlparser2';

export type Section = {anchor: string; heading: string; text: string};
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
// The series box repeats other posts' titles; the "#" links repeat each heading.
const SKIP_CLASSES = ['series-box', 'hash-link', 'theme-doc-toc-mobile'];
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
  const sections: Section[] = [{anchor: '', heading: '', text: ''}];
  // One entry per open element: what it switched on.
  const stack: {root: boolean; skip: boolean; heading: boolean; h1: boolean; crumb: boolean}[] = [];
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
        const frame = {root: false, skip: false, heading: false, h1: false, crumb: false};
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
            if ((name === 'h2' || name === 'h3') && attribs.id) {
              sections.push({anchor: attribs.id, heading: '', text: ''});
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
        else current().text += text;
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
      .map((s) => ({anchor: s.anchor, heading: squash(s.heading), text: squash(s.text)}))
      .filter((s, i) => i === 0 || s.heading || s.text),
  };
}
