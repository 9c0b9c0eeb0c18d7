// package.json's allowScripts records a decision on each dependency's install
// scripts. npm 11.19.1 skips the denied ones, and runs the undecided ones but
// lists them at the end of every install (npm 12 will not run them). Each
// package in the lockfile with an install script has a decision recorded there
// (the reasons are in CONTRIBUTING.md, "依赖的安装脚本"), and no decision outlives
// its package.
import {strict as assert} from 'node:assert';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';

const ROOT = join(__dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;

test('every package with an install script has a recorded decision, and every decision a package', () => {
  const lock = read('package-lock.json') as {
    packages: Record<string, {hasInstallScript?: boolean}>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.replace(/^.*node_modules\//, ''));
  const {allowScripts = {}} = read('package.json') as {allowScripts?: Record<string, boolean>};
  assert.deepEqual(Object.keys(allowScripts).sort(), [...new Set(withScripts)].sort());
});

test('CONTRIBUTING.md gives the reason for each decision', () => {
  const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const {allowScripts = {}} = read('package.json') as {allowScripts?: Record<string, boolean>};
  for (const name of Object.keys(allowScripts)) {
    assert.match(contributing, new RegExp(`^\\| \`${name.replace('/', '\\/')}\` \\|`, 'm'), name);
  }
});
