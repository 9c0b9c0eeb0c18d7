// What scripts/system-deps.ts tells each kind of machine to install.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {findCaddy} from '../../scripts/lib/caddy';
import {hostOf, installPlan, onPath, toolsFor, type PlanInput} from '../../scripts/system-deps';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n';
const UBUNTU = 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n';
const MINT = 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

test('the host comes from os.platform() and /etc/os-release', () => {
  assert.equal(hostOf('linux', DEBIAN), 'debian');
  assert.equal(hostOf('linux', UBUNTU), 'ubuntu');
  assert.equal(hostOf('linux', MINT), 'ubuntu');
  assert.equal(hostOf('linux', FEDORA), 'other');
  assert.equal(hostOf('linux', undefined), 'other');
  assert.equal(hostOf('darwin', undefined), 'macos');
  assert.equal(hostOf('win32', undefined), 'windows');
});

const base: PlanInput = {host: 'debian', missing: [], root: false, sudo: false, hasApt: true};

test('nothing missing: nothing to do', () => {
  assert.deepEqual(installPlan({...base, host: 'macos'}), {});
});

test('Debian as root, or with sudo that needs no password: apt-get installs at once', () => {
  for (const who of [{root: true}, {sudo: true}]) {
    const plan = installPlan({...base, ...who, missing: ['browser', 'nginx', 'xxd']});
    assert.deepEqual(plan.install?.slice(-3), ['chromium', 'nginx', 'xxd']);
    assert.equal(plan.install?.[0], 'apt-get');
    assert.equal(plan.stop, undefined);
  }
});

test('Debian without root or sudo: stop and print the exact command', () => {
  const plan = installPlan({...base, missing: ['browser', 'jq']});
  assert.equal(plan.install, undefined);
  assert.match(plan.stop ?? '', /sudo apt-get update && sudo apt-get install -y chromium jq/);
});

test('Ubuntu: the browser is not installed with apt (the package is a snap); the rest is', () => {
  const plan = installPlan({...base, host: 'ubuntu', root: true, missing: ['browser', 'nginx']});
  assert.deepEqual(plan.install?.slice(-1), ['nginx']);
  assert.doesNotMatch(plan.install?.join(' ') ?? '', /chromium/);
  assert.match(plan.stop ?? '', /snap install chromium/);
  assert.match(plan.stop ?? '', /Google Chrome/);
  assert.match(plan.stop ?? '', /CHROMIUM_PATH/);
  const browserOnly = installPlan({...base, host: 'ubuntu', root: true, missing: ['browser']});
  assert.equal(browserOnly.install, undefined);
  assert.match(browserOnly.stop ?? '', /\/snap\/bin\/chromium/);
});

test('macOS: Homebrew, never apt-get', () => {
  const plan = installPlan({
    ...base,
    host: 'macos',
    root: true,
    missing: ['browser', 'nginx', 'jq', 'xxd'],
  });
  assert.equal(plan.install, undefined);
  assert.match(plan.stop ?? '', /brew install nginx jq vim/);
  assert.match(plan.stop ?? '', /brew install --cask chromium/);
  assert.doesNotMatch(plan.stop ?? '', /apt/);
});

test('Windows and other systems: a message, no apt-get', () => {
  const windows = installPlan({...base, host: 'windows', missing: ['nginx']});
  assert.match(windows.stop ?? '', /WSL/);
  const other = installPlan({...base, host: 'other', root: true, missing: ['jq']});
  assert.equal(other.install, undefined);
  assert.doesNotMatch(other.stop ?? '', /apt/);
});

test('the content tests need only the examples’ tools', () => {
  assert.deepEqual(toolsFor('content'), ['openssl', 'jq', 'xxd', 'curl']);
  assert.deepEqual(toolsFor('all').slice(0, 3), ['browser', 'nginx', 'caddy']);
});

test('Caddy: the caddy package through apt on Debian and Ubuntu, Homebrew on macOS, its install page elsewhere', () => {
  assert.deepEqual(installPlan({...base, root: true, missing: ['caddy']}).install?.slice(-1), [
    'caddy',
  ]);
  const ubuntu = installPlan({...base, host: 'ubuntu', sudo: true, missing: ['nginx', 'caddy']});
  assert.deepEqual(ubuntu.install?.slice(-2), ['nginx', 'caddy']);
  const debianByHand = installPlan({...base, missing: ['caddy']});
  assert.match(debianByHand.stop ?? '', /sudo apt-get install -y caddy/);
  const mac = installPlan({...base, host: 'macos', missing: ['caddy']});
  assert.match(mac.stop ?? '', /brew install caddy/);
  const other = installPlan({...base, host: 'other', missing: ['caddy']});
  assert.match(other.stop ?? '', /caddyserver\.com\/docs\/install/);
});

test('Caddy is found where apt or Homebrew put it, or on the PATH', () => {
  const files =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);
  assert.equal(findCaddy(files('/usr/bin/caddy'), ''), '/usr/bin/caddy');
  assert.equal(findCaddy(files('/opt/homebrew/bin/caddy'), ''), '/opt/homebrew/bin/caddy');
  assert.equal(
    findCaddy(files('/home/u/go/bin/caddy'), '/home/u/go/bin:/usr/bin'),
    '/home/u/go/bin/caddy',
  );
  assert.equal(findCaddy(files(), '/usr/bin'), undefined);
});

test('a tool is looked up on the PATH', () => {
  const exists = (file: string): boolean => file === '/usr/bin/jq';
  assert.equal(onPath('jq', '/usr/local/bin:/usr/bin:/bin', exists), true);
  assert.equal(onPath('jq', '/usr/local/bin:/bin', exists), false);
  assert.equal(onPath('xxd', '/usr/bin', exists), false);
});
