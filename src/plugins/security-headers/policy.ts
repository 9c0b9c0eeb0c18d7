/**
 * The site's security policy, in one place, and the forms it is delivered in:
 *
 * - a `<meta http-equiv="Content-Security-Policy">` in every page, for hosts
 *   that cannot set response headers (GitHub Pages);
 * - `build/_headers`, for hosts that read one (Cloudflare Pages, Netlify);
 * - `vercel.json`, for Vercel;
 * - `deploy/Caddyfile`, the whole Caddy config;
 * - `deploy/security-headers.conf`, an nginx snippet (deploy/nginx.conf).
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
import {Parser} from 'htmlparser2';
import {escapeAttribute, unescapeXml} from '../../lib/escape';

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
 * headers indented beneath it. `/*` matches every path on both hosts, and
 * `/assets/*` everything under /assets/.
 */
export function headersFile(rules: readonly HeaderRule[]): string {
  return [
    '# Written by src/plugins/security-headers during the build: do not edit by hand.',
    ...rules.flatMap(({path, headers}) => [
      path,
      ...headers.map(([name, value]) => `  ${name}: ${value}`),
    ]),
    '',
  ].join('\n');
}

/** A `_headers` path pattern as a Vercel `source` (path-to-regexp). */
function vercelSource(path: HeaderRule['path']): string {
  return path.replace(/\*$/, '(.*)');
}

/**
 * `vercel.json`: Vercel's build settings for this site and the same header
 * rules. `cleanUrls` serves /docs/intro from docs/intro.html (and redirects
 * /docs/intro.html there); `trailingSlash: false` redirects /docs/intro/.
 * Vercel redirects with 308 where nginx and Caddy use 301.
 */
export function vercelJson(rules: readonly HeaderRule[]): string {
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    framework: 'docusaurus-2',
    installCommand: 'npm ci',
    buildCommand: 'npm run build',
    outputDirectory: 'build',
    cleanUrls: true,
    trailingSlash: false,
    headers: rules.map(({path, headers}) => ({
      source: vercelSource(path),
      headers: headers.map(([key, value]) => ({key, value})),
    })),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The header rules a `vercel.json` sets, as `_headers` patterns. */
export function parseVercelJson(text: string): HeaderRule[] {
  const config = JSON.parse(text) as {
    headers?: {source: string; headers: {key: string; value: string}[]}[];
  };
  return (config.headers ?? []).map(({source, headers}) => ({
    path: source.replace(/\(\.\*\)$/, '*') as HeaderRule['path'],
    headers: headers.map(({key, value}) => [key, value] as const),
  }));
}

/** The site name the generated server configs answer to (docusaurus.config.ts `url`). */
export const SERVER_NAME = 'linshen-dev.github.io';

/** Where the deploy page installs the build on a server of one's own. */
export const SITE_ROOT = '/var/www/zhandi';

function caddyQuote(value: string): string {
  if (/["{}\\\n]/.test(value)) throw new Error(`not written into a Caddyfile as is: ${value}`);
  return `"${value}"`;
}

/**
 * `deploy/Caddyfile`: Caddy serving the build as deploy/nginx.conf does
 * (the same URLs, redirects, 404 page, compression and headers). Caddy gets
 * and renews the certificate itself and redirects HTTP to HTTPS; the headers
 * below go on the HTTPS responses only.
 */
export function caddyfile(rules: readonly HeaderRule[]): string {
  const [all, assets] = rules;
  if (all?.path !== '/*' || assets?.path !== '/assets/*') {
    throw new Error('caddyfile: expected the /* rule, then the /assets/* rule');
  }
  const block = (headers: readonly Header[]): string[] =>
    headers.map(([name, value]) => `\t\t${name} ${caddyQuote(value)}`);
  const assetHeaders = assets.headers.map(([n, v]) => `${n} ${caddyQuote(v)}`);
  return `# ${GENERATED}
# Caddy serving the production build (trailingSlash: false) over HTTPS: Caddy
# gets the certificate and redirects HTTP to HTTPS by itself.
# Install: copy build/ to ${SITE_ROOT} and this file to /etc/caddy/Caddyfile.
${SERVER_NAME} {
\troot * ${SITE_ROOT}
\tencode zstd gzip

\theader {
${block(all.headers).join('\n')}
\t}
\t# Hashed bundles never change under the same name.
\t@assets path /assets/*
\theader @assets ${assetHeaders.join(' ')}
\t# Pages: always revalidated so a deploy shows up at once.
\t@pages not path /assets/*
\theader @pages Cache-Control ${caddyQuote(CACHE_CONTROL.revalidate)}

\t@dirIndex path_regexp dirIndex ^(/.+)/index\\.html$
\t@html path_regexp html ^(/.+)\\.html$
\t@slash path_regexp slash ^(/.+)/$
\t# In the order written: the redirects see the URL as requested.
\troute {
\t\t# /x.html, /x/index.html and /x/ all redirect, in one hop, to /x.
\t\tredir /index.html / permanent
\t\tredir @dirIndex {re.dirIndex.1} permanent
\t\tredir @html {re.html.1} permanent
\t\tredir @slash {re.slash.1} permanent
\t\ttry_files {path} {path}.html {path}/index.html
\t\tfile_server {
\t\t\tdisable_canonical_uris
\t\t}
\t}

\t# The Chinese not-found page, with status 404.
\thandle_errors {
\t\trewrite * /404.html
\t\tfile_server
\t}
}
`;
}

/** The header rules a Caddyfile sets (this generator's shape), as `_headers` patterns. */
export function parseCaddyfile(text: string): HeaderRule[] {
  const unquote = (value: string): string => value.replace(/^"(.*)"$/, '$1');
  const all = /^\theader \{\n([\s\S]*?)\n\t\}$/m.exec(text)?.[1] ?? '';
  const allHeaders = all
    .split('\n')
    .map((line) => /^\t\t(\S+) (.*)$/.exec(line))
    .map((m) => [m?.[1] ?? '', unquote(m?.[2] ?? '')] as const);
  const assets = [...text.matchAll(/^\theader @assets (\S+) (.*)$/gm)].map(
    ([, name, value]) => [name ?? '', unquote(value ?? '')] as const,
  );
  return [
    {path: '/*', headers: allHeaders},
    {path: '/assets/*', headers: assets},
  ];
}

/** The headers an nginx snippet sets, in order. */
export function parseNginxSnippet(text: string): Header[] {
  return [...text.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(
    ([, name, value]) => [name ?? '', value ?? ''] as const,
  );
}

/** The header rules a `_headers` file sets, in order. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: {path: HeaderRule['path']; headers: Header[]}[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({path: line.trim() as HeaderRule['path'], headers: []});
      continue;
    }
    const match = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (match) rules.at(-1)?.headers.push([match[1] ?? '', match[2] ?? '']);
  }
  return rules;
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
  const policies = tags.map((tag) =>
    unescapeXml(
      /\scontent=(?:"([^"]*)"|'([^']*)'|([^\s>]*))/
        .exec(tag[0])
        ?.slice(1)
        .find((v) => v !== undefined) ?? '',
    ),
  );
  const first = tags[0]?.index ?? html.length;
  return {policies, scriptBefore: /<script[\s>]/i.test(html.slice(0, first))};
}
