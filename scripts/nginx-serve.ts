/**
 * Serves build/ with the production nginx config (deploy/nginx.conf) on
 * 127.0.0.1 only, in the foreground, for the deploy smoke tests.
 *
 *   tsx scripts/nginx-serve.ts [port]
 */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {resolve} from 'node:path';

const port = Number(process.argv[2] ?? 4174);
const prefix = resolve('test-results/nginx');
const buildDir = resolve('build');
const headers = resolve('deploy/security-headers.conf');

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

mkdirSync(`${prefix}/tmp`, {recursive: true});
writeFileSync(
  `${prefix}/nginx.conf`,
  `worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
${server}
}
`,
);

const nginx = spawn(
  '/usr/sbin/nginx',
  ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'],
  {stdio: 'inherit'},
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => nginx.kill('SIGQUIT'));
}
nginx.on('exit', (code) => process.exit(code ?? 0));
