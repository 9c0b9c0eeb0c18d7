/** Copies of this repository, for tests and benchmarks that change or grow the site. */
import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, rmSync, symlinkSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/**
 * Copies the working tree (tracked and new files, as git sees them) to `dir`,
 * replacing what was there, with node_modules linked, not copied, and no build.
 */
export function copySite(dir: string): string {
  rmSync(dir, {recursive: true, force: true});
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
