/**
 * Adds lock entries for platform-specific optional binaries that the package
 * registry could not resolve (this machine's mirror serves only linux-x64
 * builds of @swc/*, autocorrect-node and friends). Without those entries
 * `npm ci` refuses the lock file as "out of sync". The entries carry `os`,
 * `cpu` and `libc`, so npm skips them on every other platform without fetching.
 *
 * Run after any `npm install`:  npx tsx scripts/complete-lockfile.ts
 */
import {readFileSync, writeFileSync} from 'node:fs';

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};
type Lock = {packages: Record<string, LockEntry>};

const PLATFORM =
  /-(darwin|linux|win32|freebsd|android)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64)(?:-(gnu|gnueabihf|musl|msvc|eabi))?$/;

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as Lock;
const added: string[] = [];

for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    if (!match) continue;
    const nested = `${key.slice(0, key.lastIndexOf('node_modules/'))}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const [, os = '', cpu = '', abi] = match;
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? {dev: true} : {}),
      ...(abi === 'musl' ? {libc: ['musl']} : abi?.startsWith('gnu') ? {libc: ['glibc']} : {}),
      optional: true,
      os: [os],
    };
    added.push(`${name}@${version}`);
  }
}

// npm keeps the root entry ('') first and the rest in path order.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length}: ${added.join(', ')}` : 'lock file complete');
