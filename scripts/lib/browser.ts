/**
 * Which Chromium-family browser the tests and benchmarks drive. The browser is
 * found on the machine, never downloaded (`npx playwright install` is not
 * used): one environment variable, CHROMIUM_PATH, points at any other.
 *
 * `findBrowser` is pure (platform, environment and a file test come in), so
 * tests/unit/browser.test.ts covers machines this one is not.
 */
import {chromium} from '@playwright/test';
import {existsSync} from 'node:fs';
import {platform as osPlatform} from 'node:os';
import {win32} from 'node:path';

/** The one variable that names a browser the list below does not know. */
export const BROWSER_ENV = 'CHROMIUM_PATH';

export type BrowserCandidate = Readonly<{path: string; what: string}>;

export type BrowserFound =
  Readonly<{found: true; path: string; what: string}> | Readonly<{found: false; message: string}>;

export type BrowserQuery = Readonly<{
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  exists: (path: string) => boolean;
  /** Where Playwright's own Chromium would be (`chromium.executablePath()`), if it knows. */
  playwrightChromium?: string;
}>;

/** Where each platform keeps the browsers we accept, in the order they are tried. */
export function browserCandidates(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): BrowserCandidate[] {
  switch (platform) {
    case 'linux':
      return [
        // Debian's chromium package; on GitHub's Ubuntu runners, a link to a Chromium build.
        {path: '/usr/bin/chromium', what: 'Chromium'},
        // Ubuntu's chromium-browser package: a script that starts the snap.
        {path: '/usr/bin/chromium-browser', what: 'Chromium (chromium-browser)'},
        {path: '/snap/bin/chromium', what: 'Chromium (snap)'},
        {path: '/usr/bin/google-chrome', what: 'Google Chrome'},
        {path: '/usr/bin/google-chrome-stable', what: 'Google Chrome'},
        {path: '/opt/google/chrome/chrome', what: 'Google Chrome'},
      ];
    case 'darwin':
      return [
        {
          path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
          what: 'Google Chrome',
        },
        {path: '/Applications/Chromium.app/Contents/MacOS/Chromium', what: 'Chromium.app'},
      ];
    case 'win32': {
      const dirs = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
        (dir): dir is string => Boolean(dir),
      );
      return dirs.map((dir) => ({
        path: win32.join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        what: 'Google Chrome',
      }));
    }
    default:
      return [];
  }
}

/** The browser to launch, or one message saying what to install or set. */
export function findBrowser({
  platform,
  env,
  exists,
  playwrightChromium,
}: BrowserQuery): BrowserFound {
  const override = env[BROWSER_ENV];
  if (override) {
    return exists(override)
      ? {found: true, path: override, what: `${BROWSER_ENV}`}
      : {
          found: false,
          message: `${BROWSER_ENV}=${override}, but there is no file there; point it at a Chromium or Google Chrome executable.`,
        };
  }
  const candidates = browserCandidates(platform, env);
  if (playwrightChromium) {
    candidates.push({path: playwrightChromium, what: 'Playwright’s own Chromium'});
  }
  const hit = candidates.find((candidate) => exists(candidate.path));
  if (hit) return {found: true, ...hit};
  const looked = candidates.map((candidate) => candidate.path).join(', ');
  return {
    found: false,
    message:
      `No Chromium or Google Chrome found${looked ? ` (looked at ${looked})` : ''}. ` +
      `${installHint(platform)} Or set ${BROWSER_ENV}=/path/to/chrome.`,
  };
}

function installHint(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'linux':
      return 'Install one: `sudo apt-get install chromium` on Debian; on Ubuntu `chromium` is a snap (`sudo snap install chromium`) or install Google Chrome.';
    case 'darwin':
      return 'Install Google Chrome, or `brew install --cask chromium`.';
    default:
      return 'Install Google Chrome.';
  }
}

/** Playwright's own Chromium, where `npx playwright install chromium` would put it. */
function playwrightChromiumPath(): string | undefined {
  try {
    return chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}

/** This machine's browser. */
export function detectBrowser(): BrowserFound {
  return findBrowser({
    platform: osPlatform(),
    env: process.env,
    exists: existsSync,
    playwrightChromium: playwrightChromiumPath(),
  });
}

/** This machine's browser path, or an error whose message says what to do. */
export function browserPath(): string {
  const browser = detectBrowser();
  if (!browser.found) throw new Error(browser.message);
  return browser.path;
}
