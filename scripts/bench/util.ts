/** Paths and small helpers shared by the parts of `npm run bench`. */
import {execFileSync} from 'node:child_process';
import {resolve} from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const TMP = resolve(ROOT, 'bench/tmp');

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, {cwd, stdio: ['ignore', 'ignore', 'inherit']});
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
