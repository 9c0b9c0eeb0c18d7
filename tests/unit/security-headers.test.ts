// One security policy, three deliveries (src/plugins/security-headers): a CSP
// <meta> in every page, build/_headers, and the nginx snippet.
import {strict as assert} from 'node:assert';
import {mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import securityHeadersPlugin from '../../src/plugins/security-headers';
import {createHash} from 'node:crypto';
import {
  ALLOWED_STYLE_ATTRIBUTES,
  blockedStyles,
  cspDirectives,
  contentSecurityPolicy,
  headersFile,
  HEADER_ONLY_DIRECTIVES,
  inlineScriptHashes,
  metaContentSecurityPolicy,
  metaPolicies,
  metaTag,
  nginxSnippet,
  parseHeadersFile,
  parseNginxSnippet,
  securityHeaders,
  withMetaPolicy,
} from '../../src/plugins/security-headers/policy';
import {problems} from '../../scripts/security-headers';

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

test('the header, _headers and nginx carry the same set; the meta the same policy less frame-ancestors', () => {
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
    ],
  );
  assert.deepEqual(parseHeadersFile(headersFile(headers)), headers);
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

test('_headers is one /* rule with indented Name: value lines', () => {
  const lines = headersFile(securityHeaders(HASHES)).trimEnd().split('\n');
  assert.equal(lines.filter((line) => !line.startsWith('#'))[0], '/*');
  for (const line of lines.filter((l) => !l.startsWith('#') && l !== '/*')) {
    assert.match(line, /^ {2}[A-Za-z-]+: \S/);
    // Cloudflare Pages' documented limit per line.
    assert.ok(line.length <= 2000);
  }
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
    const snippet = join(dir, 'snippet.conf');
    writeFileSync(snippet, nginxSnippet(securityHeaders(hashes)));
    assert.deepEqual(problems(join(dir, 'build'), snippet), []);

    // A page rewritten without its meta, a stale _headers and a stale snippet are all reported.
    writeFileSync(join(dir, 'build/docs/intro.html'), PAGE);
    writeFileSync(join(dir, 'build/_headers'), '/*\n');
    writeFileSync(snippet, '# stale\n');
    const found = problems(join(dir, 'build'), snippet).join('\n');
    assert.match(found, /snippet\.conf does not match/);
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
      problems(join(dir, 'build'), snippet).join('\n'),
      /^index\.html: 3 inline styles the CSP blocks \(use a class\): style="display:contents", style="color:red"$/m,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
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
