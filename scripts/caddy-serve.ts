/**
 * Serves build/ with the production Caddy config (deploy/Caddyfile) on
 * 127.0.0.1 only, in the foreground, for the deploy tests.
 *
 *   tsx scripts/caddy-serve.ts [port] [--tls=PORT] [--root=DIR]
 *
 * On `port`, plain HTTP: the config's site without TLS and without HSTS
 * (which belongs to HTTPS only), for the browser tests. `--tls` adds the site
 * as it is, under its own name, on PORT with a certificate made here
 * (scripts/lib/test-certificate.ts), and Caddy's own redirect of that name
 * from HTTP to HTTPS on `port`. Caddy's admin endpoint is off and its state
 * stays under test-results/caddy-<port>/.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {SERVER_NAME, SITE_ROOT} from '../src/plugins/security-headers/policy';
import {caddyBinary} from './lib/caddy';
import {makeTestCertificate} from './lib/test-certificate';

const args = process.argv.slice(2);
const port = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 4177);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const tlsPort = option('tls') ? Number(option('tls')) : undefined;
const prefix = resolve(`test-results/caddy-${port}`);
const buildDir = resolve(option('root') ?? 'build');
mkdirSync(prefix, {recursive: true});

const config = readFileSync('deploy/Caddyfile', 'utf8');
const opening = `\n${SERVER_NAME} {\n`;
const start = config.indexOf(opening);
if (start === -1 || !config.endsWith('\n}\n')) {
  throw new Error(`deploy/Caddyfile: no site block for ${SERVER_NAME}`);
}
const site = config.slice(start + opening.length, -'}\n'.length);
if (!site.includes(`\troot * ${SITE_ROOT}\n`)) {
  throw new Error(`deploy/Caddyfile: could not set the root (${SITE_ROOT})`);
}
const served = site.replace(`\troot * ${SITE_ROOT}\n`, `\troot * ${buildDir}\n`);

const blocks = [
  `http://127.0.0.1:${port} {\n${served.replace(/^\t\tStrict-Transport-Security .*\n/m, '')}}`,
];
if (tlsPort) {
  const {cert, key} = makeTestCertificate(prefix);
  blocks.push(`${SERVER_NAME} {\n\ttls ${cert} ${key}\n${served}}`);
}
const caddyfile = `{
\tadmin off
\tdefault_bind 127.0.0.1
\thttp_port ${port}
\thttps_port ${tlsPort ?? port + 1}
\tskip_install_trust
\tstorage file_system ${prefix}/data
}

${blocks.join('\n\n')}
`;
writeFileSync(`${prefix}/Caddyfile`, caddyfile);

const caddy = spawn(
  caddyBinary(),
  ['run', '--adapter', 'caddyfile', '--config', `${prefix}/Caddyfile`],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
    // Caddy's own files (autosave, certificates) stay here, not in the home directory.
    env: {
      ...process.env,
      HOME: prefix,
      XDG_CONFIG_HOME: `${prefix}/config`,
      XDG_DATA_HOME: `${prefix}/data`,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => caddy.kill('SIGINT'));
}
caddy.on('exit', (code) => process.exit(code ?? 0));
