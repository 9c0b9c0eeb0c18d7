/**
 * Links inside an article React never hydrates behave as the theme's Link
 * (@docusaurus/core 3.7.0 lib/client/exports/Link.js) makes them behave: a
 * link to a page of the site navigates on the client (`history.push`, or
 * `replace` for the page itself), preloads that page's code when the pointer
 * or a finger comes onto it, and prefetches it once it is on screen. A click
 * with a modifier key or another button, a link with a `target` or
 * `download`, another origin, a file (a path with an extension) and a
 * same-page `#anchor` are left to the browser.
 */
import siteConfig from '@generated/docusaurus.config';
import type {Behaviour} from './behaviour';

/** The path a link leads to on the client, or null when the browser should follow it. */
export function clientPath(anchor: HTMLAnchorElement, here: Location): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin || !url.pathname.startsWith(siteConfig.baseUrl)) return null;
  if (/\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const anchorOf = (event: Event, root: Element): HTMLAnchorElement | null => {
  const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
  return anchor && root.contains(anchor) ? anchor : null;
};

const links: Behaviour = (root, history) => {
  const preloaded = new WeakSet<Element>();
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = anchorOf(event, root);
    const to = anchor && clientPath(anchor, window.location);
    if (!to) return;
    event.preventDefault();
    const {pathname, search, hash} = window.location;
    if (to === `${pathname}${search}${hash}`) history.replace(to);
    else history.push(to);
  };
  const onEnter = (event: Event) => {
    const anchor = anchorOf(event, root);
    if (!anchor || preloaded.has(anchor)) return;
    const to = clientPath(anchor, window.location);
    if (!to) return;
    preloaded.add(anchor);
    window.docusaurus.preload(new URL(to, window.location.href).pathname);
  };
  // One observer for the article's links (the theme's Link makes one per link).
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting && entry.intersectionRatio <= 0) continue;
      observer.unobserve(entry.target);
      const to = clientPath(entry.target as HTMLAnchorElement, window.location);
      if (to) window.docusaurus.prefetch(new URL(to, window.location.href).pathname);
    }
  });
  root.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((anchor) => {
    if (clientPath(anchor, window.location)) observer.observe(anchor);
  });
  root.addEventListener('click', onClick as EventListener);
  root.addEventListener('mouseover', onEnter);
  root.addEventListener('touchstart', onEnter, {passive: true});
  return () => {
    observer.disconnect();
    root.removeEventListener('click', onClick as EventListener);
    root.removeEventListener('mouseover', onEnter);
    root.removeEventListener('touchstart', onEnter);
  };
};

export default links;
