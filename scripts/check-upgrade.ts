/**
 * What an upgrade of Docusaurus would break, tried in a copy.
 *
 *   npm run check:upgrade -- <version> [--dir=<folder>] [--no-e2e] [--no-switch-offs]
 *
 * Copies this repository (the working tree as git sees it; no node_modules,
 * build, .docusaurus, .grown, test-results) to a temporary folder, moves
 * every @docusaurus/* package to <version> there, runs `npm install`, the
 * contract (scripts/contract.ts, see src/contract), `docusaurus build` and
 * the browser tests (Playwright's `chromium` project, with the repository's
 * playwright.config.ts, against the copy's build) and every switch-off,
 * forced, built and checked (scripts/switch-offs.ts). Then prints a table: each
 * plugin, the page template and each ejected or wrapped theme component,
 * whether it holds, and the first error in plain words; and the browser tests
 * that failed. The checkout is never written to. The copy is kept (its path
 * is printed; logs in <copy>/upgrade-logs) so the errors can be looked at.
 *
 * Ports: E2E_PORT, E2E_NGINX_PORT, E2E_GROWN_PORT, or 4373-4375 (the switch-offs
 * serve on E2E_SWITCHED_OFF_PORT, else the grown site's, which no server here uses).
 */
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {SITE_DIR, SWITCHED_OFF, type Finding} from '../src/contract';
import subjects from './lib/contract-subjects';

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
    'usage: npm run check:upgrade -- <version, e.g. 3.10.2> [--dir=<folder>] [--no-e2e]',
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

type Run = {code: number; output: string};

/** Runs a command in the copy, its output in a log file (and kept for reading). */
function run(
  dir: string,
  logName: string,
  command: string,
  args: string[],
  env = {},
): Promise<Run> {
  const logFile = path.join(dir, 'upgrade-logs', `${logName}.log`);
  log(`${command} ${args.join(' ')} (log: ${logFile})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: {...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      writeFileSync(logFile, output);
      resolve({code: code ?? 1, output});
    });
  });
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

type E2eFailure = {spec: string; title: string; error: string};

type JsonSuite = {
  file?: string;
  title?: string;
  suites?: JsonSuite[];
  specs?: {
    title: string;
    file?: string;
    tests: {results: {status: string; error?: {message?: string}}[]}[];
  }[];
};

function e2eResults(json: string): {passed: number; failed: E2eFailure[]} {
  const report = JSON.parse(json) as {suites: JsonSuite[]};
  const failed: E2eFailure[] = [];
  let passed = 0;
  const walk = (suite: JsonSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (!last || last.status === 'skipped') continue;
        if (last.status === 'passed') {
          passed += 1;
          continue;
        }
        const message = (last.error?.message ?? last.status)
          .replace(ANSI, '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 2)
          .join(' ');
        failed.push({spec: spec.file ?? file, title: spec.title, error: message.slice(0, 240)});
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  report.suites.forEach((suite) => walk(suite, suite.file ?? suite.title ?? ''));
  return {passed, failed};
}

/** Terminal colour codes. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

async function main(): Promise<void> {
  const dir = options.get('dir')
    ? path.resolve(options.get('dir') ?? '')
    : mkdtempSync(path.join(tmpdir(), `check-upgrade-${version}-`));
  mkdirSync(path.join(dir, 'upgrade-logs'), {recursive: true});
  const started = Date.now();
  log(`copying ${SITE_DIR} to ${dir}`);
  copyRepository(dir);
  const moved = moveDocusaurus(dir, version ?? '');
  log(`${moved.length} packages moved to ${version}: ${moved.join(', ')}`);

  const install = await run(dir, 'install', 'npm', ['install', '--no-audit', '--no-fund']);
  const notes: string[] = [];
  let contract: Finding[] = [];
  let build: Run | undefined;
  let e2e: {passed: number; failed: E2eFailure[]} | undefined;
  if (install.code !== 0) {
    notes.push(`npm install failed: ${firstError(install.output)}`);
  } else {
    const contractRun = await run(dir, 'contract', 'npx', [
      'tsx',
      'scripts/contract.ts',
      '--json=upgrade-logs/contract.json',
    ]);
    const json = path.join(dir, 'upgrade-logs', 'contract.json');
    if (existsSync(json)) contract = JSON.parse(readFileSync(json, 'utf8')) as Finding[];
    else notes.push(`the contract did not run: ${firstError(contractRun.output)}`);

    build = await run(dir, 'build', 'npm', ['run', 'build']);
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
        notes.push(`the browser tests did not run: ${firstError(e2eRun.output)}`);
      }
    }
    // Each switch-off path forced, built and checked on this version (scripts/switch-offs.ts).
    if (build.code === 0 && !options.has('no-switch-offs')) {
      const switchOffs = await run(dir, 'switch-offs', 'npx', ['tsx', 'scripts/switch-offs.ts'], {
        E2E_SWITCHED_OFF_PORT:
          process.env.E2E_SWITCHED_OFF_PORT ?? process.env.E2E_GROWN_PORT ?? '4375',
      });
      const at = switchOffs.output.lastIndexOf('| CONTRACT_BREAK');
      const table = at >= 0 ? switchOffs.output.slice(at).trim() : firstError(switchOffs.output);
      notes.push(
        `switch-offs (npm run test:switch-offs) ${switchOffs.code === 0 ? 'all work' : 'FAIL'}:\n\n${table}\n`,
      );
    }
  }

  const off = build ? switchedOffPlugins(build.output) : new Map<string, string>();
  const buildError = build && build.code !== 0 ? firstError(build.output) : undefined;
  const buildCulprit = buildError ? subjectOfError(buildError) : undefined;

  const rows = subjects.map((subject) => {
    const findings = contract.filter((f) => f.subject === subject.name);
    const broken = findings.filter((f) => f.status === 'broken');
    const switched = off.get(subject.name);
    let status = findings.length ? 'holds' : 'not checked';
    let error = '';
    if (broken.length) {
      status = 'broken';
      error = `${broken[0]?.assumption}: ${broken[0]?.error}${broken.length > 1 ? ` (+${broken.length - 1} more)` : ''}`;
    }
    if (switched) status = 'switched off (build warning)';
    if (buildCulprit === subject.name) {
      status = 'broken: build fails';
      error = `${buildError}${error ? `; contract: ${error}` : ''}`;
    }
    return `| ${subject.name} | ${subject.kind} | ${status} | ${cell(error || '—')} |`;
  });

  const lines = [
    `## Docusaurus ${version}: what holds (${new Date().toISOString().slice(0, 16)}Z, copy ${dir})`,
    '',
    `npm install: ${install.code === 0 ? 'ok' : 'failed'}; contract: ${
      contract.length
        ? `${contract.filter((f) => f.status === 'broken').length} of ${contract.length} assumptions broken`
        : 'not run'
    }; build: ${!build ? 'not run' : build.code === 0 ? 'ok' : `failed: ${buildError}`}; browser tests (chromium): ${
      e2e ? `${e2e.passed} passed, ${e2e.failed.length} failed` : 'not run'
    }`,
    '',
    '| Plugin / component | Kind | Result | First error |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ];
  if (e2e?.failed.length) {
    const bySpec = new Map<string, E2eFailure[]>();
    for (const failure of e2e.failed) {
      bySpec.set(failure.spec, [...(bySpec.get(failure.spec) ?? []), failure]);
    }
    lines.push('| Browser test file | Failed | First failure |', '| --- | --- | --- |');
    for (const [spec, failures] of bySpec) {
      const first = failures[0];
      lines.push(`| ${spec} | ${failures.length} | ${cell(`${first?.title}: ${first?.error}`)} |`);
    }
    lines.push('');
  }
  for (const [plugin, why] of off) lines.push(`- ${plugin} switched itself off: ${why}`);
  lines.push(...notes.map((note) => `- ${note}`));
  lines.push(
    `- took ${Math.round((Date.now() - started) / 60000)} min; logs in ${dir}/upgrade-logs`,
  );
  const report = lines.join('\n');
  writeFileSync(path.join(dir, 'upgrade-logs', 'report.md'), `${report}\n`);
  console.log(`\n${report}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
