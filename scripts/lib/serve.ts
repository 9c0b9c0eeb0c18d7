/** Serving a built site on loopback for the benchmarks. */
import {spawn, type ChildProcess} from 'node:child_process';
import {resolve} from 'node:path';

export {browserPath} from './browser';
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `docusaurus serve` of `dir/build` (or of `outDir`) on 127.0.0.1, in its own
 * process group.
 */
export function serve(dir: string, port: number, outDir?: string): ChildProcess {
  const args = ['docusaurus', 'serve', '--host', '127.0.0.1', '--port', String(port), '--no-open'];
  return spawn('npx', outDir ? [...args, '--dir', outDir] : args, {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
  });
}

/**
 * `buildDir` behind the production nginx config (scripts/nginx-serve.ts: gzip,
 * caching), with or without our CSP, in its own process group.
 */
export function nginxServe(buildDir: string, port: number, securityHeaders: boolean): ChildProcess {
  return spawn(
    'npx',
    [
      'tsx',
      'scripts/nginx-serve.ts',
      String(port),
      `--root=${buildDir}`,
      ...(securityHeaders ? [] : ['--no-security-headers']),
    ],
    {cwd: resolve(__dirname, '../..'), stdio: 'ignore', detached: true},
  );
}

/** Runs `work` against `buildDir` served by nginx on `port`, then stops the server. */
export async function withNginx<T>(
  buildDir: string,
  port: number,
  securityHeaders: boolean,
  work: (origin: string) => Promise<T>,
): Promise<T> {
  const origin = `http://127.0.0.1:${port}`;
  const server = nginxServe(buildDir, port, securityHeaders);
  try {
    await waitForServer(`${origin}/`);
    return await work(origin);
  } finally {
    stop(server);
  }
}

export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} did not start`);
}

export function stop(server: ChildProcess): void {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
