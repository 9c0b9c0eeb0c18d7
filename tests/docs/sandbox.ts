/** Temporary copies of this repository for the docs tests, and a shell to run in them. */
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, mkdirSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/**
 * A copy of the working tree (tracked and new files, as git sees them), with
 * node_modules linked, not copied, and no build.
 */
export function copyRepository(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `zhandi-${name}-`));
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.split('\0');
  for (const file of files.filter(Boolean)) {
    mkdirSync(dirname(join(dir, file)), {recursive: true});
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

export type Run = Readonly<{status: number | null; output: string}>;

/** Runs a bash script in `cwd`, stdout and stderr together. */
export function bash(script: string, cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const result = spawnSync('bash', ['-c', script], {
    cwd,
    encoding: 'utf8',
    env: {...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1'},
    maxBuffer: 64 * 1024 * 1024,
  });
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}
