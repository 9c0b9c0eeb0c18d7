/**
 * What pages show as the server's HTML: the articles of posts and docs, by
 * route path, and the previews list pages show, by the path of their post (a
 * preview is the same on every list). This page's are captured before the
 * bundle hydrates it (src/plugins/article-once); client navigation fetches
 * the next route's (the route loaders of src/plugins/lazy-routes). Browser
 * only; in main.js: small, and read by the route loaders there.
 */
type Html = string | Element;

/** Articles under their path, previews under `?` and their post's path. */
const entries = new Map<string, Html>();

/** An article's HTML, or the page's own article element (React may clear the root later: a forced client render). */
export function setArticle(path: string, article: Html): void {
  entries.set(path, article);
}

/** A post's preview; one already here is kept (the same HTML, which a list on screen may be reading). */
export function setPreview(post: string, preview: Html): void {
  if (!entries.has(`?${post}`)) entries.set(`?${post}`, preview);
}

/** An entry's HTML; a captured element is read once. */
function htmlOf(key: string): string | undefined {
  const entry = entries.get(key);
  if (entry === undefined || typeof entry === 'string') return entry;
  const html = entry.innerHTML;
  entries.set(key, html);
  return html;
}

/** The article's HTML. */
export const articleHtml = (path: string): string | undefined => htmlOf(path);

/** The HTML of a post's preview on a list page. */
export const previewHtml = (post: string): string | undefined => htmlOf(`?${post}`);
