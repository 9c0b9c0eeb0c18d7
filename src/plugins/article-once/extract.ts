/**
 * The article of a built page: the markup between the start and end tags of
 * the element the theme renders it in (selectors.ts), as
 * the page has it. Not parsed and written again: the article file holds
 * exactly what a first load parses.
 */
import {Parser} from 'htmlparser2';
import {BLOG_POST_CONTAINER_ID, DOC_MARKDOWN_CLASS} from './selectors';

const isArticle = (attributes: Record<string, string>): boolean =>
  attributes.id === BLOG_POST_CONTAINER_ID ||
  (attributes.class ?? '').split(/\s+/).includes(DOC_MARKDOWN_CLASS);

export function articleHtml(page: string): string | undefined {
  let start = -1;
  let end = -1;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(_name, attributes) {
        if (end >= 0) return;
        if (start >= 0) depth += 1;
        else if (isArticle(attributes)) {
          start = parser.endIndex + 1;
          depth = 1;
        }
      },
      onclosetag() {
        if (start < 0 || end >= 0) return;
        depth -= 1;
        if (depth === 0) end = parser.startIndex;
      },
    },
    {decodeEntities: false, recognizeSelfClosing: true},
  );
  parser.end(page);
  return start >= 0 && end >= start ? page.slice(start, end) : undefined;
}
