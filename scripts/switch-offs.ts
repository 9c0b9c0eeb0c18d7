/**
 * Every switch-off, one at a time: for each way the build goes on without a
 * plugin or ejected component it finds broken (scripts/lib/switch-offs.ts,
 * from the subjects' `switchOffs`), and for all of them at once, builds the
 * site down that path (scripts/switched-off-site.ts, CONTRACT_BREAK) and runs
 * the `switched-off` Playwright project on it (tests/switch-offs/): every
 * page answers, hydrates, logs nothing and breaks no CSP rule, and every
 * article's admonitions, `<details>`, Tabs and code blocks work. Prints a
 * table with each build's and each check's wall time; exits 1 when one
 * fails. scripts/check-upgrade.ts runs it on the upgraded copy.
 *
 *   npm run test:switch-offs [-- --only=<text>] [--json=<file>]
 *
 * `--only` keeps the switch-offs whose `force` contains the text (`*` is the
 * everything-at-once run). Ports: E2E_SWITCHED_OFF_PORT (4179). Builds go to
 * .switched-off/one/ (replaced each time); each run's build log and test
 * output stay in .switched-off/logs/, failed tests' traces in
 * .switched-off/test-results/.
 */
import {copyFileSync, existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from './lib/copy-site';
import {runLogged} from './lib/run-logged';
import {listSwitchOffs} from './lib/switch-offs';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);
const DIR = path.join(ROOT, '.switched-off');
const SITE = path.join(DIR, 'one');
const LOGS = path.join(DIR, 'logs');

type Result = {
  force: string;
  subject: string;
  buildSeconds: number;
  checkSeconds: number;
  passed: boolean;
  problem?: string;
};

function say(message: string): void {
  console.log(`[switch-offs ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Runs a command in the site; resolves with its exit code and output (also written to `log`). */
const run = (
  command: string,
  commandArgs: string[],
  log: string,
  env: Record<string, string> = {},
) => runLogged(command, commandArgs, {cwd: ROOT, log, env});

/** The lines of a failed run that say why (the first few). */
function why(output: string): string {
  const lines = output.split('\n').map((line) => line.trim());
  const useful = lines.filter((line) =>
    /\[switched-off-site\]|Error:|✘|failed|did not|›.*(?:CSP|console)/.test(line),
  );
  return (useful.length ? useful : lines.filter(Boolean).slice(-3)).slice(0, 6).join(' / ');
}

const slug = (force: string): string =>
  force === '*' ? 'everything' : force.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '');

async function main(): Promise<void> {
  const only = args.get('only');
  const runs = [
    {force: '*', subject: 'everything that can switch off'},
    ...listSwitchOffs().map(({force, subject}) => ({force, subject})),
  ].filter(({force}) => !only || force.includes(only));
  if (runs.length === 0) throw new Error(`no switch-off's force contains "${only}"`);
  mkdirSync(LOGS, {recursive: true});
  const started = Date.now();
  const results: Result[] = [];
  for (const [i, {force, subject}] of runs.entries()) {
    say(`${i + 1}/${runs.length} CONTRACT_BREAK=${force} (${subject}): building…`);
    const name = slug(force);
    const built = await run(
      'npx',
      ['tsx', 'scripts/switched-off-site.ts', `--break=${force}`, `--dir=${SITE}`],
      path.join(LOGS, `${name}.switched-off-site.log`),
    );
    const buildLog = path.join(SITE, 'build.log');
    if (existsSync(buildLog)) copyFileSync(buildLog, path.join(LOGS, `${name}.build.log`));
    const result: Result = {
      force,
      subject,
      buildSeconds: built.seconds,
      checkSeconds: 0,
      passed: false,
    };
    if (built.code !== 0) {
      result.problem = `build: ${why(built.output)}`;
    } else {
      say(`built in ${built.seconds} s; checking…`);
      const checked = await run(
        'npx',
        // Its own output folder: a test run in the checkout at the same time
        // would otherwise empty test-results/ under it.
        [
          'playwright',
          'test',
          '--project=switched-off',
          '--reporter=list',
          `--output=${path.join(DIR, 'test-results')}`,
        ],
        path.join(LOGS, `${name}.tests.log`),
        {
          E2E_PROJECTS: 'switched-off',
          E2E_SWITCHED_OFF_DIR: SITE,
          E2E_SWITCHED_OFF_REUSE: '1',
        },
      );
      result.checkSeconds = checked.seconds;
      result.passed = checked.code === 0;
      if (!result.passed) result.problem = `tests: ${why(checked.output)}`;
      const summary = /\d+ (?:passed|failed)[^\n]*/.exec(checked.output)?.[0] ?? '';
      say(`${result.passed ? 'passed' : 'FAILED'} in ${checked.seconds} s ${summary}`);
    }
    results.push(result);
  }

  const lines = [
    '| CONTRACT_BREAK | Switches off | Build (s) | Checks (s) | Result |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| \`${r.force}\` | ${r.subject} | ${r.buildSeconds} | ${r.checkSeconds} | ${
          r.passed ? 'passed' : `failed: ${(r.problem ?? '').replace(/\|/g, '\\|')}`
        } |`,
    ),
    '',
    `${results.filter((r) => r.passed).length} of ${results.length} passed in ${Math.round(
      (Date.now() - started) / 60000,
    )} min; logs in ${path.relative(ROOT, LOGS)}/`,
  ];
  console.log(`\n${lines.join('\n')}`);
  const json = args.get('json');
  if (json) writeFileSync(path.resolve(ROOT, json), JSON.stringify(results, null, 2));
  process.exitCode = results.every((r) => r.passed) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
