/**
 * Where this site reaches past Docusaurus's public API, and how to check it.
 *
 * Each local plugin that depends on Docusaurus internals lists its
 * assumptions in one file beside it (`assumptions.ts`); the theme components
 * of src/theme, ejected from 3.7.0 or wrapped, are listed in
 * src/contract/theme.ts. An assumption says what it needs (a module, an
 * export, a file's shape, a generated name), what the code does with it, and
 * checks it against the installed `@docusaurus/*` packages. The same list is
 * the documentation, the contract test's input (tests/contract/, through the
 * register in scripts/lib/contract-subjects.ts) and, for plugins that can,
 * the guard that switches the plugin off when the build runs on a
 * Docusaurus it no longer fits (`firstBroken`).
 *
 * Each subject also lists its switch-offs: the ways a build goes on without
 * it when it is broken. `CONTRACT_BREAK` forces one (`forcedBreak`), so that
 * scripts/switched-off-site.ts can build the site down that path and the
 * tests in tests/switch-offs check what it leaves.
 *
 * Node only: this runs in tests, scripts and plugins' build-time code. It
 * imports nothing of the site's: plugins, config and scripts import it.
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';

/** The installed packages, as seen from a site directory. */
export type Installed = Readonly<{
  siteDir: string;
  /** The package's directory; throws when it is not installed. */
  dir: (pkg: string) => string;
  version: (pkg: string) => string;
  has: (pkg: string, file: string) => boolean;
  /** A file's text; throws, naming the file, when it is missing. */
  read: (pkg: string, file: string) => string;
  sha256: (pkg: string, file: string) => string;
}>;

/** One thing a plugin or component takes for granted about Docusaurus. */
export type Assumption = Readonly<{
  /** Short and unique within its subject: it names the assumption in reports. */
  id: string;
  /** What it needs: module, export, file shape or generated name. */
  needs: string;
  /** What the code does with it. */
  use: string;
  /**
   * Throws an Error, in plain words, when the installed packages break the
   * assumption. Left out when only a build and the browser can tell:
   * `checkedBy` then names the test that does.
   */
  check?: (pkgs: Installed) => void;
  checkedBy?: string;
}>;

/**
 * One way the build goes on without a subject it finds broken: a plugin
 * that switches itself off, a component theme-fallback points back at the
 * theme's original. The site it leaves must work as stock Docusaurus would.
 */
export type SwitchOff = Readonly<{
  /**
   * The `CONTRACT_BREAK` entry that forces this path: the subject's name, or
   * `subject › id` for one assumption (or a check that is not an
   * assumption, such as a generated file the plugin fails to read).
   */
  force: string;
  /** The subjects whose `[switched off]` line the build then prints. */
  warns: readonly string[];
  /** What the site is then. */
  leaves: string;
}>;

export type Subject = Readonly<{
  /** `code-highlight`, `theme/CodeBlock`, `config/ssrTemplate`. */
  name: string;
  kind: 'plugin' | 'ejected' | 'wrapped' | 'template';
  /** The repository files it covers. */
  files: readonly string[];
  /** What happens when one of its assumptions no longer holds. */
  whenBroken: string;
  /** How the build goes on without it; none: it cannot switch off (`whenBroken` says what happens). */
  switchOffs: readonly SwitchOff[];
  assumptions: readonly Assumption[];
}>;

export type Finding = Readonly<{
  subject: string;
  assumption: string;
  /** `holds`, `broken`, or `build` (checked by a build and the browser tests only). */
  status: 'holds' | 'broken' | 'build';
  error?: string;
}>;

/** The site this repository is (src/contract → the repository root). */
export const SITE_DIR = path.resolve(__dirname, '..', '..');

/**
 * The packages installed for `siteDir`, found the way Node finds them from
 * there (node_modules of the directory and its parents). `overrides` puts a
 * package somewhere else, for tests that break one on purpose.
 */
export function installed(
  siteDir: string = SITE_DIR,
  overrides: Readonly<Record<string, string>> = {},
): Installed {
  const dirs = new Map<string, string>(Object.entries(overrides));
  const dir = (pkg: string): string => {
    const known = dirs.get(pkg);
    if (known) return known;
    for (let at = siteDir; ; at = path.dirname(at)) {
      const candidate = path.join(at, 'node_modules', pkg);
      if (existsSync(path.join(candidate, 'package.json'))) {
        const real = realpathSync(candidate);
        dirs.set(pkg, real);
        return real;
      }
      if (path.dirname(at) === at) throw new Error(`${pkg} is not installed`);
    }
  };
  const file = (pkg: string, name: string) => path.join(dir(pkg), name);
  const read = (pkg: string, name: string): string => {
    const at = file(pkg, name);
    if (!existsSync(at)) throw new Error(`${pkg}/${name} no longer exists`);
    return readFileSync(at, 'utf8');
  };
  return {
    siteDir,
    dir,
    version: (pkg) => (JSON.parse(read(pkg, 'package.json')) as {version: string}).version,
    has: (pkg, name) => existsSync(file(pkg, name)),
    read,
    sha256: (pkg, name) => createHash('sha256').update(read(pkg, name)).digest('hex'),
  };
}

/**
 * Asserts that a package file contains each pattern; the message says what
 * the missing text meant.
 */
export function expectText(
  pkgs: Installed,
  pkg: string,
  file: string,
  patterns: readonly (readonly [RegExp | string, string])[],
): void {
  const text = pkgs.read(pkg, file);
  for (const [pattern, meaning] of patterns) {
    const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
    if (!found) throw new Error(`${pkg}/${file} no longer ${meaning}`);
  }
}

/**
 * The environment variable that has the build treat subjects as broken, so
 * that a test can take the path a real break takes (firstBroken, then
 * switchedOff, then the fallback): entries separated by commas, each a
 * subject (`lazy-routes`), one of its checks (`lazy-routes › generated
 * files`, `>` will do for `›`) or `*` for every subject.
 */
export const CONTRACT_BREAK = 'CONTRACT_BREAK';

/** The entries of CONTRACT_BREAK, as written (`subject` or `subject › id`). */
export function breakEntries(value = process.env[CONTRACT_BREAK] ?? ''): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().replace(/\s*[›>]\s*/, ' › '))
    .filter(Boolean);
}

/**
 * Why `subject › id` counts as broken because CONTRACT_BREAK says so, or
 * undefined. `id` is an assumption's, or names a check of the plugin's
 * own that is not an assumption (a generated file it reads).
 */
export function forcedBreak(subject: string, id: string): string | undefined {
  const entry = breakEntries().find(
    (e) => e === '*' || e === subject || e === `${subject} › ${id}`,
  );
  return entry && `forced by ${CONTRACT_BREAK}=${entry}`;
}

/** Runs one subject's checks. */
export function checkSubject(subject: Subject, pkgs: Installed): Finding[] {
  return subject.assumptions.map((assumption): Finding => {
    const base = {subject: subject.name, assumption: assumption.id};
    const forced = forcedBreak(subject.name, assumption.id);
    if (forced) return {...base, status: 'broken', error: forced};
    if (!assumption.check) return {...base, status: 'build'};
    try {
      assumption.check(pkgs);
      return {...base, status: 'holds'};
    } catch (error) {
      return {...base, status: 'broken', error: (error as Error).message};
    }
  });
}

/** The first assumption of a subject that does not hold, in words, or undefined. */
export function firstBroken(subject: Subject, siteDir?: string): string | undefined {
  const broken = checkSubject(subject, installed(siteDir)).find((f) => f.status === 'broken');
  return broken && `${broken.assumption}: ${broken.error}`;
}

/** The warning a plugin prints when it switches itself off (check:upgrade looks for it). */
export function switchedOff(
  plugin: string,
  reason: string,
  fallback: string,
  listedIn = `src/plugins/${plugin}/assumptions.ts`,
): void {
  console.warn(
    `[WARNING] [${SWITCHED_OFF}] ${plugin}: ${reason}. ${fallback} ` +
      `(${listedIn}; run \`npm run test:contract\`).`,
  );
}
export const SWITCHED_OFF = 'switched off';
