// Finding the browser on machines this one is not (scripts/lib/browser.ts).
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {BROWSER_ENV, findBrowser, type BrowserQuery} from '../../scripts/lib/browser';

/** A machine with exactly these files. */
function machine(
  platform: NodeJS.Platform,
  files: string[],
  env: Record<string, string> = {},
  playwrightChromium?: string,
): BrowserQuery {
  return {platform, env, exists: (path) => files.includes(path), playwrightChromium};
}

const PLAYWRIGHT_LINUX = '/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

test('Debian: the chromium package’s /usr/bin/chromium', () => {
  const found = findBrowser(machine('linux', ['/usr/bin/chromium', '/usr/bin/google-chrome']));
  assert.deepEqual(found, {found: true, path: '/usr/bin/chromium', what: 'Chromium'});
});

test('Ubuntu: chromium-browser, which starts the snap, or the snap itself', () => {
  const both = findBrowser(machine('linux', ['/usr/bin/chromium-browser', '/snap/bin/chromium']));
  assert.equal(both.found && both.path, '/usr/bin/chromium-browser');
  const snap = findBrowser(machine('linux', ['/snap/bin/chromium']));
  assert.equal(snap.found && snap.path, '/snap/bin/chromium');
});

test('Linux with only Google Chrome', () => {
  const found = findBrowser(machine('linux', ['/opt/google/chrome/chrome']));
  assert.equal(found.found && found.path, '/opt/google/chrome/chrome');
  assert.equal(found.found && found.what, 'Google Chrome');
});

test('Playwright’s own Chromium, when it is installed, after the system’s browsers', () => {
  const only = findBrowser(machine('linux', [PLAYWRIGHT_LINUX], {}, PLAYWRIGHT_LINUX));
  assert.equal(only.found && only.path, PLAYWRIGHT_LINUX);
  const notInstalled = findBrowser(machine('linux', [], {}, PLAYWRIGHT_LINUX));
  assert.equal(notInstalled.found, false);
  const both = findBrowser(
    machine('linux', ['/usr/bin/chromium', PLAYWRIGHT_LINUX], {}, PLAYWRIGHT_LINUX),
  );
  assert.equal(both.found && both.path, '/usr/bin/chromium');
});

test('macOS: Google Chrome, then Chromium.app; never a Linux path', () => {
  const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  const chromiumApp = '/Applications/Chromium.app/Contents/MacOS/Chromium';
  const found = findBrowser(machine('darwin', [chromiumApp, chrome]));
  assert.equal(found.found && found.path, chrome);
  const onlyChromium = findBrowser(machine('darwin', [chromiumApp]));
  assert.equal(onlyChromium.found && onlyChromium.path, chromiumApp);
  assert.equal(findBrowser(machine('darwin', ['/usr/bin/chromium'])).found, false);
});

test('Windows: Google Chrome under Program Files', () => {
  const exe = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
  const found = findBrowser(machine('win32', [exe], {PROGRAMFILES: 'C:\\Program Files'}));
  assert.equal(found.found && found.path, exe);
});

test(`${BROWSER_ENV} wins, and a wrong one is named rather than passed over`, () => {
  const custom = '/opt/chrome-for-testing/chrome';
  const found = findBrowser(
    machine('linux', ['/usr/bin/chromium', custom], {[BROWSER_ENV]: custom}),
  );
  assert.deepEqual(found, {found: true, path: custom, what: BROWSER_ENV});
  const wrong = findBrowser(
    machine('linux', ['/usr/bin/chromium'], {[BROWSER_ENV]: '/nowhere/chrome'}),
  );
  assert.equal(wrong.found, false);
  assert.match(!wrong.found ? wrong.message : '', /CHROMIUM_PATH=\/nowhere\/chrome.*no file there/);
});

test('nothing found: one message that says where it looked and what to do', () => {
  const linux = findBrowser(machine('linux', []));
  assert.equal(linux.found, false);
  const message = !linux.found ? linux.message : '';
  assert.match(
    message,
    /\/usr\/bin\/chromium, \/usr\/bin\/chromium-browser, \/snap\/bin\/chromium/,
  );
  assert.match(message, /apt-get install chromium/);
  assert.match(message, /snap install chromium/);
  assert.match(message, new RegExp(`set ${BROWSER_ENV}=`));
  const mac = findBrowser(machine('darwin', []));
  const macMessage = !mac.found ? mac.message : '';
  assert.match(macMessage, /brew install --cask chromium/);
  assert.doesNotMatch(macMessage, /apt-get/);
});
