/**
 * Writes every host's copy of the security headers from the build, with the
 * policy the build's pages and `_headers` carry
 * (src/plugins/security-headers/policy.ts): the nginx snippet
 * (deploy/security-headers.conf), deploy/Caddyfile and vercel.json.
 *
 *   tsx scripts/security-headers.ts          write the files
 *   tsx scripts/security-headers.ts --check  fail if any of them, build/_headers
 *                                            or any page's CSP <meta> does not
 *                                            match the build's inline scripts
 *                                            and styles, or deploy/nginx.conf's
 *                                            cache rules and HTTPS layout leave
 *                                            the policy, or a page has inline
 *                                            code no allowed component wrote
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {builtPages} from '../src/lib/build-files';
import {caddyfile} from '../src/plugins/security-headers/caddy';
import {HEADERS_FILE, headersFile} from '../src/plugins/security-headers/headers-file';
import {inlineReport, straysMessage} from '../src/plugins/security-headers/inline';
import {metaPolicies} from '../src/plugins/security-headers/meta';
import {nginxSnippet} from '../src/plugins/security-headers/nginx';
import {
  CACHE_CONTROL,
  headerRules,
  metaContentSecurityPolicy,
  securityHeaders,
} from '../src/plugins/security-headers/policy';
import {vercelJson} from '../src/plugins/security-headers/vercel';

const BUILD_DIR = 'build';
export const SNIPPET_FILE = 'deploy/security-headers.conf';
export const CADDYFILE = 'deploy/Caddyfile';
export const VERCEL_JSON = 'vercel.json';
export const NGINX_CONF = 'deploy/nginx.conf';
const SNIPPET_INCLUDE = 'include /etc/nginx/snippets/zhandi-security-headers.conf;';

/** The generated files, each with what it is written from. */
export type HostFiles = Readonly<{snippet: string; caddyfile: string; vercel: string}>;
const HOST_FILES: HostFiles = {snippet: SNIPPET_FILE, caddyfile: CADDYFILE, vercel: VERCEL_JSON};

/** What the build's pages, its `_headers` and each host's file should say. */
export function expected(buildDir = BUILD_DIR) {
  const pages = builtPages(buildDir).map((file) => ({
    file,
    html: readFileSync(join(buildDir, file), 'utf8'),
  }));
  const {hashes, strays, written} = inlineReport(pages);
  const rules = headerRules(hashes);
  return {
    pages,
    hashes,
    strays,
    written,
    meta: metaContentSecurityPolicy(hashes),
    headersFile: headersFile(rules),
    files: {
      snippet: nginxSnippet(securityHeaders(hashes)),
      caddyfile: caddyfile(rules),
      vercel: vercelJson(rules),
    } satisfies HostFiles,
  };
}

/**
 * How deploy/nginx.conf strays from the policy: the plain-HTTP server only
 * redirects (and sends no security header, so no HSTS); the HTTPS server
 * includes the snippet in every location, with the policy's Cache-Control.
 */
export function nginxConfProblems(text: string, file = NGINX_CONF): string[] {
  const servers = text.split(/^server \{$/m).slice(1);
  const plain = servers.filter((s) => /^\s*listen 80;$/m.test(s));
  const tls = servers.filter((s) => /^\s*listen 443 ssl\b/m.test(s));
  if (plain.length !== 1 || tls.length !== 1) {
    return [`${file}: expected one server on port 80 and one on 443 ssl`];
  }
  const found: string[] = [];
  const [http = '', https = ''] = [plain[0], tls[0]];
  if (!/return 301 https:\/\/\$host\$request_uri;/.test(http)) {
    found.push(`${file}: the port 80 server does not redirect to HTTPS`);
  }
  if (http.includes(SNIPPET_INCLUDE) || /Strict-Transport-Security/i.test(http)) {
    found.push(`${file}: the port 80 server sends security headers (HSTS belongs to HTTPS only)`);
  }
  const locations = [...https.matchAll(/^ {4}location (.+?) \{$([\s\S]*?)^ {4}\}$/gm)];
  for (const [, where = '', body = ''] of locations) {
    if (!body.includes(SNIPPET_INCLUDE)) found.push(`${file}: location ${where} lacks the snippet`);
    const cache = /add_header Cache-Control "([^"]*)" always;/.exec(body)?.[1];
    const want = where === '/assets/' ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate;
    if (cache !== want) found.push(`${file}: location ${where} Cache-Control is not "${want}"`);
  }
  if (locations.length === 0) found.push(`${file}: the HTTPS server has no location`);
  return found;
}

/** Every way the build and the hosts' files differ from the policy, in words. */
export function problems(
  buildDir = BUILD_DIR,
  files: HostFiles = HOST_FILES,
  nginxConf = NGINX_CONF,
): string[] {
  const want = expected(buildDir);
  const found: string[] = [];
  const read = (file: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  for (const key of Object.keys(files) as (keyof HostFiles)[]) {
    if (read(files[key]) !== want.files[key]) {
      found.push(
        `${files[key]} does not match the inline code of ${buildDir}/: ` +
          'run `npm run build && npm run deploy:headers` and commit the result',
      );
    }
  }
  if (read(join(buildDir, HEADERS_FILE)) !== want.headersFile) {
    found.push(`${buildDir}/${HEADERS_FILE} is missing or does not match the policy`);
  }
  found.push(...nginxConfProblems(read(nginxConf), nginxConf));
  for (const {file, html} of want.pages) {
    const {policies, scriptBefore} = metaPolicies(html);
    if (policies.length !== 1) found.push(`${file}: ${policies.length} CSP <meta> elements`);
    else if (policies[0] !== want.meta) found.push(`${file}: its CSP <meta> is not the policy`);
    if (scriptBefore) found.push(`${file}: a script comes before the CSP <meta>`);
  }
  if (want.strays.length > 0) found.push(straysMessage(want.strays));
  return found;
}

function main(): void {
  if (process.argv.includes('--check')) {
    const found = problems();
    if (found.length > 0) {
      console.error(found.join('\n'));
      process.exit(1);
    }
    const {pages, hashes, written} = expected();
    const components = [...written].map(([name, count]) => `${name} ${count}`).join(', ');
    console.log(
      `${Object.values(HOST_FILES).join(', ')}, ${BUILD_DIR}/${HEADERS_FILE} and the CSP <meta> ` +
        `of ${pages.length} pages match ${BUILD_DIR}/ (hashes: ${hashes.scripts.length} scripts, ` +
        `${hashes.styleElements.length} <style> elements, ${hashes.styleAttributes.length} style attributes); ` +
        `${NGINX_CONF} keeps the policy's cache rules and HSTS on HTTPS only; ` +
        `every inline script and style comes from an allowed component (${components})`,
    );
    return;
  }
  const {files} = expected();
  for (const key of Object.keys(HOST_FILES) as (keyof HostFiles)[]) {
    writeFileSync(HOST_FILES[key], files[key]);
    console.log(`wrote ${HOST_FILES[key]}`);
  }
}

if (process.argv[1]?.endsWith('security-headers.ts')) main();
