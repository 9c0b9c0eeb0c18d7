// The test nginx (scripts/nginx-serve.ts, scripts/lib/nginx-conf.ts) serves a
// build its starter can read, root or not: a clone in a 0700 home directory
// (/root) run as root once got 403 for every page, its workers being `nobody`.
import {strict as assert} from 'node:assert';
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {test} from 'node:test';
import {
  findNginx,
  NGINX_INSTALLS,
  prefixedNginxConf,
  userDirective,
} from '../../scripts/lib/nginx-conf';

test('started by root, the workers run as root; started by anyone else, no user directive', () => {
  assert.equal(userDirective({uid: 0, user: 'root', group: 'root'}), 'user root root;\n');
  assert.equal(userDirective({uid: 0, user: 'root', group: 'wheel'}), 'user root wheel;\n');
  assert.equal(userDirective({uid: 1000, user: 'u', group: 'u'}), '');
  const conf = prefixedNginxConf('/p', '/etc/nginx/mime.types', '', {
    uid: 1000,
    user: 'u',
    group: 'u',
  });
  assert.doesNotMatch(conf, /^\s*user\b/m);
  assert.match(conf, /^pid \/p\/nginx\.pid;$/m);
  assert.match(conf, /^error_log \/p\/error\.log warn;$/m);
});

test('nginx is found where apt or Homebrew put it, with its mime.types', () => {
  const files =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);
  assert.equal(findNginx(files('/usr/sbin/nginx', '/etc/nginx/mime.types')), NGINX_INSTALLS[0]);
  assert.equal(
    findNginx(files('/opt/homebrew/bin/nginx', '/opt/homebrew/etc/nginx/mime.types'))?.binary,
    '/opt/homebrew/bin/nginx',
  );
  assert.equal(findNginx(files('/usr/sbin/nginx')), undefined);
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test('a build in a 0700 directory is served with 200, whoever starts nginx', async () => {
  const site = mkdtempSync(join(tmpdir(), 'zhandi-0700-'));
  try {
    assert.equal(statSync(site).mode & 0o777, 0o700);
    writeFileSync(join(site, 'page.html'), '<!doctype html><title>t</title><p>private</p>\n');
    const port = await freePort();
    const server = spawn(
      process.execPath,
      [
        ...process.execArgv,
        'scripts/nginx-serve.ts',
        String(port),
        `--root=${site}`,
        '--no-security-headers',
      ],
      {cwd: resolve(__dirname, '../..'), stdio: ['ignore', 'inherit', 'inherit']},
    );
    let exited = false;
    server.on('exit', () => {
      exited = true;
    });
    try {
      let response: Response | undefined;
      while (!response && !exited) {
        response = await fetch(`http://127.0.0.1:${port}/page`).catch(() => undefined);
        if (!response) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(response, 'nginx exited before it answered');
      assert.equal(response.status, 200);
      assert.match(await response.text(), /private/);
    } finally {
      const gone = exited ? Promise.resolve() : new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await gone;
      rmSync(resolve(__dirname, `../../test-results/nginx-${port}`), {
        recursive: true,
        force: true,
      });
    }
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});
