/**
 * The article of a built page, or the previews of a list page: the markup
 * between the start and end tags of the element the theme renders each in
 * (selectors.ts, client/marker.ts), as the page has it. Not parsed and written again: the
 * article file holds exactly what a first load parses.
 */
import {Parser} from 'htmlparser2';
import {PREVIEW_ATTRIBUTE} from './client/marker';
import {BLOG_POST_CONTAINER_ID, DOC_MARKDOWN_CLASS} from './selectors';

type Attributes = Record<string, string>;

/** The inner markup of each element `key` names (by a key of its own), in page order. */
function innerHtml(page: string, key: (attributes: Attributes) => string | undefined) {
  const found: [string, string][] = [];
  let open: {key: string; start: number; depth: number} | undefined;
  const parser = new Parser(
    {
      onopentag(_name, attributes) {
        if (open) open.depth += 1;
        else {
          const name = key(attributes);
          if (name !== undefined) open = {key: name, start: parser.endIndex + 1, depth: 1};
        }
      },
      onclosetag() {
        if (!open) return;
        open.depth -= 1;
        if (open.depth === 0) {
          found.push([open.key, page.slice(open.start, parser.startIndex)]);
          open = undefined;
        }
      },
    },
    {decodeEntities: true, recognizeSelfClosing: true},
  );
  parser.end(page);
  return found;
}

const isArticle = (attributes: Attributes): boolean =>
  attributes.id === BLOG_POST_CONTAINER_ID ||
  (attributes.class ?? '').split(/\s+/).includes(DOC_MARKDOWN_CLASS);

export function articleHtml(page: string): string | undefined {
  return innerHtml(page, (attributes) => (isArticle(attributes) ? '' : undefined))[0]?.[1];
}

/** A list page's previews: post path → the preview's markup. */
export function previewsHtml(page: string): Map<string, string> {
  return new Map(innerHtml(page, (attributes) => attributes[PREVIEW_ATTRIBUTE]));
}
