/**
 * Serves build/ with the production nginx config (deploy/nginx.conf) on
 * 127.0.0.1 only, in the foreground, for the deploy tests and the benchmark.
 *
 *   tsx scripts/nginx-serve.ts [port] [--tls=PORT] [--root=DIR] [--no-security-headers]
 *
 * On `port`, plain HTTP: the config's HTTPS server without TLS and without
 * HSTS (which belongs to HTTPS only), for the browser tests. `--tls` adds the
 * config's two servers as they are, but on loopback ports and with a
 * certificate made here (scripts/lib/test-certificate.ts): the HTTPS server
 * on PORT, and the port-80 server on `port`, where it answers requests for
 * the site's name (the plain server answers the rest). `--root` serves
 * another build (the benchmark's stock site), and `--no-security-headers`
 * leaves out our CSP, whose script hashes fit only our build.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {SERVER_NAME} from '../src/plugins/security-headers/policy';
import {nginxInstall, prefixedNginxConf} from './lib/nginx-conf';
import {makeTestCertificate} from './lib/test-certificate';

const args = process.argv.slice(2);
const port = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 4174);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const tlsPort = option('tls') ? Number(option('tls')) : undefined;
const root = option('root');
const prefix = resolve(`test-results/nginx-${port}`);
const buildDir = resolve(root ?? 'build');
mkdirSync(`${prefix}/tmp`, {recursive: true});

const SNIPPET = '/etc/nginx/snippets/zhandi-security-headers.conf';
const snippet = readFileSync('deploy/security-headers.conf', 'utf8');
const plainSnippet = `${prefix}/security-headers-http.conf`;
writeFileSync(
  plainSnippet,
  args.includes('--no-security-headers')
    ? ''
    : snippet.replace(/^add_header Strict-Transport-Security .*\n/m, ''),
);

type Edit = readonly [from: string | RegExp, to: string, what: string];

/** `text` with each edit made (a string everywhere); throws when the config lacks one. */
function edit(text: string, edits: readonly Edit[]): string {
  return edits.reduce((result, [from, to, what]) => {
    const changed =
      typeof from === 'string' ? result.replaceAll(from, () => to) : result.replace(from, to);
    if (changed === result) throw new Error(`deploy/nginx.conf: could not set the ${what}`);
    return changed;
  }, text);
}

const config = readFileSync('deploy/nginx.conf', 'utf8');
const servers = config.split(/^(?=server \{$)/m).slice(1);
const httpServer = servers.find((s) => /^\s*listen 80;$/m.test(s)) ?? '';
const httpsServer = servers.find((s) => /^\s*listen 443 ssl/m.test(s)) ?? '';
const common: Edit[] = [
  // IPv6 stays off: the tests listen on 127.0.0.1 only.
  [/^\s*include \S*listen-ipv6\S*;\n/m, '', 'IPv6 include'],
  [/^(\s*)root .*;/m, `$1root ${buildDir};`, 'root'],
];

const blocks = [
  // Plain HTTP on `port`, its default server.
  edit(httpsServer, [
    ...common,
    [/^(\s*)listen 443 ssl.*;/m, `$1listen 127.0.0.1:${port} default_server;`, 'listen'],
    [/^(\s*)server_name .*;/m, '$1server_name 127.0.0.1 localhost;', 'server name'],
    [/^\s*ssl_.*;\n/gm, '', 'TLS settings'],
    [SNIPPET, plainSnippet, 'security headers include'],
  ]),
];
if (tlsPort) {
  const {cert, key} = makeTestCertificate(prefix);
  const live = `/etc/letsencrypt/live/${SERVER_NAME}/`;
  blocks.push(
    edit(httpServer, [
      common[0] as Edit,
      [/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`, 'port 80 listen'],
    ]),
    edit(httpsServer, [
      ...common,
      [/^(\s*)listen 443 ssl/m, `$1listen 127.0.0.1:${tlsPort} ssl`, 'TLS listen'],
      [`${live}fullchain.pem`, cert, 'certificate'],
      [`${live}privkey.pem`, key, 'certificate key'],
      [SNIPPET, resolve('deploy/security-headers.conf'), 'security headers include'],
    ]),
  );
}
const body = blocks.join('\n');

const {binary, mimeTypes} = nginxInstall();
writeFileSync(`${prefix}/nginx.conf`, prefixedNginxConf(prefix, mimeTypes, body));

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
