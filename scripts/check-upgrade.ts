/**
 * What an upgrade of Docusaurus would break, tried in a copy.
 *
 *   npm run check:upgrade -- <version> [--dir=<folder>] [--no-e2e] [--no-switch-offs] [--no-switch-offs]
 *
 * Copies this repository (the working tree as git sees it; no node_modules,
 * build, .docusaurus, .grown, test-results) to a temporary folder, moves
 * every @docusaurus/* package to <version> there, runs `npm install`, the
 * contract (scripts/contract.ts, see src/contract), `docusaurus build`, writes
 * each host's security headers from that build as an upgrade commit would
 * (`npm run deploy:headers`) and checks them, and runs the browser tests
 * (Playwright's `chromium` project, with the repository's
 * playwright.config.ts, against the copy's build), and every switch-off,
 * forced, built and checked (scripts/switch-offs.ts).
 *
 * The report says which assumptions no longer hold, which plugins switched
 * themselves off, and every browser test that failed, each with why: the
 * generator meta (the spec pins 3.7.0) and the byte budgets (3.7.0's; each
 * overrun with its bytes) are expected, anything else is not. It is printed,
 * kept in the copy's upgrade-logs/ and written to upgrade/<version>-<date>.md
 * in this checkout (the one file the run writes here; a second run on the
 * same day replaces it). The copy is kept (its path is in the report) so the
 * errors can be looked at. Exits 1 when install or build fails or a browser
 * test fails unexpectedly or a switch-off does not leave a working site.
 *
 * Ports: E2E_PORT, E2E_NGINX_PORT, E2E_GROWN_PORT, or 4373-4375 (the switch-offs
 * serve on E2E_SWITCHED_OFF_PORT, else the grown site's, which no server here uses).
 */
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {SITE_DIR, SWITCHED_OFF, type Finding} from '../src/contract';
import subjects from './lib/contract-subjects';
import {runLogged, type Logged} from './lib/run-logged';
import {
  budgetOverruns,
  e2eResults,
  expectedFailure,
  type Budgets,
  type E2e,
} from './lib/upgrade-report';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const options = new Map(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [name = '', value = ''] = arg.slice(2).split('=');
      return [name, value];
    }),
);
const version = positional[0];
if (!version || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
  console.error(
    'usage: npm run check:upgrade -- <version, e.g. 3.10.2> [--dir=<folder>] [--no-e2e] [--no-switch-offs]',
  );
  process.exit(2);
}

/** Never copied: installed, built or generated. */
const EXCLUDED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.grown',
  'test-results',
  'playwright-report',
  '.git',
]);

function log(message: string): void {
  console.log(`[check:upgrade ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function copyRepository(to: string): void {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: SITE_DIR,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (file.split('/').some((part) => EXCLUDED.has(part)) || file.startsWith('bench/tmp/')) {
      continue;
    }
    if (!existsSync(path.join(SITE_DIR, file))) continue; // deleted, not yet committed
    mkdirSync(path.dirname(path.join(to, file)), {recursive: true});
    cpSync(path.join(SITE_DIR, file), path.join(to, file));
  }
}

/** Every @docusaurus/* dependency of the copy's package.json at `version`. */
function moveDocusaurus(dir: string, to: string): string[] {
  const file = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const moved: string[] = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = pkg[field] as Record<string, string> | undefined;
    for (const name of Object.keys(deps ?? {})) {
      if (deps && name.startsWith('@docusaurus/')) {
        deps[name] = to;
        moved.push(name);
      }
    }
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return moved;
}

type Run = Logged;

/** Runs a command in the copy, its output in a log file (and kept for reading). */
function run(
  dir: string,
  logName: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const logFile = path.join(dir, 'upgrade-logs', `${logName}.log`);
  log(`${command} ${args.join(' ')} (log: ${logFile})`);
  return runLogged(command, args, {cwd: dir, log: logFile, env});
}

/** The first line of a failed command's output that reads like an error. */
function firstError(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^\[(WARNING|INFO|SUCCESS)\]/.test(line));
  const at = lines.findIndex((line) =>
    /^\[ERROR\]|Error:|ERR!|error TS|Module not found|Cannot find/.test(line),
  );
  if (at === -1) return (lines.at(-1) ?? 'no output').slice(0, 300);
  // Rspack's summary line comes before the error it summarises.
  const detail = lines.slice(at + 1).find((line) => /^×|Error:|Module not found/.test(line));
  const error = /compiled with errors/.test(lines[at] ?? '') && detail ? detail : lines[at];
  return (error ?? '').replace(/\s+/g, ' ').slice(0, 300);
}

/** A check's problems, one a line: the first, and how many there are. */
function problems(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^>|^npm (warn|notice)/.test(line));
  const first = (lines[0] ?? 'no output').slice(0, 300);
  return lines.length > 1 ? `${first}（共 ${lines.length} 行）` : first;
}

/** `[WARNING] [switched off] <plugin>: <why>. <fallback>` lines of the build. */
function switchedOffPlugins(output: string): Map<string, string> {
  const off = new Map<string, string>();
  const pattern = new RegExp(`\\[${SWITCHED_OFF}\\] ([\\w/.-]+): (.*)`, 'g');
  for (const [, plugin, why] of output.matchAll(pattern)) {
    if (plugin && !off.has(plugin)) off.set(plugin, (why ?? '').trim());
  }
  return off;
}

/** Which subject a build error names (a file of one of them), if any. */
function subjectOfError(error: string): string | undefined {
  for (const subject of subjects) {
    // A component's folder names it too (`Can't resolve … in 'src/theme/CodeBlock'`).
    const places = subject.files.flatMap((file) =>
      path.basename(file).startsWith('index.')
        ? [file, path.dirname(file)]
        : [file.replace(/\/$/, '')],
    );
    const named = places.some((place) =>
      new RegExp(`${place.replace(/\./g, '\\.')}(?=['/:\\s]|$)`).test(error),
    );
    if (named) return subject.name;
  }
  return undefined;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

const bytes = (n: number): string => n.toLocaleString('en-US');

/** The checkout's commit, and whether its working tree differs from it. */
function checkout(): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, {cwd: SITE_DIR, encoding: 'utf8'}).stdout.trim();
  const commit = git('rev-parse', '--short', 'HEAD') || '?';
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `提交 \`${commit}\`${branch && branch !== 'HEAD' ? `（分支 \`${branch}\`）` : ''}${dirty ? '，加上未提交的改动' : ''}`;
}

/** Where the dated report goes: upgrade/<version>-<YYYY-MM-DD>.md in the checkout. */
const REPORT_DIR = 'upgrade';

async function main(): Promise<void> {
  const dir = options.get('dir')
    ? path.resolve(options.get('dir') ?? '')
    : mkdtempSync(path.join(tmpdir(), `check-upgrade-${version}-`));
  mkdirSync(path.join(dir, 'upgrade-logs'), {recursive: true});
  const started = new Date();
  const from = checkout();
  log(`copying ${SITE_DIR} to ${dir}`);
  copyRepository(dir);
  const moved = moveDocusaurus(dir, version ?? '');
  log(`${moved.length} packages moved to ${version}: ${moved.join(', ')}`);

  const install = await run(dir, 'install', 'npm', ['install', '--no-audit', '--no-fund']);
  const notes: string[] = [];
  let contract: Finding[] = [];
  let build: Run | undefined;
  let headers: {changed: string[]; check: Run} | undefined;
  let e2e: E2e | undefined;
  let switchOffs: {ok: boolean; table: string} | undefined;
  if (install.code !== 0) {
    notes.push(`\`npm install\` 失败：${firstError(install.output)}`);
  } else {
    const contractRun = await run(dir, 'contract', 'npx', [
      'tsx',
      'scripts/contract.ts',
      '--json=upgrade-logs/contract.json',
    ]);
    const json = path.join(dir, 'upgrade-logs', 'contract.json');
    if (existsSync(json)) contract = JSON.parse(readFileSync(json, 'utf8')) as Finding[];
    else notes.push(`契约没有跑成：${firstError(contractRun.output)}`);

    build = await run(dir, 'build', 'npm', ['run', 'build']);
    if (build.code === 0) {
      // As an upgrade commit would: each host's copy of the headers written
      // from the new build (its inline scripts have other hashes), then checked.
      const hostFiles = ['vercel.json', 'deploy/Caddyfile', 'deploy/security-headers.conf'];
      const read = (file: string) =>
        existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), 'utf8') : '';
      const before = hostFiles.map(read);
      await run(dir, 'headers', 'npm', ['run', 'deploy:headers']);
      headers = {
        changed: hostFiles.filter((file, i) => read(file) !== before[i]),
        check: await run(dir, 'headers-check', 'npx', [
          'tsx',
          'scripts/security-headers.ts',
          '--check',
        ]),
      };
    }
    if (build.code === 0 && !options.has('no-e2e')) {
      const ports = {
        E2E_PORT: process.env.E2E_PORT ?? '4373',
        E2E_NGINX_PORT: process.env.E2E_NGINX_PORT ?? '4374',
        E2E_GROWN_PORT: process.env.E2E_GROWN_PORT ?? '4375',
      };
      // Only the chromium project runs, and E2E_PROJECTS starts only its server.
      // E2E_GROWN_REUSE stays for a config that predates E2E_PROJECTS: there the
      // grown server serves this copy's build as it is (no second copy and build).
      const e2eRun = await run(
        dir,
        'e2e',
        'npx',
        ['playwright', 'test', '--project=chromium', '--reporter=json'],
        {
          ...ports,
          E2E_PROJECTS: 'chromium',
          E2E_GROWN_REUSE: '1',
          E2E_GROWN_DIR: '.',
          PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'upgrade-logs', 'e2e-report.json'),
        },
      );
      try {
        e2e = e2eResults(readFileSync(path.join(dir, 'upgrade-logs', 'e2e-report.json'), 'utf8'));
        writeFileSync(path.join(dir, 'upgrade-logs', 'e2e.json'), JSON.stringify(e2e, null, 2));
      } catch {
        notes.push(`浏览器测试没有跑成：${firstError(e2eRun.output)}`);
      }
    }
    // Each switch-off path forced, built and checked on this version (scripts/switch-offs.ts).
    if (build.code === 0 && !options.has('no-switch-offs')) {
      const forced = await run(dir, 'switch-offs', 'npx', ['tsx', 'scripts/switch-offs.ts'], {
        E2E_SWITCHED_OFF_PORT:
          process.env.E2E_SWITCHED_OFF_PORT ?? process.env.E2E_GROWN_PORT ?? '4375',
      });
      const at = forced.output.lastIndexOf('| CONTRACT_BREAK');
      switchOffs = {
        ok: forced.code === 0,
        table: at >= 0 ? forced.output.slice(at).trim() : firstError(forced.output),
      };
    }
  }
  const finished = new Date();

  const off = build ? switchedOffPlugins(build.output) : new Map<string, string>();
  const buildError = build && build.code !== 0 ? firstError(build.output) : undefined;
  const buildCulprit = buildError ? subjectOfError(buildError) : undefined;
  const broken = contract.filter((f) => f.status === 'broken');

  const rows = subjects.map((subject) => {
    const findings = contract.filter((f) => f.subject === subject.name);
    const brokenHere = findings.filter((f) => f.status === 'broken');
    const switched = off.get(subject.name);
    let status = findings.length ? '成立' : '没有检查';
    let error = '';
    if (brokenHere.length) {
      status = '不成立';
      error = `${brokenHere[0]?.assumption}: ${brokenHere[0]?.error}${brokenHere.length > 1 ? `（另有 ${brokenHere.length - 1} 条）` : ''}`;
    }
    if (switched) status = '已自动关掉（构建警告）';
    if (buildCulprit === subject.name) {
      status = '不成立：构建失败';
      error = `${buildError}${error ? `; contract: ${error}` : ''}`;
    }
    return `| \`${subject.name}\` | ${subject.kind} | ${status} | ${cell(error || '—')} |`;
  });

  const expected = (e2e?.failed ?? []).filter((failure) => expectedFailure(failure));
  const unexpected = (e2e?.failed ?? []).filter((failure) => !expectedFailure(failure));
  const budgets = JSON.parse(
    readFileSync(path.join(dir, 'tests', 'budgets.json'), 'utf8'),
  ) as Budgets;
  const overruns = e2e ? budgetOverruns(e2e.measured, budgets) : [];
  const minutes = Math.round((finished.getTime() - started.getTime()) / 60000);
  const hhmm = (date: Date) => date.toISOString().slice(11, 16);
  const day = started.toISOString().slice(0, 10);

  const lines = [
    `# Docusaurus ${version} 升级检查（${day}）`,
    '',
    `\`npm run check:upgrade -- ${version}\`，检出的${from}；副本 \`${dir}\`，日志在它的 \`upgrade-logs/\`。`,
    `用时 ${minutes} 分钟（${hhmm(started)}–${hhmm(finished)} UTC）。`,
    '',
    '| 步骤 | 结果 |',
    '| --- | --- |',
    `| \`npm install\` | ${install.code === 0 ? '成功' : '失败'} |`,
    `| 契约（\`scripts/contract.ts\`） | ${
      contract.length
        ? `${contract.length} 条假设里 ${broken.length} 条不成立${broken.length ? `：${broken.map((f) => `\`${f.subject} › ${f.assumption}\``).join('、')}` : ''}`
        : '没有跑'
    } |`,
    `| 构建 | ${!build ? '没有跑' : build.code === 0 ? '成功' : `失败：${cell(buildError ?? '')}`} |`,
    `| 自动关掉的插件 | ${off.size ? [...off.keys()].map((name) => `\`${name}\``).join('、') : '无'} |`,
    `| 安全头（\`npm run deploy:headers\` 后 \`security-headers.ts --check\`） | ${
      !headers
        ? '没有跑'
        : `${headers.changed.length ? `重新生成后变了：${headers.changed.map((f) => `\`${f}\``).join('、')}（升级时一并提交）` : '重新生成后没有变'}；检查${headers.check.code === 0 ? '通过' : `失败：${cell(problems(headers.check.output))}`}`
    } |`,
    `| 浏览器测试（\`chromium\`） | ${
      e2e
        ? `${e2e.passed} 条通过，${e2e.failed.length} 条失败（预期之内 ${expected.length} 条，预期之外 ${unexpected.length} 条）`
        : '没有跑'
    } |`,
    `| 开关测试（\`scripts/switch-offs.ts\`） | ${
      switchOffs ? (switchOffs.ok ? '每个开关关掉后都能构建、能用' : '有失败，见下') : '没有跑'
    } |`,
    '',
    '## 各插件和组件',
    '',
    '| 插件或组件 | 类型 | 结果 | 第一条错误 |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ];
  if (broken.length) {
    lines.push(
      '## 不成立的假设',
      '',
      '| 插件或组件 › 假设 | 变了什么 |',
      '| --- | --- |',
      ...broken.map((f) => `| \`${f.subject} › ${f.assumption}\` | ${cell(f.error ?? '')} |`),
      '',
    );
  }
  if (off.size) {
    lines.push('## 自动关掉的插件', '');
    for (const [plugin, why] of off) lines.push(`- \`${plugin}\`：${why}`);
    lines.push('');
  }
  if (e2e?.failed.length) {
    lines.push(
      '## 失败的浏览器测试',
      '',
      '| 测试 | 第一条错误 | 为什么 |',
      '| --- | --- | --- |',
      ...[...unexpected, ...expected].map(
        (f) =>
          `| \`${f.spec}\` › ${cell(f.title)} | ${cell(f.error)} | ${expectedFailure(f) ?? '**预期之外**'} |`,
      ),
      '',
    );
  }
  if (overruns.length) {
    lines.push(
      '## 超出的字节预算',
      '',
      '首次加载（到水合为止）的 gzip 字节数，预算见 `tests/budgets.json`。',
      '',
      '| 页面 | 实测 | 预算 | 超出 |',
      '| --- | ---: | ---: | ---: |',
      ...overruns.map(
        (o) =>
          `| ${cell(o.what)} | ${bytes(o.measured)} B | ${bytes(o.budget)} B | ${bytes(o.measured - o.budget)} B |`,
      ),
      '',
    );
  }
  if (switchOffs) {
    lines.push(
      '## 开关测试',
      '',
      '每个开关用 `CONTRACT_BREAK` 强制走假设不成立时的那条路，构建后在浏览器里检查（`npm run test:switch-offs`）。',
      '',
      switchOffs.table,
      '',
    );
  }
  if (notes.length) lines.push(...notes.map((note) => `- ${note}`), '');

  const report = lines.join('\n');
  writeFileSync(path.join(dir, 'upgrade-logs', 'report.md'), report);
  const kept = path.join(SITE_DIR, REPORT_DIR, `${version}-${day}.md`);
  mkdirSync(path.dirname(kept), {recursive: true});
  writeFileSync(kept, report);
  console.log(`\n${report}`);
  log(`report written to ${path.relative(process.cwd(), kept) || kept}`);
  const e2eFailed = !options.has('no-e2e') && (!e2e || unexpected.length > 0);
  if (install.code !== 0 || build?.code !== 0 || e2eFailed || switchOffs?.ok === false) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
