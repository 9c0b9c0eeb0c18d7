/**
 * A self-signed certificate for the test servers' HTTPS (nginx, Caddy), made
 * with openssl: valid for the site's name and 127.0.0.1, so a client that
 * trusts this one file verifies the server as it would a real one.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {SERVER_NAME} from '../../src/plugins/security-headers/policy';

export type TestCertificate = Readonly<{cert: string; key: string}>;

/** Where `makeTestCertificate(dir)` puts the certificate (also the CA to trust) and its key. */
export function testCertificatePaths(dir: string): TestCertificate {
  return {cert: join(dir, 'tls', 'cert.pem'), key: join(dir, 'tls', 'key.pem')};
}

/** Makes the certificate under `dir/tls/`, unless it is there already. */
export function makeTestCertificate(dir: string): TestCertificate {
  const paths = testCertificatePaths(dir);
  if (existsSync(paths.cert) && existsSync(paths.key)) return paths;
  mkdirSync(join(dir, 'tls'), {recursive: true});
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes',
    '-days', '30', '-subj', `/CN=${SERVER_NAME}`,
    '-addext', `subjectAltName=DNS:${SERVER_NAME},IP:127.0.0.1`,
    '-keyout', paths.key, '-out', paths.cert,
  ], {stdio: ['ignore', 'ignore', 'pipe']});
  return paths;
}
