/**
 * Ensures the Debian packages the tests need are on the machine.
 * Missing ones are installed with apt-get when running as root; otherwise
 * the script stops and prints the exact command to run.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';

type SystemPackage = Readonly<{name: string; binary: string; why: string}>;

export const SYSTEM_PACKAGES: readonly SystemPackage[] = [
  {name: 'chromium', binary: '/usr/bin/chromium', why: 'Playwright browser tests'},
  {name: 'nginx', binary: '/usr/sbin/nginx', why: 'the deploy config smoke tests'},
  // The posts' examples that run offline (tests/content/examples.test.ts).
  {name: 'openssl', binary: '/usr/bin/openssl', why: 'the posts’ key and PKCE examples'},
  {name: 'jq', binary: '/usr/bin/jq', why: 'the posts’ jq filters and registry scripts'},
  {name: 'xxd', binary: '/usr/bin/xxd', why: 'the posts’ Ed25519 seed and signature examples'},
  {name: 'curl', binary: '/usr/bin/curl', why: 'the posts’ registry scripts'},
];

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function aptGet(args: string[]): void {
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
  });
}

function main(): void {
  const missing = SYSTEM_PACKAGES.filter((pkg) => !existsSync(pkg.binary));
  if (missing.length === 0) {
    console.log(`system-deps: ${SYSTEM_PACKAGES.map((p) => p.name).join(', ')} present`);
    return;
  }
  const names = missing.map((pkg) => pkg.name);
  const command = `apt-get update && apt-get install -y ${names.join(' ')}`;
  const hasApt = spawnSync('apt-get', ['--version'], {stdio: 'ignore'}).status === 0;
  if (!isRoot() || !hasApt) {
    console.error(
      `system-deps: missing ${missing.map((p) => `${p.name} (${p.why})`).join(', ')}.\n` +
        `Install them as root, then run the tests again:\n\n  sudo sh -c '${command}'\n`,
    );
    process.exit(1);
  }
  console.log(`system-deps: installing ${names.join(', ')} with apt-get`);
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', '--no-install-recommends', ...names]);
  const stillMissing = missing.filter((pkg) => !existsSync(pkg.binary));
  if (stillMissing.length > 0) {
    console.error(`system-deps: ${stillMissing.map((p) => p.binary).join(', ')} still missing`);
    process.exit(1);
  }
}

main();
