/**
 * Serves build/ with the production nginx config (deploy/nginx.conf) on
 * 127.0.0.1 only, in the foreground, for the deploy smoke tests and the
 * benchmark.
 *
 *   tsx scripts/nginx-serve.ts [port] [--root=DIR] [--no-security-headers]
 *
 * `--root` serves another build (the benchmark's stock site), and
 * `--no-security-headers` leaves out our CSP, whose script hashes fit only our build.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {nginxInstall, prefixedNginxConf} from './lib/nginx-conf';

const args = process.argv.slice(2);
const port = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 4174);
const root = args.find((arg) => arg.startsWith('--root='))?.slice('--root='.length);
const prefix = resolve(`test-results/nginx-${port}`);
const buildDir = resolve(root ?? 'build');
mkdirSync(`${prefix}/tmp`, {recursive: true});
const headers = args.includes('--no-security-headers')
  ? `${prefix}/no-security-headers.conf`
  : resolve('deploy/security-headers.conf');
if (args.includes('--no-security-headers')) writeFileSync(headers, '');

const server = readFileSync('deploy/nginx.conf', 'utf8')
  .replace(/^\s*listen \[::\]:80;\n/m, '')
  .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
  .replace(/^(\s*)root .*;/m, `$1root ${buildDir};`)
  .replaceAll('/etc/nginx/snippets/zhandi-security-headers.conf', headers);

for (const [pattern, what] of [
  [`listen 127.0.0.1:${port};`, 'listen'],
  [`root ${buildDir};`, 'root'],
  [headers, 'security headers include'],
] as const) {
  if (!server.includes(pattern)) throw new Error(`deploy/nginx.conf: could not set the ${what}`);
}

const {binary, mimeTypes} = nginxInstall();
writeFileSync(`${prefix}/nginx.conf`, prefixedNginxConf(prefix, mimeTypes, server));

// -e: nginx logs to its compiled-in error log until it has read the config,
// which a user who is not root cannot open.
const nginx = spawn(
  binary,
  ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'],
  {stdio: 'inherit'},
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => nginx.kill('SIGQUIT'));
}
nginx.on('exit', (code) => process.exit(code ?? 0));
