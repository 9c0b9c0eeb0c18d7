/**
 * The articles pages show as the server's HTML, by route path: this page's,
 * captured before the bundle hydrates it (src/plugins/article-once), and the
 * ones client navigation fetched (the route loaders of
 * src/plugins/lazy-routes). Browser only; in main.js: small, and read by the
 * route loaders there.
 */
const articles = new Map<string, string | Element>();

/** An article's HTML, or the page's own article element (React may clear the root later: a forced client render). */
export function setArticle(path: string, article: string | Element): void {
  articles.set(path, article);
}

export function hasArticle(path: string): boolean {
  return articles.has(path);
}

/** The article's HTML; a captured element is read once. */
export function articleHtml(path: string): string | undefined {
  const article = articles.get(path);
  if (article === undefined || typeof article === 'string') return article;
  const html = article.innerHTML;
  articles.set(path, html);
  return html;
}
