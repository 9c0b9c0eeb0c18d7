/**
 * Checks that the programs the tests need are on this machine and says how to
 * get the missing ones here: apt on Debian and Ubuntu (run at once as root, or
 * through `sudo -n` when that needs no password, as on GitHub's runners),
 * Homebrew on macOS; otherwise it stops and prints the exact command.
 *
 *   tsx scripts/system-deps.ts               everything `npm test` needs
 *   tsx scripts/system-deps.ts --for=content what `npm run test:content` needs
 *
 * The decision (`hostOf`, `installPlan`) is pure and unit-tested
 * (tests/unit/system-deps.test.ts); `main` only looks at the machine.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {platform as osPlatform} from 'node:os';
import {delimiter, join} from 'node:path';
import {BROWSER_ENV, detectBrowser} from './lib/browser';
import {findCaddy} from './lib/caddy';
import {findNginx} from './lib/nginx-conf';

/** Caddy's own install page: its apt repository for releases that do not package it. */
export const CADDY_INSTALL = 'https://caddyserver.com/docs/install';

export type Tool = 'browser' | 'nginx' | 'caddy' | 'openssl' | 'jq' | 'xxd' | 'curl';
export type Host = 'debian' | 'ubuntu' | 'macos' | 'windows' | 'other';

export const TOOLS: Readonly<Record<Tool, {why: string; content: boolean}>> = {
  browser: {why: 'the Playwright browser tests', content: false},
  nginx: {why: 'the deploy config smoke tests', content: false},
  caddy: {why: 'the Caddy deploy config tests', content: false},
  // The posts' examples that run offline (tests/content/examples.test.ts).
  openssl: {why: 'the posts’ key and PKCE examples', content: true},
  jq: {why: 'the posts’ jq filters and registry scripts', content: true},
  xxd: {why: 'the posts’ Ed25519 seed and signature examples', content: true},
  curl: {why: 'the posts’ registry scripts', content: true},
};

/** The tools a run needs: everything, or only what the content tests run. */
export function toolsFor(scope: 'all' | 'content'): Tool[] {
  return (Object.keys(TOOLS) as Tool[]).filter((tool) => scope === 'all' || TOOLS[tool].content);
}

/** What kind of machine this is, from `os.platform()` and /etc/os-release. */
export function hostOf(platform: NodeJS.Platform, osRelease: string | undefined): Host {
  if (platform === 'darwin') return 'macos';
  if (platform === 'win32') return 'windows';
  if (platform !== 'linux' || !osRelease) return 'other';
  const field = (name: string): string[] =>
    (new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(osRelease)?.[1] ?? '').split(/\s+/);
  const ids = [...field('ID'), ...field('ID_LIKE')];
  if (ids.includes('ubuntu')) return 'ubuntu';
  if (ids.includes('debian')) return 'debian';
  return 'other';
}

// Debian 12 and Ubuntu 24.04 package Caddy; older releases have none (see CADDY_INSTALL).
const APT: Readonly<Record<Exclude<Tool, 'browser'>, string>> = {
  nginx: 'nginx',
  caddy: 'caddy',
  openssl: 'openssl',
  jq: 'jq',
  xxd: 'xxd',
  curl: 'curl',
};
// macOS ships openssl (LibreSSL), curl and xxd (with vim) in the base system.
const BREW: Readonly<Record<Exclude<Tool, 'browser'>, string>> = {
  nginx: 'nginx',
  caddy: 'caddy',
  openssl: 'openssl@3',
  jq: 'jq',
  xxd: 'vim',
  curl: 'curl',
};

export type Plan = Readonly<{
  /** apt-get argv to run now (with `sudo -n` in front when not root), if any. */
  install?: readonly string[];
  /** Set: the run stops with this message (what to do by hand). */
  stop?: string;
}>;

export type PlanInput = Readonly<{
  host: Host;
  missing: readonly Tool[];
  root: boolean;
  /** `sudo -n true` succeeds: sudo works without a password. */
  sudo: boolean;
  hasApt: boolean;
}>;

const ubuntuBrowser =
  'a browser: on Ubuntu the `chromium` and `chromium-browser` packages only install the snap ' +
  '(`sudo snap install chromium`, found at /snap/bin/chromium), or install Google Chrome';

/** What to do about the missing tools on this kind of host. */
export function installPlan({host, missing, root, sudo, hasApt}: PlanInput): Plan {
  if (missing.length === 0) return {};
  const list = missing.map((tool) => `${tool} (${TOOLS[tool].why})`).join(', ');
  const others = missing.filter((tool): tool is Exclude<Tool, 'browser'> => tool !== 'browser');
  const orPoint = `, or point ${BROWSER_ENV} at a Chromium or Chrome you have`;
  switch (host) {
    case 'debian':
    case 'ubuntu': {
      const browserByApt = host === 'debian' && missing.includes('browser');
      const packages = [...(browserByApt ? ['chromium'] : []), ...others.map((t) => APT[t])];
      const browserByHand = host === 'ubuntu' && missing.includes('browser');
      const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
      if (packages.length > 0 && hasApt && (root || sudo)) {
        const install = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages];
        return browserByHand
          ? {install, stop: `system-deps: still missing ${ubuntuBrowser}${orPoint}.`}
          : {install};
      }
      const steps = [
        ...(packages.length > 0 ? [`  ${command}`] : []),
        ...(browserByHand ? [`  and ${ubuntuBrowser}${orPoint}`] : []),
      ];
      return {
        stop: `system-deps: missing ${list}. Install them, then run again:\n\n${steps.join('\n')}\n`,
      };
    }
    case 'macos': {
      const steps = [
        ...(others.length > 0 ? [`  brew install ${others.map((t) => BREW[t]).join(' ')}`] : []),
        ...(missing.includes('browser')
          ? [
              `  and a browser: install Google Chrome, or \`brew install --cask chromium\`${orPoint}`,
            ]
          : []),
      ];
      return {
        stop: `system-deps: missing ${list}. With Homebrew (https://brew.sh), then run again:\n\n${steps.join('\n')}\n`,
      };
    }
    case 'windows':
      return {
        stop: `system-deps: missing ${list}. The tests need bash and nginx: run them in WSL with Debian or Ubuntu.`,
      };
    default:
      return {
        stop: `system-deps: missing ${list}. Install them with your system's package manager${missing.includes('browser') ? orPoint : ''}${missing.includes('caddy') ? ` (Caddy: ${CADDY_INSTALL})` : ''}, then run again.`,
      };
  }
}

/** `name` on the PATH (pure: the PATH and a file test come in). */
export function onPath(name: string, path: string, exists: (file: string) => boolean): boolean {
  return path.split(delimiter).some((dir) => dir !== '' && exists(join(dir, name)));
}

function missingTools(tools: readonly Tool[]): Tool[] {
  const path = process.env.PATH ?? '';
  return tools.filter((tool) => {
    if (tool === 'browser') return !detectBrowser().found;
    if (tool === 'nginx') return !findNginx(existsSync);
    if (tool === 'caddy') return !findCaddy(existsSync, path);
    return !onPath(tool, path, existsSync);
  });
}

function main(): void {
  const scope = process.argv.includes('--for=content') ? 'content' : 'all';
  const tools = toolsFor(scope);
  const missing = missingTools(tools);
  const platform = osPlatform();
  const osRelease = existsSync('/etc/os-release')
    ? readFileSync('/etc/os-release', 'utf8')
    : undefined;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const quiet = {stdio: 'ignore'} as const;
  const plan = installPlan({
    host: hostOf(platform, osRelease),
    missing,
    root,
    sudo: !root && missing.length > 0 && spawnSync('sudo', ['-n', 'true'], quiet).status === 0,
    hasApt: missing.length > 0 && spawnSync('apt-get', ['--version'], quiet).status === 0,
  });
  if (plan.install) {
    const sudo = root ? [] : ['sudo', '-n'];
    const run = (argv: string[]): void => {
      const [command = '', ...args] = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', ...argv];
      execFileSync(command, args, {stdio: 'inherit'});
    };
    const packages = plan.install.slice(5);
    console.log(`system-deps: installing ${packages.join(' ')} with apt-get`);
    try {
      run(['apt-get', 'update', '-qq']);
      run([...plan.install]);
    } catch {
      console.error(
        `system-deps: apt-get could not install ${packages.join(' ')} (its message is above)` +
          (packages.includes('caddy')
            ? `; if this release has no caddy package, add Caddy's apt repository (${CADDY_INSTALL}) and run again`
            : ''),
      );
      process.exit(1);
    }
  }
  if (plan.stop) {
    console.error(plan.stop);
    process.exit(1);
  }
  const still = missingTools(tools);
  if (still.length > 0) {
    console.error(`system-deps: ${still.join(', ')} still missing after apt-get`);
    process.exit(1);
  }
  const browser = detectBrowser();
  console.log(
    `system-deps: ${tools.join(', ')} present` +
      (browser.found && tools.includes('browser')
        ? `; browser: ${browser.what} at ${browser.path}`
        : ''),
  );
}

if (require.main === module) main();
