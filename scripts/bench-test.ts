/**
 * npm run bench:test: how long the README's two commands take on this
 * machine, step by step. Runs the steps of package.json's `test` script one
 * after another (its `pretest` first), as `npm test` does, times each, and
 * writes bench/reports/<date>-npm-test.md: each step, its time and result,
 * the machine and how busy it was. Stops at the first step that fails, as
 * `npm test` does. Not part of `npm test`.
 *
 *   npm run bench:test                       every step (15 minutes or more on 2 cores)
 *   npm run bench:test -- --skip=test:docs,test:e2e
 *                                            leaves steps out (their names as the
 *                                            report gives them); the report lists them
 *   npm run bench:test -- --npm-ci           first `npm ci` in a fresh copy of the
 *                                            checkout (bench/tmp/npm-ci), timed
 *
 * The Playwright step uses the E2E_*_PORT variables like `npm test` does.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync, unlinkSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {copySite} from './lib/copy-site';
import {load, table, writeReport} from './bench/reports';
import {log, ROOT, TMP} from './bench/util';

const ARGS = process.argv.slice(2);
const option = (name: string) =>
  ARGS.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const SKIP = new Set(option('skip')?.split(',').filter(Boolean) ?? []);

type Step = Readonly<{name: string; command: string; cwd: string}>;
type Timed = Step & {seconds: number | null; status: 'passed' | 'failed' | 'skipped' | 'not run'};

/** `npm run x` is step `x`; any other command is its own name. */
const stepName = (command: string): string => /^npm run ([\w:-]+)$/.exec(command)?.[1] ?? command;

/** The steps `npm test` runs: its pretest, then each `&&` of the test script. */
function testSteps(scripts: Readonly<Record<string, string>>): Step[] {
  const test = scripts.test;
  if (!test) throw new Error('package.json has no test script');
  return [
    ...(scripts.pretest ? [{name: 'pretest', command: scripts.pretest, cwd: ROOT}] : []),
    ...test.split(' && ').map((command) => ({name: stepName(command), command, cwd: ROOT})),
  ];
}

/** m:ss, rounded to the second first (119.6 s is 2:00, not 1:60). */
function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function run(step: Step): number {
  log(`${step.name}: ${step.command}`);
  const started = performance.now();
  const result = spawnSync('sh', ['-c', step.command], {cwd: step.cwd, stdio: 'inherit'});
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw Object.assign(new Error(`${step.name} failed`), {seconds});
  return seconds;
}

/** A copy of the checkout without node_modules, for a timed `npm ci`. */
function npmCiStep(): Step {
  const dir = copySite(join(TMP, 'npm-ci'));
  // copySite links node_modules: unlink it, or npm ci would empty this checkout's.
  unlinkSync(join(dir, 'node_modules'));
  return {name: 'npm ci', command: 'npm ci --no-audit --no-fund', cwd: dir};
}

function main(): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const steps = testSteps(pkg.scripts);
  for (const name of SKIP)
    if (!steps.some((step) => step.name === name))
      throw new Error(
        `--skip=${name}: npm test has no such step (${steps.map((s) => s.name).join(', ')})`,
      );
  const startedAt = new Date();
  const loadAtStart = load();
  const cacheWarm = existsSync(join(homedir(), '.npm', '_cacache'));
  const all: Step[] = [...(ARGS.includes('--npm-ci') ? [npmCiStep()] : []), ...steps];
  const timed: Timed[] = [];
  let failed = false;
  for (const step of all) {
    if (SKIP.has(step.name)) timed.push({...step, seconds: null, status: 'skipped'});
    else if (failed) timed.push({...step, seconds: null, status: 'not run'});
    else {
      try {
        timed.push({...step, seconds: run(step), status: 'passed'});
      } catch (error) {
        failed = true;
        const {seconds} = error as {seconds?: number};
        timed.push({...step, seconds: seconds ?? null, status: 'failed'});
      }
    }
  }
  if (ARGS.includes('--npm-ci')) rmSync(join(TMP, 'npm-ci'), {recursive: true, force: true});

  const ran = timed.filter((t) => t.seconds !== null);
  const total = ran.reduce((sum, t) => sum + (t.seconds ?? 0), 0);
  const testTotal = ran
    .filter((t) => t.name !== 'npm ci')
    .reduce((sum, t) => sum + (t.seconds ?? 0), 0);
  const names = (status: Timed['status']) =>
    timed.filter((t) => t.status === status).map((t) => `\`${t.name}\``);
  const [skipped, failedSteps, notRun] = [names('skipped'), names('failed'), names('not run')];
  const summary = [
    skipped.length + failedSteps.length + notRun.length
      ? [
          skipped.length ? `Skipped on purpose: ${skipped.join(', ')}.` : '',
          failedSteps.length ? `Failed: ${failedSteps.join(', ')}.` : '',
          notRun.length ? `Not run after the failure: ${notRun.join(', ')}.` : '',
          'The totals are of part of `npm test`.',
        ]
          .filter(Boolean)
          .join(' ')
      : 'Every step of `npm test` ran and passed.',
    `Total of the steps that ran: ${clock(total)} (m:ss); of \`npm test\`'s own steps: ${clock(testTotal)}.`,
    ...(ARGS.includes('--npm-ci')
      ? [
          `\`npm ci\` ran in a fresh copy of the checkout, with ${cacheWarm ? 'an npm cache already on the machine (~/.npm/_cacache)' : 'no npm cache on the machine'}.`,
        ]
      : []),
  ].join(' ');
  writeReport({
    what: 'npm-test',
    title: 'npm run bench:test: the steps of npm test, timed',
    startedAt,
    endedAt: new Date(),
    command: ['npm run bench:test', ...(ARGS.length ? ['--', ...ARGS] : [])].join(' '),
    load: [loadAtStart, load()],
    body: [
      summary,
      table(
        ['step', 'command', 'm:ss', 'result'],
        timed.map((t) => [
          `\`${t.name}\``,
          `\`${t.command.replace(/\|/g, '\\|')}\``,
          t.seconds === null ? '–' : clock(t.seconds),
          t.status,
        ]),
      ),
    ].join('\n\n'),
  });
  if (failed) process.exitCode = 1;
}

main();
