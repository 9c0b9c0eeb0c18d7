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
 * /assets/. The Content-Security-Policy allows nothing from other origins
 * and no inline code wholesale: the pages' inline scripts, `<style>`
 * elements and `style` attributes are allowed by their SHA-256 hashes, which
 * the build computes from what the components named in allowlist.ts wrote
 * into the pages (inline.ts); inline code from anything else fails the build.
 * Styles scripts set through the CSSOM (`element.style.x = …`, which React
 * does for a `style` prop on the client) are not governed by the CSP.
 */
import {createHash} from 'node:crypto';

/** A source's CSP hash expression: `'sha256-…'`. */
export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The hashes (`'sha256-…'`, sorted) of the inline code the policy allows, by where it goes. */
export type InlineHashes = Readonly<{
  scripts: readonly string[];
  styleElements: readonly string[];
  styleAttributes: readonly string[];
}>;

export type Directive = readonly [name: string, value: string];

/** The Content-Security-Policy, directive by directive. */
export function cspDirectives(inline: InlineHashes): Directive[] {
  return [
    ['default-src', "'self'"],
    ['script-src', ["'self'", ...inline.scripts].join(' ')],
    // Stylesheets from the site; <style> elements and style attributes only
    // those allowed components wrote (allowlist.ts), by hash. A browser
    // without style-src-attr (CSP Level 3) falls back to style-src and blocks
    // every style attribute: a Collapsible then shows unstyled until
    // hydration sets its state through the CSSOM.
    ['style-src', ["'self'", ...inline.styleElements].join(' ')],
    [
      'style-src-attr',
      inline.styleAttributes.length > 0
        ? ["'unsafe-hashes'", ...inline.styleAttributes].join(' ')
        : "'none'",
    ],
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
export function contentSecurityPolicy(inline: InlineHashes): string {
  return serializePolicy(cspDirectives(inline));
}

/** The same policy, less what a `<meta>` element cannot carry. */
export function metaContentSecurityPolicy(inline: InlineHashes): string {
  return serializePolicy(
    cspDirectives(inline).filter(([name]) => !HEADER_ONLY_DIRECTIVES.has(name)),
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
export function securityHeaders(inline: InlineHashes): Header[] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(inline)],
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
export function headerRules(inline: InlineHashes): HeaderRule[] {
  return [
    {path: '/*', headers: securityHeaders(inline)},
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
