/** Temporary copies of this repository for the docs tests, and a shell to run in them. */
import {spawnSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {copySite} from '../../scripts/lib/copy-site';

export {ROOT} from '../../scripts/lib/copy-site';

/** A copy of the working tree, with node_modules linked and no build. */
export function copyRepository(name: string): string {
  return copySite(mkdtempSync(join(tmpdir(), `zhandi-${name}-`)));
}

export type Run = Readonly<{status: number | null; output: string}>;

/** Runs a bash script in `cwd`, stdout and stderr together. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  // A test runner started inside a test would report to this one, not to its output.
  const parent = {...process.env};
  delete parent.NODE_TEST_CONTEXT;
  const result = spawnSync('bash', ['-c', script], {
    cwd,
    encoding: 'utf8',
    env: {...parent, ...env, FORCE_COLOR: '0', NO_COLOR: '1'},
    maxBuffer: 64 * 1024 * 1024,
  });
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}
