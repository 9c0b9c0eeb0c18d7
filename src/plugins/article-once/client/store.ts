/**
 * The articles pages show as the server's HTML, by route path: this page's,
 * captured before the bundle hydrates it (capture.ts), and the ones client
 * navigation fetched (lazy-routes' manifests). In main.js: small, and read
 * by the route loaders there.
 */
import {ARTICLE_SELECTOR} from '../selectors';

const articles = new Map<string, string | Element>();

/** Keeps the page's article element: React may clear the root later (a forced client render). */
export function captureArticle(path: string, root: ParentNode): void {
  const element = root.querySelector(ARTICLE_SELECTOR);
  if (element) articles.set(path, element);
}

export function setArticle(path: string, html: string): void {
  articles.set(path, html);
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
