// One security policy, every host (src/plugins/security-headers): a CSP <meta>
// in every page, build/_headers, vercel.json, deploy/Caddyfile and the nginx
// snippet, with the same header values byte for byte; the inline code it
// allows, hashed from what the allowed components wrote into the pages.
import {strict as assert} from 'node:assert';
import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import securityHeadersPlugin from '../../src/plugins/security-headers';
import {INLINE_COMPONENTS} from '../../src/plugins/security-headers/allowlist';
import {caddyfile} from '../../src/plugins/security-headers/caddy';
import {headersFile} from '../../src/plugins/security-headers/headers-file';
import {inlineReport, type InlineReport} from '../../src/plugins/security-headers/inline';
import {metaPolicies, metaTag, withMetaPolicy} from '../../src/plugins/security-headers/meta';
import {nginxSnippet} from '../../src/plugins/security-headers/nginx';
import {
  contentSecurityPolicy,
  cspDirectives,
  HEADER_ONLY_DIRECTIVES,
  headerRules,
  metaContentSecurityPolicy,
  securityHeaders,
  type InlineHashes,
} from '../../src/plugins/security-headers/policy';
import {vercelJson} from '../../src/plugins/security-headers/vercel';
import {parseCaddyfile, parseHeadersFile, parseNginxSnippet, parseVercelJson} from '../headers';
import {nginxConfProblems, problems} from '../../scripts/security-headers';

const ROOT = join(__dirname, '../..');
const HASHES: InlineHashes = {
  scripts: ["'sha256-AAAA'", "'sha256-BBBB'"],
  styleElements: [],
  styleAttributes: ["'sha256-CCCC'"],
};

/** `'sha256-…'` of a text, as the browser computes it. */
const hash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * A page as Docusaurus 3.7.0 writes it, minified (no <head> start tag), with
 * the inline code of the allowed components: core's base-URL banner script
 * (whose banner has a style attribute), the theme's colour mode script, the
 * template's boot script, a doc sidebar category's Collapsible; and JSON-LD
 * and a script file, which are not inline code.
 */
const BANNER =
  'function insertBanner(){n.innerHTML=\'<div id="__docusaurus-base-url-issue-banner" style="font-weight: bold;">x</div>\'}';
const PAGE =
  '<!doctype html><html lang=zh-Hans><meta charset=UTF-8><meta name=generator content=x>' +
  `<script data-rh=true>${BANNER}</script><link rel=stylesheet href=/a.css>` +
  '<script type="application/ld+json">{"a":1}</script><body>' +
  '<script>document.documentElement.setAttribute("data-theme","light")</script>' +
  '<div id=__docusaurus><nav class="menu thin-scrollbar"><ul class="theme-doc-sidebar-menu menu__list">' +
  '<li class="theme-doc-sidebar-item-category menu__list-item"><div>a</div>' +
  '<ul style="display:block;overflow:visible;height:auto" class=menu__list><li>b</ul></ul></nav></div>' +
  '<script src=/main.js></script><script data-bundle="/a.js">boot()</script>';

const report = (pages: Record<string, string>): InlineReport =>
  inlineReport(Object.entries(pages).map(([file, html]) => ({file, html})));

test('the allowed components’ inline code is hashed: scripts by their text, style attributes by their value, the banner’s styles from its script', () => {
  const {hashes, strays, written} = report({'index.html': PAGE});
  assert.deepEqual(strays, []);
  assert.deepEqual(
    hashes.scripts,
    [BANNER, 'document.documentElement.setAttribute("data-theme","light")', 'boot()']
      .map(hash)
      .sort(),
  );
  assert.equal(hashes.scripts.length, 3, 'JSON-LD and the script file are not hashed');
  assert.deepEqual(
    hashes.styleAttributes,
    ['display:block;overflow:visible;height:auto', 'font-weight: bold;'].map(hash).sort(),
  );
  assert.deepEqual([...written].sort(), [
    ['BaseUrlIssueBanner', 1],
    ['Collapsible', 1],
    ['boot script', 1],
    ['colour mode script', 1],
  ]);
  // The browser hashes the value as written: sha256 of "display:block;overflow:visible;height:auto".
  assert.ok(
    hashes.styleAttributes.includes("'sha256-z1feagJIYQX5xSgilbQgdvBTP2Vm7MYfTpWz4KU5sxs='"),
  );
  // Every component in the list has a name, a source and a kind.
  for (const component of INLINE_COMPONENTS) assert.ok(component.name && component.source);
});

test("the theme's CodeBlock (code-highlight switched off) is allowed its colours; the site's own code block is not", () => {
  const tokens =
    '<pre tabindex=0 class="prism-code language-bash codeBlock_x thin-scrollbar" style="color:#393a34;background-color:#f6f8fa">' +
    '<code class=codeBlockLines_x><span class=token-line style="color:#393a34">' +
    '<span class="token function" style="color:#b7313e">ls</span></span></code></pre>';
  const theme = `<body><article><div class=markdown><div class="language-bash codeBlockContainer_x theme-code-block" style="--prism-color:#393a34;--prism-background-color:#f6f8fa"><div class=codeBlockContent_x>${tokens}</div></div>`;
  const {hashes, strays} = report({'docs/intro.html': theme});
  assert.deepEqual(strays, []);
  assert.deepEqual(
    hashes.styleAttributes,
    [
      '--prism-color:#393a34;--prism-background-color:#f6f8fa',
      'color:#393a34;background-color:#f6f8fa',
      'color:#393a34',
      'color:#b7313e',
    ]
      .map(hash)
      .sort(),
  );
  // The site's CodeBlock renders the same classes with no style on the
  // container: its blocks carry none, and a style in one is a stray.
  const site = theme.replace(' style="--prism-color:#393a34;--prism-background-color:#f6f8fa"', '');
  assert.equal(report({'docs/intro.html': site}).strays.length, 3);
});

test("the theme's CodeBlock given highlighted elements (the site's CodeBlock switched off) is allowed its colours on the <pre>", () => {
  const pre =
    '<body><article><div class=markdown><pre tabindex=0 class="codeBlockStandalone_x thin-scrollbar language-bash codeBlockContainer_x theme-code-block" style="--prism-color:#393a34;--prism-background-color:#f6f8fa">' +
    '<code><span class=token-line><span class="token function l-b7313e d-50fa7b">ls</span></span></code></pre>';
  const {hashes, strays} = report({'docs/intro.html': pre});
  assert.deepEqual(strays, []);
  assert.deepEqual(hashes.styleAttributes, [
    hash('--prism-color:#393a34;--prism-background-color:#f6f8fa'),
  ]);
  // Without the theme's classes the same <pre> is a stray.
  const bare = pre.replace(' theme-code-block', '');
  assert.equal(report({'docs/intro.html': bare}).strays.length, 1);
});

test('inline code no allowed component wrote is a stray, named by page and element', () => {
  const page =
    PAGE.replace('<body>', '<body><style>p{color:red}</style>').replace(
      '<div id=__docusaurus>',
      '<div id=__docusaurus><main class="container main"><p style="color:red">x</p>' +
        '<button onclick="go()">b</button><script>track()</script></main>',
    ) + '<svg><style>.x{}</style></svg><script type=module>x()</script>';
  const {strays, hashes} = report({'blog/post.html': page});
  assert.deepEqual(
    strays.map(({page, kind, element}) => `${page}: ${kind} ${element}`),
    [
      'blog/post.html: style element <style> "p{color:red}" in html > body',
      'blog/post.html: style attribute <p style="color:red"> in html > body > div#__docusaurus > main.container.main',
      'blog/post.html: event handler <button onclick="go()"> in html > body > div#__docusaurus > main.container.main',
      'blog/post.html: script <script> "track()" in html > body > div#__docusaurus > main.container.main',
      'blog/post.html: style element <style> ".x{}" in html > body > svg',
      'blog/post.html: script <script type="module"> "x()" in html > body',
    ],
  );
  // A stray is not hashed: the policy blocks it.
  assert.ok(!hashes.styleAttributes.includes(hash('color:red')));
  assert.ok(!hashes.scripts.includes(hash('track()')));
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

test('no directive allows inline code wholesale: inline styles and scripts only by the hashes of what was written', () => {
  const directives = new Map(cspDirectives(HASHES));
  for (const [name, value] of directives) assert.doesNotMatch(value, /'unsafe-inline'/, name);
  assert.equal(directives.get('script-src'), "'self' 'sha256-AAAA' 'sha256-BBBB'");
  assert.equal(directives.get('style-src'), "'self'");
  assert.equal(directives.get('style-src-attr'), "'unsafe-hashes' 'sha256-CCCC'");
  // Nothing written, nothing allowed; a <style> an allowed component wrote, by hash.
  const none = new Map(
    cspDirectives({scripts: [], styleElements: ["'sha256-DDDD'"], styleAttributes: []}),
  );
  assert.equal(none.get('script-src'), "'self'");
  assert.equal(none.get('style-src'), "'self' 'sha256-DDDD'");
  assert.equal(none.get('style-src-attr'), "'none'");
});

test('inline code is read as the browser reads it: character references decoded, markup in text left alone', () => {
  const page =
    '<!doctype html><html><meta charset=UTF-8><body><div id=__docusaurus>' +
    '<li class=menu__list-item><ul class=menu__list style="a&amp;b"></ul></li>' +
    // Text that only looks like markup, in code and in a script, is not a style.
    '<code>&lt;p style="color:red"&gt;</code>' +
    '</div><script data-bundle=/a.js>var s = \'<b style="x">\';</script>';
  const {hashes, strays} = report({'index.html': page});
  assert.deepEqual(strays, []);
  assert.deepEqual(hashes.styleAttributes, [hash('a&b')]);
  assert.deepEqual(hashes.scripts, [hash('var s = \'<b style="x">\';')]);
  // Line breaks as the HTML standard's input stream normalises them.
  const crlf = report({'index.html': page.replace('var s', 'var\r\ns')});
  assert.deepEqual(crlf.hashes.scripts, [hash('var\ns = \'<b style="x">\';')]);
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
  const other = metaTag(metaContentSecurityPolicy({...HASHES, scripts: ["'sha256-EEEE'"]}));
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
    const docs = PAGE.replace('boot()', 'docs()');
    writeFileSync(join(dir, 'build/docs/intro.html'), docs);
    const plugin = securityHeadersPlugin();
    await plugin.postBuild?.({outDir: join(dir, 'build')} as never);
    const {hashes} = report({'index.html': PAGE, 'docs/intro.html': docs});
    assert.ok(hashes.scripts.includes(hash('docs()')) && hashes.scripts.includes(hash('boot()')));
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
    const old = {...hashes, scripts: ["'sha256-OLD'"]};
    writeFileSync(files.caddyfile, caddyfile(headerRules(old)));
    writeFileSync(files.vercel, vercelJson(headerRules(old)));
    const found = problems(join(dir, 'build'), files, nginxConf).join('\n');
    assert.match(found, /snippet\.conf does not match/);
    assert.match(found, /Caddyfile does not match/);
    assert.match(found, /vercel\.json does not match/);
    assert.match(found, /_headers is missing or does not match/);
    assert.match(found, /docs\/intro\.html: 0 CSP <meta> elements/);

    // A page with an inline style no allowed component wrote fails the
    // build, naming the page and the element, and --check reports it.
    writeFileSync(
      join(dir, 'build/index.html'),
      withMetaPolicy(PAGE, metaTag(metaContentSecurityPolicy(hashes))).replace(
        '<div id=__docusaurus>',
        '<div id=__docusaurus><nav class=navbar style="display:contents"></nav>',
      ),
    );
    const stray =
      /^ {2}index\.html: style attribute <nav class="navbar" style="display:contents"> in html > body > div#__docusaurus$/m;
    await assert.rejects(
      async () => plugin.postBuild?.({outDir: join(dir, 'build')} as never),
      (error: Error) => {
        assert.match(
          error.message,
          /^security-headers: 1 inline styles or scripts that no component in src\/plugins\/security-headers\/allowlist\.ts writes/,
        );
        assert.match(error.message, stray);
        return true;
      },
    );
    assert.match(problems(join(dir, 'build'), files, nginxConf).join('\n'), stray);
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
