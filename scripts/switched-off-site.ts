/**
 * The site built with plugins and ejected components switched off the way a
 * Docusaurus they no longer fit switches them off: CONTRACT_BREAK has the
 * build treat them as broken (src/contract `forcedBreak`), so each takes the
 * path a real break takes. Built into its own folder, with Docusaurus's
 * generated files beside it, so the checkout's build/ and .docusaurus/ are
 * left alone. The `switched-off` Playwright project checks what it leaves
 * (tests/switch-offs/).
 *
 *   tsx scripts/switched-off-site.ts [--break='*'] [--dir=.switched-off/all] [--port=4179] [--reuse]
 *
 * `--break` (default `*`, every switch-off at once) takes CONTRACT_BREAK's
 * entries: a subject, or one switch-off's `force` (scripts/lib/switch-offs.ts
 * lists them). The build must print a `[switched off]` line for each
 * subject the switch-offs name, and no other: else it fails, saying which.
 * `<dir>/build` is the site, `<dir>/build.log` the build's output. With
 * `--port`, serves the build on 127.0.0.1 until stopped; with `--reuse`,
 * serves the folder as built before, without building.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {CONTRACT_BREAK} from '../src/contract';
import {ROOT} from './lib/copy-site';
import {checkBreak, switchedOffLines, warningProblems} from './lib/switch-offs';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.join('=')];
  }),
);
const dir = path.resolve(ROOT, args.get('dir') || '.switched-off/all');
const outDir = path.join(dir, 'build');
const value = args.get('break') || process.env[CONTRACT_BREAK] || '*';

function say(message: string): void {
  process.stderr.write(`[switched-off-site] ${message}\n`);
}

/** Runs the build; resolves with its output and exit code. */
function build(): Promise<{code: number; output: string}> {
  const env = {
    ...process.env,
    [CONTRACT_BREAK]: value,
    // Relative to the site: Docusaurus resolves it there.
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: path.relative(ROOT, path.join(dir, 'generated')),
    FORCE_COLOR: '0',
  };
  return new Promise((resolve) => {
    const child = spawn('npx', ['docusaurus', 'build', '--out-dir', outDir], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({code: code ?? 1, output}));
  });
}

async function main(): Promise<void> {
  if (!args.has('reuse')) {
    checkBreak(value);
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    say(`${CONTRACT_BREAK}=${value}: building into ${path.relative(ROOT, outDir)}…`);
    const started = Date.now();
    const {code, output} = await build();
    const log = path.join(dir, 'build.log');
    writeFileSync(log, output);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (code !== 0) {
      const tail = output.trim().split('\n').slice(-15).join('\n');
      throw new Error(`the build failed (exit ${code}, ${seconds} s; ${log}):\n${tail}`);
    }
    const problems = warningProblems(value, output);
    if (problems.length > 0) {
      throw new Error(
        `the build did not take the switch-off path (${log}):\n${problems.join('\n')}`,
      );
    }
    const off = [...switchedOffLines(output).keys()];
    say(`built in ${seconds} s; switched off: ${off.join(', ')}`);
  }
  const port = args.get('port');
  if (!port) return;
  const server = spawn(
    'npx',
    ['docusaurus', 'serve', '--dir', outDir, '--host', '127.0.0.1', '--port', port, '--no-open'],
    {cwd: ROOT, stdio: 'inherit'},
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  say((error as Error).message);
  process.exit(1);
});
