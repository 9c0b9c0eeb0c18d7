import {
  CACHE_CONTROL,
  GENERATED,
  SERVER_NAME,
  SITE_ROOT,
  type Header,
  type HeaderRule,
} from './policy';

function caddyQuote(value: string): string {
  if (/["{}\\\n]/.test(value)) throw new Error(`not written into a Caddyfile as is: ${value}`);
  return `"${value}"`;
}

/**
 * `deploy/Caddyfile`: Caddy serving the build as deploy/nginx.conf does
 * (the same URLs, redirects with their query string, 404 page, compression,
 * headers and cache rules; tests/deploy runs the same checks on both). Caddy gets
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
\t# Hashed bundles never change under the same name: only a file that is
\t# there is cached for good, never a redirect or an error under /assets/.
\t@assets {
\t\tpath /assets/*
\t\tfile
\t}
\theader @assets ${assetHeaders.join(' ')}
\t# Everything else: always revalidated so a deploy shows up at once.
\t@pages not {
\t\tpath /assets/*
\t\tfile
\t}
\theader @pages Cache-Control ${caddyQuote(CACHE_CONTROL.revalidate)}

\t@dirIndex path_regexp dirIndex ^(/.+)/index\\.html$
\t@html path_regexp html ^(/.+)\\.html$
\t@slash path_regexp slash ^(/.+)/$
\t@query expression {query} != ""
\t# In the order written: the redirects see the URL as requested.
\troute {
\t\t# A redirect keeps the query string, as nginx's rewrite does.
\t\tvars @query querySuffix ?{query}
\t\t# The not-found page has no URL of its own (nginx: internal).
\t\terror /404.html 404
\t\t# /x.html, /x/index.html and /x/ all redirect, in one hop, to /x.
\t\tredir /index.html /{vars.querySuffix} permanent
\t\tredir @dirIndex {re.dirIndex.1}{vars.querySuffix} permanent
\t\tredir @html {re.html.1}{vars.querySuffix} permanent
\t\tredir @slash {re.slash.1}{vars.querySuffix} permanent
\t\ttry_files {path} {path}.html {path}/index.html
\t\tfile_server {
\t\t\tdisable_canonical_uris
\t\t}
\t}

\t# The Chinese not-found page, with the error's status. No error response
\t# is cached (the headers set above are still on it).
\thandle_errors {
\t\theader Cache-Control ${caddyQuote(CACHE_CONTROL.revalidate)}
\t\trewrite * /404.html
\t\tfile_server
\t}
}
`;
}
