/**
 * The site's security policy, in one place: the Content-Security-Policy, the
 * other security headers and the cache rules, as values. The files beside
 * this one write it in the forms the hosts read:
 *
 * - meta.ts: a `<meta http-equiv="Content-Security-Policy">` in every page,
 *   for hosts that cannot set response headers (GitHub Pages);
 * - headers-file.ts: `build/_headers`, for hosts that read one (Cloudflare
 *   Pages, Netlify);
 * - vercel.ts: `vercel.json`, for Vercel;
 * - caddy.ts: `deploy/Caddyfile`, the whole Caddy config;
 * - nginx.ts: `deploy/security-headers.conf`, an nginx snippet
 *   (deploy/nginx.conf).
 *
 * Every host gets the same header values, byte for byte: the security
 * headers (HSTS among them, as every host serves the site over HTTPS) on every
 * path, and a one-year immutable Cache-Control on the hashed bundles under
 * /assets/. The Content-Security-Policy allows the pages' inline scripts by
 * their SHA-256 hash and nothing from other origins. Styles come from the
 * site's stylesheets only: no `<style>` element and no `style` attribute,
 * except the few Docusaurus's own code writes, allowed by hash
 * (`ALLOWED_STYLE_ATTRIBUTES`). Styles scripts set through the CSSOM
 * (`element.style.x = …`, which React does for a `style` prop on the client)
 * are not governed by the CSP.
 */
import {createHash} from 'node:crypto';

/** A source's CSP hash expression: `'sha256-…'`. */
export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The `style` attribute values theme-common's Collapsible writes into the
 * server-rendered pages, its state until hydration (expanded doc sidebar
 * categories; collapsed ones where a component mounts them collapsed): its
 * `CollapsedStyles` and `ExpandedStyles` as React writes them.
 */
export const COLLAPSIBLE_STYLES: readonly string[] = [
  'display:none;overflow:hidden;height:0px',
  'display:block;overflow:visible;height:auto',
];

/**
 * The `style` attributes of core's base-URL banner (spec B11), which its
 * inline script puts into the home page with `innerHTML` at DOMContentLoaded,
 * before the bundle has run; its CSS hides it unless the stylesheet failed too.
 */
export const BASE_URL_BANNER_STYLES: readonly string[] = [
  'border: thick solid red; background-color: rgb(255, 230, 179); margin: 20px; padding: 20px; font-size: 20px;',
  'font-weight: bold; font-size: 30px;',
  'font-weight: bold;',
  'font-weight: bold; color: red;',
  'font-weight: bold; color: green;',
];

/**
 * Every `style` attribute value the policy allows, by hash: what Docusaurus's
 * own code writes and the site cannot move to classes. assumptions.ts checks
 * both lists against the installed packages; any other style attribute is
 * blocked.
 */
export const ALLOWED_STYLE_ATTRIBUTES: readonly string[] = [
  ...COLLAPSIBLE_STYLES,
  ...BASE_URL_BANNER_STYLES,
];

export type Directive = readonly [name: string, value: string];

/** The Content-Security-Policy, directive by directive. */
export function cspDirectives(scriptHashes: readonly string[]): Directive[] {
  return [
    ['default-src', "'self'"],
    ['script-src', ["'self'", ...scriptHashes].join(' ')],
    // Stylesheets from the site only; no <style> element; no style attribute
    // but the allowed ones. A browser without style-src-attr (CSP Level 3)
    // falls back to style-src and blocks those too: a Collapsible then shows
    // unstyled until hydration sets its state through the CSSOM.
    ['style-src', "'self'"],
    ['style-src-attr', ["'unsafe-hashes'", ...ALLOWED_STYLE_ATTRIBUTES.map(sha256)].join(' ')],
    ['img-src', "'self' data:"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
}

/**
 * Directives a `<meta>` element cannot deliver: CSP Level 3 says of each that
 * it is not supported there (browsers ignore it), and the HTML standard
 * forbids them in the element's content attribute (whatwg/html#523).
 */
export const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set([
  'frame-ancestors',
  'report-uri',
  'sandbox',
]);

export function serializePolicy(directives: readonly Directive[]): string {
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** The policy as a response header carries it. */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return serializePolicy(cspDirectives(scriptHashes));
}

/** The same policy, less what a `<meta>` element cannot carry. */
export function metaContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return serializePolicy(
    cspDirectives(scriptHashes).filter(([name]) => !HEADER_ONLY_DIRECTIVES.has(name)),
  );
}

export type Header = readonly [name: string, value: string];

/**
 * HTTP Strict Transport Security: one year. Without `includeSubDomains` or
 * `preload`, which would bind names under the domain that this site does
 * not serve. Browsers ignore it over plain HTTP (RFC 6797, section 8.1), and
 * the hosts send it only over HTTPS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export const CACHE_CONTROL = {
  /** The hashed bundles under /assets/: a new build gives them new names. */
  immutable: 'public, max-age=31536000, immutable',
  /**
   * Everything else, pages first: revalidated on every visit, so a deploy
   * shows up at once. nginx and Caddy are told to; the other hosts keep
   * their own default (Vercel's and Netlify's documented one is this).
   */
  revalidate: 'public, max-age=0, must-revalidate',
} as const;

/** Every security header, for hosts that can set them. */
export function securityHeaders(scriptHashes: readonly string[]): Header[] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(scriptHashes)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY],
  ];
}

/** Where the hashed bundles are: `/assets/` and everything under it. */
export const ASSETS_PREFIX = '/assets/';

/** Headers for a path pattern (`/*` is every path; `/assets/*` the bundles). */
export type HeaderRule = Readonly<{path: '/*' | '/assets/*'; headers: readonly Header[]}>;

/**
 * What every host sets, by path. A path that matches both rules gets the
 * headers of both (Cloudflare's Headers page says so of `_headers`), so
 * Cache-Control is set by the `/assets/*` rule alone: a bundle gets one
 * value, and every other path keeps the host's default.
 */
export function headerRules(scriptHashes: readonly string[]): HeaderRule[] {
  return [
    {path: '/*', headers: securityHeaders(scriptHashes)},
    {path: '/assets/*', headers: [['Cache-Control', CACHE_CONTROL.immutable]]},
  ];
}

/** The first line of each server config written from the policy. */
export const GENERATED =
  'Generated by scripts/security-headers.ts from build/: do not edit by hand.';

/** The site name the generated server configs answer to (docusaurus.config.ts `url`). */
export const SERVER_NAME = 'linshen-dev.github.io';

/** Where the deploy page installs the build on a server of one's own. */
export const SITE_ROOT = '/var/www/zhandi';
