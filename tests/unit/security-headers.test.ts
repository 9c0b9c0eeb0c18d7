// One security policy, every host (src/plugins/security-headers): a CSP <meta>
// in every page, build/_headers, vercel.json, deploy/Caddyfile and the nginx
// snippet, with the same header values byte for byte.
import {strict as assert} from 'node:assert';
import {mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import securityHeadersPlugin from '../../src/plugins/security-headers';
import {createHash} from 'node:crypto';
import {caddyfile} from '../../src/plugins/security-headers/caddy';
import {headersFile} from '../../src/plugins/security-headers/headers-file';
import {blockedStyles, inlineScriptHashes} from '../../src/plugins/security-headers/inline';
import {metaPolicies, metaTag, withMetaPolicy} from '../../src/plugins/security-headers/meta';
import {nginxSnippet} from '../../src/plugins/security-headers/nginx';
import {
  ALLOWED_STYLE_ATTRIBUTES,
  contentSecurityPolicy,
  cspDirectives,
  HEADER_ONLY_DIRECTIVES,
  headerRules,
  metaContentSecurityPolicy,
  securityHeaders,
} from '../../src/plugins/security-headers/policy';
import {vercelJson} from '../../src/plugins/security-headers/vercel';
import {parseCaddyfile, parseHeadersFile, parseNginxSnippet, parseVercelJson} from '../headers';
import {nginxConfProblems, problems} from '../../scripts/security-headers';

const ROOT = join(__dirname, '../..');
const HASHES = ["'sha256-AAAA'", "'sha256-BBBB'"];

/** A page as Docusaurus 3.7.0 writes it, minified: no <head> start tag. */
const PAGE =
  '<!doctype html><html lang=zh-Hans><meta charset=UTF-8><meta name=generator content=x>' +
  '<script data-rh=true>banner()</script><link rel=stylesheet href=/a.css>' +
  '<script type="application/ld+json">{"a":1}</script><body><script>theme()</script>' +
  '<script src=/main.js></script><script data-bundle="/a.js">boot()</script>';

test('the inline scripts are hashed by their text, JSON-LD and src scripts left out', () => {
  const hashes = inlineScriptHashes([PAGE, PAGE.replace('boot()', 'other()')]);
  assert.equal(hashes.length, 4);
  // sha256("boot()"), whatever its attributes.
  assert.ok(
    hashes.includes("'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY='"),
    hashes.join(),
  );
});

test('_headers, vercel.json, the Caddyfile and nginx carry the same headers; the meta the same policy less frame-ancestors', () => {
  const headers = securityHeaders(HASHES);
  assert.deepEqual(
    headers.map(([name]) => name),
    [
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
      'X-Frame-Options',
      'Cross-Origin-Opener-Policy',
      'Strict-Transport-Security',
    ],
  );
  const rules = headerRules(HASHES);
  assert.deepEqual(
    rules.map((rule) => rule.path),
    ['/*', '/assets/*'],
  );
  assert.deepEqual(rules[0]?.headers, headers);
  assert.deepEqual(parseHeadersFile(headersFile(rules)), rules);
  assert.deepEqual(parseVercelJson(vercelJson(rules)), rules);
  assert.deepEqual(parseCaddyfile(caddyfile(rules)), rules);
  assert.deepEqual(parseNginxSnippet(nginxSnippet(headers)), headers);

  const csp = contentSecurityPolicy(HASHES);
  const meta = metaContentSecurityPolicy(HASHES);
  assert.match(csp, /; frame-ancestors 'none'$/);
  assert.equal(meta, csp.replace("; frame-ancestors 'none'", ''));
  for (const name of HEADER_ONLY_DIRECTIVES) {
    assert.doesNotMatch(meta, new RegExp(`(^|; )${name} `));
  }
  assert.match(meta, /script-src 'self' 'sha256-AAAA' 'sha256-BBBB';/);
  assert.doesNotMatch(csp, /https?:|\*|'unsafe-eval'/);
});

test('no directive allows inline code wholesale; style attributes only by the hashes of the allowed values', () => {
  const directives = new Map(cspDirectives(HASHES));
  for (const [name, value] of directives) assert.doesNotMatch(value, /'unsafe-inline'/, name);
  assert.equal(directives.get('style-src'), "'self'");
  // The browser hashes the attribute's value, as written (sha256 of "display:block;overflow:visible;height:auto").
  assert.equal(
    createHash('sha256').update('display:block;overflow:visible;height:auto').digest('base64'),
    'z1feagJIYQX5xSgilbQgdvBTP2Vm7MYfTpWz4KU5sxs=',
  );
  const attr = directives.get('style-src-attr') ?? '';
  assert.match(attr, /^'unsafe-hashes'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
  assert.ok(attr.includes("'sha256-z1feagJIYQX5xSgilbQgdvBTP2Vm7MYfTpWz4KU5sxs='"), attr);
  assert.equal(attr.split(' ').length, 1 + ALLOWED_STYLE_ATTRIBUTES.length);
});

test('the style check finds every style attribute and <style> the policy blocks, and nothing else', () => {
  const page =
    '<!doctype html><html><meta charset=UTF-8><style>p{color:red}</style><body>' +
    '<nav style=display:contents>a</nav><span class=token style="--l:#226e6d;--d:#bd93f9">b</span>' +
    "<ul style='display:block;overflow:visible;height:auto'></ul>" +
    '<svg><style>.x{}</style><path style="fill:red"/></svg>' +
    '<i style="a&amp;b">c</i>' +
    // Text that only looks like markup, in code and in a script, is not a style.
    '<code>&lt;p style="color:red"&gt;</code><script>var s = \'<b style="x">\';</script>';
  assert.deepEqual(blockedStyles(page), [
    '<style>',
    'style="display:contents"',
    'style="--l:#226e6d;--d:#bd93f9"',
    '<style>',
    'style="fill:red"',
    'style="a&b"',
  ]);
  assert.deepEqual(blockedStyles(PAGE), []);
});

test('HSTS is at least a year; the bundles are cached a year as immutable', () => {
  const rules = headerRules(HASHES);
  const hsts = rules[0]?.headers.find(([name]) => name === 'Strict-Transport-Security')?.[1];
  const maxAge = Number(/^max-age=(\d+)$/.exec(hsts ?? '')?.[1]);
  assert.ok(maxAge >= 365 * 24 * 3600, hsts);
  assert.deepEqual(rules[1]?.headers, [['Cache-Control', 'public, max-age=31536000, immutable']]);
});

test('_headers is a /* rule and an /assets/* rule with indented Name: value lines', () => {
  const lines = headersFile(headerRules(HASHES)).trimEnd().split('\n');
  const paths = lines.filter((line) => !line.startsWith('#') && !line.startsWith(' '));
  assert.deepEqual(paths, ['/*', '/assets/*']);
  for (const line of lines.filter((l) => l.startsWith(' '))) {
    assert.match(line, /^ {2}[A-Za-z-]+: \S/);
    // Cloudflare Pages' documented limit per line.
    assert.ok(line.length <= 2000);
  }
  // Cache-Control only under /assets/*: a bundle matches both rules and must get one value.
  const rules = parseHeadersFile(headersFile(headerRules(HASHES)));
  assert.ok(!rules[0]?.headers.some(([name]) => name === 'Cache-Control'));
});

test('a value the Caddyfile could not hold as written is refused', () => {
  const [, assets] = headerRules(HASHES);
  assert.ok(assets);
  const withBrace = [{path: '/*' as const, headers: [['X-Test', 'a {b}'] as const]}, assets];
  assert.throws(() => caddyfile(withBrace), /not written into a Caddyfile/);
});

test('the meta goes right after <meta charset>, before any script, and only once', () => {
  const tag = metaTag(metaContentSecurityPolicy(HASHES));
  const page = withMetaPolicy(PAGE, tag);
  assert.ok(page.startsWith('<!doctype html><html lang=zh-Hans><meta charset=UTF-8>' + tag));
  assert.deepEqual(metaPolicies(page), {
    policies: [metaContentSecurityPolicy(HASHES)],
    scriptBefore: false,
  });
  // Applied twice, or over an older policy, the page still has one.
  assert.equal(withMetaPolicy(page, tag), page);
  const other = metaTag(metaContentSecurityPolicy(["'sha256-CCCC'"]));
  assert.equal(metaPolicies(withMetaPolicy(page, other)).policies.length, 1);
  // With a <head> start tag and no charset, it opens <head>.
  assert.equal(
    withMetaPolicy('<html><head><script>x()</script>', tag),
    `<html><head>${tag}<script>x()</script>`,
  );
  assert.throws(() => withMetaPolicy('<p>no head</p>', tag));
  assert.deepEqual(metaPolicies(PAGE), {policies: [], scriptBefore: true});
});

test('the plugin writes the meta into every page and _headers; --check accepts that build and nothing less', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'security-headers-'));
  try {
    mkdirSync(join(dir, 'build/docs'), {recursive: true});
    writeFileSync(join(dir, 'build/index.html'), PAGE);
    writeFileSync(join(dir, 'build/docs/intro.html'), PAGE.replace('banner()', 'docs()'));
    const plugin = securityHeadersPlugin();
    await plugin.postBuild?.({outDir: join(dir, 'build')} as never);
    const hashes = inlineScriptHashes([PAGE, PAGE.replace('banner()', 'docs()')]);
    for (const file of ['index.html', 'docs/intro.html']) {
      const html = readFileSync(join(dir, 'build', file), 'utf8');
      assert.deepEqual(metaPolicies(html).policies, [metaContentSecurityPolicy(hashes)], file);
    }
    const rules = headerRules(hashes);
    const files = {
      snippet: join(dir, 'snippet.conf'),
      caddyfile: join(dir, 'Caddyfile'),
      vercel: join(dir, 'vercel.json'),
    };
    writeFileSync(files.snippet, nginxSnippet(securityHeaders(hashes)));
    writeFileSync(files.caddyfile, caddyfile(rules));
    writeFileSync(files.vercel, vercelJson(rules));
    const nginxConf = join(ROOT, 'deploy/nginx.conf');
    assert.deepEqual(problems(join(dir, 'build'), files, nginxConf), []);

    // A page rewritten without its meta, a stale _headers and stale host files are all reported.
    writeFileSync(join(dir, 'build/docs/intro.html'), PAGE);
    writeFileSync(join(dir, 'build/_headers'), '/*\n');
    writeFileSync(files.snippet, '# stale\n');
    writeFileSync(files.caddyfile, caddyfile(headerRules(["'sha256-OLD'"])));
    writeFileSync(files.vercel, vercelJson(headerRules(["'sha256-OLD'"])));
    const found = problems(join(dir, 'build'), files, nginxConf).join('\n');
    assert.match(found, /snippet\.conf does not match/);
    assert.match(found, /Caddyfile does not match/);
    assert.match(found, /vercel\.json does not match/);
    assert.match(found, /_headers is missing or does not match/);
    assert.match(found, /docs\/intro\.html: 0 CSP <meta> elements/);

    // A page with inline styles the policy blocks is reported, with what they are.
    writeFileSync(
      join(dir, 'build/index.html'),
      withMetaPolicy(PAGE, metaTag(metaContentSecurityPolicy(hashes))).replace(
        '<body>',
        '<body><nav style="display:contents"></nav><p style="color:red"></p><b style="color:red"></b>',
      ),
    );
    assert.match(
      problems(join(dir, 'build'), files, nginxConf).join('\n'),
      /^index\.html: 3 inline styles the CSP blocks \(use a class\): style="display:contents", style="color:red"$/m,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('deploy/nginx.conf: HSTS and the security headers on the HTTPS server only, the cache rules of the policy', () => {
  const conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  assert.deepEqual(nginxConfProblems(conf), []);
  const include = 'include /etc/nginx/snippets/zhandi-security-headers.conf;';
  const httpServer = /^server \{$[\s\S]*?^\}$/m.exec(conf)?.[0] ?? '';
  const leaky = conf.replace(httpServer, httpServer.replace('server_tokens off;', include));
  assert.match(nginxConfProblems(leaky).join(), /port 80 server sends security headers/);
  const cached = conf.replace('public, max-age=31536000, immutable', 'public, max-age=3600');
  assert.match(nginxConfProblems(cached).join(), /location \/assets\/ Cache-Control/);
  const noRedirect = conf.replace('return 301 https://$host$request_uri;', 'return 404;');
  assert.match(nginxConfProblems(noRedirect).join(), /does not redirect to HTTPS/);
  const bare = conf.replace(
    /^( {8})include \/etc\/nginx\/snippets\/zhandi-security-headers\.conf;\n(?=\s+add_header Cache-Control "public, max-age=31536000)/m,
    '',
  );
  assert.match(nginxConfProblems(bare).join(), /location \/assets\/ lacks the snippet/);
});

test('the plugin comes before route-chunk-scripts, the other plugin that rewrites pages', () => {
  const config = readFileSync(join(ROOT, 'docusaurus.config.ts'), 'utf8');
  const list = config.slice(config.indexOf('  plugins: ['));
  const at = (name: string) => list.search(new RegExp(`^\\s+\\[?${name}\\b`, 'm'));
  assert.ok(at('securityHeaders') >= 0 && at('securityHeaders') < at('routeChunkScripts'));
});

test('robots.txt names the sitemap at the site URL', () => {
  const config = readFileSync(join(ROOT, 'docusaurus.config.ts'), 'utf8');
  const url = /const SITE_URL = '([^']+)'/.exec(config)?.[1];
  const baseUrl = /const BASE_URL = '([^']+)'/.exec(config)?.[1];
  const robots = readFileSync(join(ROOT, 'static/robots.txt'), 'utf8');
  assert.ok(url && baseUrl);
  assert.deepEqual(
    [...robots.matchAll(/^Sitemap: (.+)$/gm)].map((m) => m[1]),
    [`${url}${baseUrl}sitemap.xml`],
  );
});
