/**
 * Issue 17: the tutorial's commands run as written. Each shell block in docs/
 * is marked `test` (run here, in a temporary copy of the repository, and the
 * outcome the page states is checked) or `notest="原因"`. Runs after the build:
 * the deploy steps install build/.
 */
import {strict as assert} from 'node:assert';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import {nginxInstall, prefixedNginxConf} from '../../scripts/lib/nginx-conf';
import {serve, stop, waitForServer} from '../../scripts/lib/serve';
import {makeTestCertificate, testCertificatePaths} from '../../scripts/lib/test-certificate';
import {SERVER_NAME} from '../../src/plugins/security-headers/policy';
import {docBlocks, SHELL_LANGUAGES, testedBlock} from './blocks';
import {bash, copyRepository, ROOT} from './sandbox';

const DEPLOY = 'docs/tutorial-basics/deploy-your-site.md';
const BLOG_POST = 'docs/tutorial-basics/create-a-blog-post.md';
const VERSIONS = 'docs/tutorial-extras/manage-docs-versions.md';
const TRANSLATE = 'docs/tutorial-extras/translate-your-site.md';

/** Every block marked `test`, by page and title: each is run by a test below. */
const RUN_HERE: ReadonlyArray<readonly [string, string]> = [
  [BLOG_POST, '新建一篇文章'],
  [BLOG_POST, '删掉练手的文章'],
  [DEPLOY, '在服务器上安装'],
  [DEPLOY, '检查 HTTPS、跳转和 HSTS'],
  [DEPLOY, '重新生成安全响应头'],
  [VERSIONS, '创建 1.0 版的文档快照'],
  [TRANSLATE, '生成英文的翻译文件'],
];

/** Ports of the servers these tests start (loopback only), clear of the e2e and bench ports. */
const NGINX_PORT = Number(process.env.DOCS_NGINX_PORT ?? 4281);
const SERVE_PORT = Number(process.env.DOCS_SERVE_PORT ?? 4282);
/** Where the installed nginx's HTTPS server (port 443 on a server) listens. */
const NGINX_TLS_PORT = Number(process.env.DOCS_NGINX_TLS_PORT ?? 4283);

const copies: string[] = [];
after(() => {
  for (const dir of copies) rmSync(dir, {recursive: true, force: true});
});
function sandbox(name: string): string {
  const dir = copyRepository(name);
  copies.push(dir);
  return dir;
}

test('every shell block in docs/ is run by a test here or says why not', () => {
  const shell = docBlocks().filter((block) => SHELL_LANGUAGES.has(block.language));
  assert.ok(shell.length > 0);
  for (const block of shell) {
    const where = `${block.page}:${block.line}`;
    assert.ok(block.test || block.notest !== undefined, `${where}: mark it test or notest="原因"`);
    assert.ok(!(block.test && block.notest !== undefined), `${where}: both test and notest`);
    if (block.notest !== undefined) {
      assert.match(block.notest, /\p{Script=Han}{4}/u, `${where}: notest gives a reason`);
    }
  }
  const marked = shell.filter((b) => b.test).map((b) => `${b.page} ${b.title ?? `line ${b.line}`}`);
  assert.deepEqual(marked.sort(), RUN_HERE.map(([page, title]) => `${page} ${title}`).sort());
});

describe('create-a-blog-post: npm run new:post in a temporary copy', () => {
  test('the post file appears, the content tests list what is left to write, and a second run is refused', () => {
    const block = testedBlock(BLOG_POST, '新建一篇文章');
    const dir = sandbox('new-post');
    const run = bash(block.code, dir);
    assert.equal(run.status, 0, run.output);
    const [, slug, date] = /new:post -- (\S+) "[^"]*" (\S+)/.exec(block.code) ?? [];
    const file = `blog/${date}-${slug}.md`;
    const text = readFileSync(join(dir, file), 'utf8');
    assert.match(text, /^---\ntitle: 用 802\.11s 给家里组一张 Mesh 网\n/);
    assert.match(text, /^authors: \[linshen\]$/m);
    assert.match(text, /^<!-- truncate -->$/m);
    assert.match(text, /^## 参考资料$/m);

    // The page's claims: the content tests name the scaffold parts still to replace.
    const checks = bash('npx tsx --test --test-reporter=tap tests/content/blog.test.ts', dir);
    assert.notEqual(checks.status, 0, 'the content tests fail on the scaffold');
    for (const claim of [
      /not ok \d+ - nothing is left of the stand-in text of npm run new:post/,
      /description[\s\S]*opening[\s\S]*heading[\s\S]*body[\s\S]*reference/,
      /Han characters, need 1500/,
      /1 links in 参考资料, need 2/,
      /at least one code block/,
      /COMMIT is neither a full commit SHA nor a version tag/,
    ]) {
      assert.match(checks.output, claim);
    }

    const again = bash(block.code, dir);
    assert.notEqual(again.status, 0);
    assert.match(
      again.output,
      /没有创建文章：blog\/2025-10-20-wifi-mesh-setup\.md 已经用了 slug "wifi-mesh-setup"，换一个/,
    );

    // The page then deletes the practice post: blog/ is as it was, and the
    // content tests no longer report it.
    const cleanup = bash(testedBlock(BLOG_POST, '删掉练手的文章').code, dir);
    assert.equal(cleanup.status, 0, cleanup.output);
    assert.deepEqual(readdirSync(join(dir, 'blog')).sort(), readdirSync(join(ROOT, 'blog')).sort());
    const rerun = bash('npx tsx --test --test-reporter=tap tests/content/blog.test.ts', dir);
    assert.match(rerun.output, /^# tests \d+$/m, rerun.output.slice(-2000));
    assert.doesNotMatch(rerun.output, /wifi-mesh-setup/);
  });
});

describe('deploy-your-site: the nginx install over HTTPS, under a temporary prefix', () => {
  const installed = nginxInstall();
  /** The installed nginx of `prefix`, as a shell command (by path: an ordinary user's PATH has no /usr/sbin). */
  const nginxIn = (prefix: string) =>
    `${installed.binary} -p "${prefix}" -e "${prefix}/error.log" -c "${prefix}/etc/nginx/nginx.conf"`;

  /**
   * Runs the page's install steps with the reader's absolute paths under a
   * new prefix, laid out as Debian's nginx package leaves a server (its
   * default site enabled) and with a certificate where certbot writes one.
   * `ipv6: false` plays a host whose kernel has no IPv6.
   */
  function install(ipv6: boolean): {prefix: string; run: {status: number | null; output: string}} {
    const block = testedBlock(DEPLOY, '在服务器上安装');
    // Left 0700: nginx's workers run as whoever starts it (scripts/lib/nginx-conf.ts).
    const prefix = mkdtempSync(join(tmpdir(), 'zhandi-nginx-'));
    copies.push(prefix);
    for (const dir of ['etc/nginx/conf.d', 'etc/nginx/snippets', 'tmp']) {
      mkdirSync(join(prefix, dir), {recursive: true});
    }
    copyFileSync(installed.mimeTypes, join(prefix, 'etc/nginx/mime.types'));
    // Debian's default site, enabled: the default server on the port, which
    // answers every request until the reader's steps disable it.
    mkdirSync(join(prefix, 'etc/nginx/sites-available'), {recursive: true});
    mkdirSync(join(prefix, 'etc/nginx/sites-enabled'), {recursive: true});
    writeFileSync(
      join(prefix, 'etc/nginx/sites-available/default'),
      `server {
  listen 127.0.0.1:${NGINX_PORT} default_server;
  server_name _;
  location / { return 200 "Welcome to nginx!"; }
}
`,
    );
    symlinkSync(
      join(prefix, 'etc/nginx/sites-available/default'),
      join(prefix, 'etc/nginx/sites-enabled/default'),
    );
    writeFileSync(
      join(prefix, 'etc/nginx/nginx.conf'),
      prefixedNginxConf(
        prefix,
        `${prefix}/etc/nginx/mime.types`,
        `  include ${prefix}/etc/nginx/conf.d/*.conf;\n  include ${prefix}/etc/nginx/sites-enabled/*;`,
      ),
    );
    // What `certbot certonly` leaves: the chain and the key under live/<name>/.
    const live = join(prefix, `etc/letsencrypt/live/${SERVER_NAME}`);
    mkdirSync(live, {recursive: true});
    const certificate = makeTestCertificate(prefix);
    copyFileSync(certificate.cert, join(live, 'fullchain.pem'));
    copyFileSync(certificate.key, join(live, 'privkey.pem'));
    // The reader's absolute paths move under the prefix; so do those in the
    // installed config, whose ports 80 and 443 become loopback ports.
    let steps = block.code.replace(/(?<![\w/.])\/(etc\/nginx|var\/www)\b/g, `${prefix}/$1`);
    if (!ipv6) steps = steps.replaceAll('/proc/net/if_inet6', `${prefix}/no-ipv6-here`);
    const prelude = `set -euo pipefail
P='${prefix}'
sudo() { "$@"; }
localize() {
  sed -i -e "s#/etc/nginx/#$P/etc/nginx/#g" -e "s#/var/www/#$P/var/www/#g" \\
    -e "s#/etc/letsencrypt/#$P/etc/letsencrypt/#g" \\
    -e "s#listen 80;#listen 127.0.0.1:${NGINX_PORT};#" \\
    -e "s#listen 443 ssl#listen 127.0.0.1:${NGINX_TLS_PORT} ssl#" "$P"/etc/nginx/conf.d/*.conf
  for f in "$P"/etc/nginx/snippets/zhandi-listen-ipv6-*.conf; do
    [ -e "$f" ] || continue
    sed -i -e "s#listen \\[::\\]:80;#listen [::1]:${NGINX_PORT};#" \\
      -e "s#listen \\[::\\]:443 ssl#listen [::1]:${NGINX_TLS_PORT} ssl#" "$f"
  done
}
nginx() { localize; command ${nginxIn(prefix)} "$@"; }
systemctl() {
  if [ "$*" = "reload nginx" ]; then command ${nginxIn(prefix)}; else echo "unexpected: systemctl $*" >&2; return 1; fi
}
`;
    return {prefix, run: bash(`${prelude}${steps}\n`, ROOT)};
  }

  /** The page's curl check, as written, against the installed server, trusting the test certificate. */
  function curlCheck(prefix: string): string[] {
    const block = testedBlock(DEPLOY, '检查 HTTPS、跳转和 HSTS');
    const run = bash(
      `set -euo pipefail
curl() {
  command curl --silent --show-error --cacert "${testCertificatePaths(prefix).cert}" \\
    --connect-to ${SERVER_NAME}:80:127.0.0.1:${NGINX_PORT} \\
    --connect-to ${SERVER_NAME}:443:127.0.0.1:${NGINX_TLS_PORT} "$@"
}
${block.code}`,
      ROOT,
    );
    assert.equal(run.status, 0, run.output);
    // One response head per command, in order.
    return run.output.split(/\r?\n\r?\n/).filter((head) => head.trim() !== '');
  }

  // IPv6 with a loopback address to test it on: the kernel has it (the page's
  // test) and ::1 is up (a container may list IPv6 with it switched off).
  const hasIpv6 =
    existsSync('/proc/net/if_inet6') &&
    /^0{31}1\s/m.test(readFileSync('/proc/net/if_inet6', 'utf8'));

  /** Waits for the installed port-80 server, which answers everything with a redirect. */
  async function waitForRedirects(): Promise<void> {
    for (let i = 0; i < 120; i += 1) {
      const status = await fetch(`http://127.0.0.1:${NGINX_PORT}/`, {redirect: 'manual'})
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 301) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`nginx did not answer on port ${NGINX_PORT}`);
  }

  test('the steps as written install HTTPS with HSTS, a one-hop redirect from HTTP, and the page’s curl check shows both', async () => {
    const {prefix, run} = install(hasIpv6);
    try {
      assert.equal(run.status, 0, run.output);
      assert.match(run.output, /syntax is ok[\s\S]*test is successful/);
      assert.ok(!existsSync(join(prefix, 'etc/nginx/sites-enabled/default')), 'default site off');
      assert.ok(existsSync(join(prefix, 'etc/nginx/sites-available/default')), 'and kept');
      const ipv6Snippet = join(prefix, 'etc/nginx/snippets/zhandi-listen-ipv6-https.conf');
      assert.equal(
        existsSync(ipv6Snippet),
        hasIpv6,
        'IPv6 snippets copied where the host has IPv6',
      );
      await waitForRedirects();

      const [http = '', https = ''] = curlCheck(prefix);
      // What the page says the two commands print.
      assert.match(http, /^HTTP\/1\.1 301 Moved Permanently/);
      assert.match(http, /^Location: https:\/\/linshen-dev\.github\.io\/docs\/intro\r?$/im);
      assert.doesNotMatch(http, /strict-transport-security/i);
      assert.match(https, /^HTTP\/2 200/);
      assert.match(https, /^strict-transport-security: max-age=31536000\r?$/im);
      assert.match(https, /^content-security-policy: default-src 'self'/im);
      assert.match(https, /^cache-control: public, max-age=0, must-revalidate\r?$/im);

      const tls = `--cacert "${testCertificatePaths(prefix).cert}" --connect-to ${SERVER_NAME}:443:127.0.0.1:${NGINX_TLS_PORT}`;
      const page = bash(`curl -s ${tls} https://${SERVER_NAME}/docs/intro`, ROOT);
      assert.match(page.output, /教程简介/);
      const missing = bash(
        `curl -s -o /dev/null -w '%{http_code}' ${tls} https://${SERVER_NAME}/docs/no-such-page`,
        ROOT,
      );
      assert.equal(missing.output, '404');
      const main = /\/assets\/js\/main\.\w+\.js/.exec(
        bash(`curl -s ${tls} https://${SERVER_NAME}/`, ROOT).output,
      )?.[0];
      const asset = bash(`curl -sI ${tls} https://${SERVER_NAME}${main}`, ROOT);
      assert.match(asset.output, /cache-control: public, max-age=31536000, immutable/i);
      if (hasIpv6) {
        const v6 = bash(
          `curl -sI -g -H 'Host: ${SERVER_NAME}' 'http://[::1]:${NGINX_PORT}/docs/intro'`,
          ROOT,
        );
        assert.match(v6.output, /^HTTP\/1\.1 301/, 'the IPv6 listen answers');
      }
    } finally {
      bash(`${nginxIn(prefix)} -s quit || true`, ROOT);
    }
  });

  test('a host without IPv6: the steps leave out the IPv6 listens and nginx starts on IPv4', async () => {
    const {prefix, run} = install(false);
    try {
      assert.equal(run.status, 0, run.output);
      assert.ok(!existsSync(join(prefix, 'etc/nginx/snippets/zhandi-listen-ipv6-http.conf')));
      await waitForRedirects();
      const [http = '', https = ''] = curlCheck(prefix);
      assert.match(http, /^HTTP\/1\.1 301/);
      assert.match(https, /^HTTP\/2 200/);
    } finally {
      bash(`${nginxIn(prefix)} -s quit || true`, ROOT);
    }
  });

  test('the page’s sed puts the reader’s domain everywhere the example domain was in the installed nginx and Caddy configs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhandi-domain-'));
    copies.push(dir);
    const domain = 'blog.example.org';
    const installs = [
      {
        title: '在服务器上安装',
        file: 'deploy/nginx.conf',
        installed: '/etc/nginx/conf.d/zhandi.conf',
      },
      {title: '用 Caddy 提供站点', file: 'deploy/Caddyfile', installed: '/etc/caddy/Caddyfile'},
    ];
    for (const {title, file, installed} of installs) {
      const block = docBlocks().find((b) => b.page === DEPLOY && b.title === title);
      assert.ok(block, `${DEPLOY}: no block titled ${title}`);
      // The block sets the example domain, for the reader to change.
      assert.match(block.code, new RegExp(`^DOMAIN=${SERVER_NAME.replace(/\./g, '\\.')}\\s`, 'm'));
      const sed = block.code
        .split('\n')
        .find((line) => line.startsWith('sudo sed -i ') && line.endsWith(` ${installed}`));
      assert.ok(sed, `${title}: a sed over ${installed}`);
      const copy = join(dir, file.replace('/', '-'));
      copyFileSync(join(ROOT, file), copy);
      const run = bash(
        `set -euo pipefail\nDOMAIN=${domain}\n${sed.replace(/^sudo /, '').slice(0, -installed.length)}"${copy}"\n`,
        ROOT,
      );
      assert.equal(run.status, 0, run.output);
      const before = readFileSync(join(ROOT, file), 'utf8');
      const after = readFileSync(copy, 'utf8');
      assert.ok(before.includes(SERVER_NAME), `${file} names the example domain`);
      assert.ok(!after.includes(SERVER_NAME), `${file}: the example domain is left`);
      assert.equal(
        after,
        before.replaceAll(SERVER_NAME, domain),
        `${file}: only the domain changes`,
      );
    }
  });

  test('deploy:headers regenerates the same headers the build needs', () => {
    const block = testedBlock(DEPLOY, '重新生成安全响应头');
    const dir = sandbox('headers');
    const generated = ['deploy/security-headers.conf', 'deploy/Caddyfile', 'vercel.json'];
    for (const file of generated) writeFileSync(join(dir, file), '# stale\n');
    const run = bash(block.code, dir);
    assert.equal(run.status, 0, run.output);
    for (const file of generated) {
      assert.equal(
        readFileSync(join(dir, file), 'utf8'),
        readFileSync(join(ROOT, file), 'utf8'),
        file,
      );
    }
  });
});

describe('manage-docs-versions: docs:version in a temporary copy', () => {
  test('the snapshot files appear, and 1.0 is served at /docs/ with the current docs at /docs/next/', async () => {
    const block = testedBlock(VERSIONS, '创建 1.0 版的文档快照');
    const dir = sandbox('versions');
    const run = bash(block.code, dir);
    assert.equal(run.status, 0, run.output);
    for (const file of [
      'versioned_docs/version-1.0/intro.md',
      'versioned_sidebars/version-1.0-sidebars.json',
      'versions.json',
    ]) {
      assert.ok(existsSync(join(dir, file)), file);
    }
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'versions.json'), 'utf8')), ['1.0']);
    // The page's steps leave the repository as the format check wants it.
    const format = bash('npx prettier --check .', dir);
    assert.equal(format.status, 0, format.output);
    const build = bash('npx docusaurus build', dir);
    assert.equal(build.status, 0, build.output.slice(-4000));
    const server = serve(dir, SERVE_PORT);
    try {
      const origin = `http://127.0.0.1:${SERVE_PORT}`;
      await waitForServer(`${origin}/`);
      for (const path of ['/docs/intro', '/docs/next/intro']) {
        const response = await fetch(`${origin}${path}`);
        assert.equal(response.status, 200, path);
      }
      const next = await (await fetch(`${origin}/docs/next/intro`)).text();
      assert.match(next, /教程简介/);
    } finally {
      stop(server);
    }
  });
});

describe('translate-your-site: write-translations in a temporary copy', () => {
  test('the files the page names appear', () => {
    const block = testedBlock(TRANSLATE, '生成英文的翻译文件');
    const dir = sandbox('translations');
    const run = bash(block.code, dir);
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /The locale en was not found in your site configuration/);
    for (const file of [
      'i18n/en/code.json',
      'i18n/en/docusaurus-theme-classic/navbar.json',
      'i18n/en/docusaurus-theme-classic/footer.json',
      'i18n/en/docusaurus-plugin-content-blog/options.json',
      'i18n/en/docusaurus-plugin-content-docs/current.json',
    ]) {
      assert.ok(existsSync(join(dir, file)), `${file}\n${run.output}`);
    }
  });
});

/** The build failures the tutorial and ARCHITECTURE.md promise, with the message a maintainer sees. */
const BUILD_FAILURES: ReadonlyArray<{
  what: string;
  file: string;
  change: (text: string) => string;
  message: RegExp;
}> = [
  {
    what: 'an author missing from authors.yml',
    file: 'blog/2025-02-24-wifi-repeater-relayd.md',
    change: (text) => text.replace(/^authors: \[linshen\]$/m, 'authors: [nobody]'),
    message: /2025-02-24-wifi-repeater-relayd\.md[\s\S]*Blog author with key "nobody" not found/,
  },
  {
    what: 'a tag in front matter',
    file: 'blog/2025-02-24-wifi-repeater-relayd.md',
    change: (text) => text.replace(/^authors: /m, 'tags: [openwrt]\nauthors: '),
    message:
      /Tags \[openwrt\] used in 2025-02-24-wifi-repeater-relayd\.md are not defined in tags\.yml/,
  },
  {
    what: 'a post without a truncate marker',
    file: 'blog/2025-02-24-wifi-repeater-relayd.md',
    change: (text) => text.replace(/^<!-- truncate -->\n/m, ''),
    message: /blog posts without truncation markers[\s\S]*2025-02-24-wifi-repeater-relayd\.md/,
  },
  {
    what: 'a series name not in blog/series.yml',
    file: 'blog/2025-02-24-wifi-repeater-relayd.md',
    change: (text) => text.replace(/^series: wifi-repeater$/m, 'series: wifi-repeatr'),
    message:
      /2025-02-24-wifi-repeater-relayd\.md: series "wifi-repeatr" is not in blog\/series\.yml/,
  },
  {
    what: 'a broken link',
    file: 'blog/2025-02-24-wifi-repeater-relayd.md',
    change: (text) => `${text}\n[不存在的页面](/blog/no-such-post)\n`,
    message:
      /Broken link on source page path = \/blog\/2025\/02\/24\/wifi-repeater-relayd:\s*-> linking to \/blog\/no-such-post/,
  },
];

describe('what fails the build, in a temporary copy', () => {
  const dir = sandbox('failures');
  for (const failure of BUILD_FAILURES) {
    test(`${failure.what} fails the build, and the message names the file`, () => {
      const path = join(dir, failure.file);
      const original = readFileSync(path, 'utf8');
      const changed = failure.change(original);
      assert.notEqual(changed, original, 'the change applies');
      writeFileSync(path, changed);
      try {
        const run = bash('npx docusaurus build', dir);
        assert.notEqual(run.status, 0, 'the build fails');
        assert.match(run.output, failure.message);
      } finally {
        writeFileSync(path, original);
      }
    });
  }
});
