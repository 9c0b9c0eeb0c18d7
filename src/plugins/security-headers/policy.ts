/**
 * The site's security policy, in one place, and the three forms it is
 * delivered in:
 *
 * - a `<meta http-equiv="Content-Security-Policy">` in every page, for hosts
 *   that cannot set response headers (GitHub Pages);
 * - `build/_headers`, for hosts that read one (Cloudflare Pages, Netlify);
 * - `deploy/security-headers.conf`, an nginx snippet (deploy/nginx.conf).
 *
 * The Content-Security-Policy allows the pages' inline scripts by their
 * SHA-256 hash and nothing from other origins. Styles come from the site's
 * stylesheets only: no `<style>` element and no `style` attribute, except the
 * few Docusaurus's own code writes, allowed by hash
 * (`ALLOWED_STYLE_ATTRIBUTES`). Styles scripts set through the CSSOM
 * (`element.style.x = …`, which React does for a `style` prop on the client)
 * are not governed by the CSP.
 */
import {createHash} from 'node:crypto';
import {Parser} from 'htmlparser2';

/** A source's CSP hash expression: `'sha256-…'`. */
function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** A `<script>` element without `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** Hashes (`'sha256-…'`) of every executable inline script in the pages, sorted. */
export function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
      // Data blocks (JSON-LD) do not run, so CSP does not govern them.
      if (/type="?application\/(ld\+)?json/.test(attributes ?? '')) continue;
      hashes.add(sha256(body ?? ''));
    }
  }
  return [...hashes].sort();
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

/**
 * Every `style` attribute and `<style>` element of a page that the policy
 * blocks, in words (`style="…"`, `<style>`). Attributes are compared as the
 * browser hashes them: their value with character references decoded.
 */
export function blockedStyles(html: string): string[] {
  const allowed = new Set(ALLOWED_STYLE_ATTRIBUTES);
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'style') found.push('<style>');
        const style = attributes.style;
        if (style !== undefined && !allowed.has(style)) found.push(`style="${style}"`);
      },
    },
    {decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true},
  );
  parser.write(html);
  parser.end();
  return found;
}

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
  ];
}

const GENERATED = 'Generated by scripts/security-headers.ts from build/: do not edit by hand.';

/** The nginx snippet deploy/nginx.conf includes in every location. */
export function nginxSnippet(headers: readonly Header[]): string {
  return [
    `# ${GENERATED}`,
    ...headers.map(([name, value]) => `add_header ${name} "${value}" always;`),
    '',
  ].join('\n');
}

/**
 * `_headers` for Cloudflare Pages and Netlify: a path pattern, then the
 * headers indented beneath it. `/*` matches every path on both hosts.
 */
export function headersFile(headers: readonly Header[]): string {
  return [
    '# Written by src/plugins/security-headers during the build: do not edit by hand.',
    '/*',
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}

/** The headers an nginx snippet sets, in order. */
export function parseNginxSnippet(text: string): Header[] {
  return [...text.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(
    ([, name, value]) => [name ?? '', value ?? ''] as const,
  );
}

/** The headers a `_headers` file sets for `/*`, in order. */
export function parseHeadersFile(text: string): Header[] {
  const headers: Header[] = [];
  let path: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      path = line.trim();
      continue;
    }
    const match = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (path === '/*' && match) headers.push([match[1] ?? '', match[2] ?? '']);
  }
  return headers;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

export function metaTag(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`;
}

/** Every CSP `<meta>` element of a page (attributes in any order, quoted or not). */
const CSP_META = /<meta\b(?=[^>]*\shttp-equiv=["']?content-security-policy["'\s>])[^>]*>/gi;
const CHARSET_META = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i;
const HEAD_START = /<head(\s[^>]*)?>/i;

/**
 * The page with `tag` as its only CSP `<meta>`, placed as early in `<head>`
 * as it may be: right after `<meta charset>` (which must come first), else
 * at the start of `<head>`. A policy in a `<meta>` element governs only what
 * comes after it, so it must precede every script and stylesheet. The
 * minified pages of Docusaurus 3.7.0 omit the optional `<head>` start tag and
 * open with `<meta charset=UTF-8>`; a page with neither throws.
 */
export function withMetaPolicy(html: string, tag: string): string {
  const page = html.replace(CSP_META, '');
  for (const anchor of [CHARSET_META, HEAD_START]) {
    const match = anchor.exec(page);
    if (match) {
      const at = match.index + match[0].length;
      return page.slice(0, at) + tag + page.slice(at);
    }
  }
  throw new Error('no <meta charset> and no <head> to put the CSP <meta> after');
}

/** The policies of a page's CSP `<meta>` elements, and whether any script comes before the first. */
export function metaPolicies(html: string): {policies: string[]; scriptBefore: boolean} {
  const tags = [...html.matchAll(CSP_META)];
  const policies = tags.map(
    (tag) =>
      /\scontent=(?:"([^"]*)"|'([^']*)'|([^\s>]*))/
        .exec(tag[0])
        ?.slice(1)
        .find((v) => v !== undefined)
        ?.replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&') ?? '',
  );
  const first = tags[0]?.index ?? html.length;
  return {policies, scriptBefore: /<script[\s>]/i.test(html.slice(0, first))};
}
