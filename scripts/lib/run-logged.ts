/**
 * Runs a command to the end with its output collected (stdout and stderr in
 * the order they came) and written to a log file: what check:upgrade and
 * test:switch-offs do for each step they report on.
 */
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';

export type Logged = {code: number; output: string; seconds: number};

export function runLogged(
  command: string,
  args: readonly string[],
  options: {cwd: string; log: string; env?: Record<string, string>},
): Promise<Logged> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {...process.env, ...options.env, FORCE_COLOR: '0', NO_COLOR: '1'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      writeFileSync(options.log, output);
      resolve({code: code ?? 1, output, seconds: Math.round((Date.now() - started) / 1000)});
    });
  });
}
