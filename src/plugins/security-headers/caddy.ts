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
