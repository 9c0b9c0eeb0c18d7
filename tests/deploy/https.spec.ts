/**
 * Issue 36: the production server configs over HTTPS, as a reader meets them.
 * The server scripts (scripts/nginx-serve.ts, scripts/caddy-serve.ts) serve
 * each config's HTTPS site with a certificate made by openssl for the site's
 * name; these requests trust that certificate alone and verify it, as a
 * browser would verify a real one. Plain HTTP for the site's name must
 * redirect there in one hop, without HSTS; HTTPS carries HSTS and every
 * header of `_headers`, byte for byte.
 */
import {readFileSync} from 'node:fs';
import {request as httpRequest, type IncomingHttpHeaders} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {expect, test} from '@playwright/test';
import {SERVER_NAME} from '../../src/plugins/security-headers/policy';
import {parseHeadersFile} from '../headers';

type Reply = Readonly<{status: number; headers: IncomingHttpHeaders; body: string}>;

function tlsSetup(): {port: number; ca: string} {
  const {tlsPort, certificate} = test.info().project.metadata as {
    tlsPort: number;
    certificate: string;
  };
  return {port: tlsPort, ca: readFileSync(certificate, 'utf8')};
}

/** GET `path` over HTTPS from the TLS port, for the site's name, trusting only the test certificate. */
function getHttps(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const {port, ca} = tlsSetup();
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        servername: SERVER_NAME,
        ca,
        headers: {Host: `${SERVER_NAME}:${port}`, ...headers},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GET `path` over plain HTTP from the project's port, for the site's name. */
function getHttp(baseURL: string, path: string): Promise<Reply> {
  const {hostname, port} = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({host: hostname, port, path, headers: {Host: SERVER_NAME}}, (res) => {
      res.resume();
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: ''}));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `_headers` rules of the served build. */
async function rules() {
  return parseHeadersFile((await getHttps('/_headers')).body);
}

test('plain HTTP for the site moves to the same URL over HTTPS in one redirect, without HSTS', async ({
  baseURL,
}) => {
  const reply = await getHttp(baseURL ?? '', '/docs/intro?from=http');
  // nginx answers 301, Caddy 308: both permanent.
  expect([301, 308]).toContain(reply.status);
  expect(reply.headers.location).toMatch(
    new RegExp(`^https://${SERVER_NAME.replace(/\./g, '\\.')}(:\\d+)?/docs/intro\\?from=http$`),
  );
  expect(reply.headers['strict-transport-security']).toBeUndefined();
});

test('over HTTPS a page carries HSTS for at least a year and every header of _headers, byte for byte', async () => {
  const [all] = await rules();
  expect(all?.path).toBe('/*');
  const page = await getHttps('/docs/intro');
  expect(page.status).toBe(200);
  expect(page.body).toContain('教程简介');
  const hsts = page.headers['strict-transport-security'] ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
  for (const [name, value] of all?.headers ?? []) {
    expect(page.headers[name.toLowerCase()], name).toBe(value);
  }
  expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
});

test('over HTTPS the bundles are immutable for a year, and an unknown path is a 404 with HSTS', async () => {
  const home = await getHttps('/');
  const main = /\/assets\/js\/main\.\w+\.js/.exec(home.body)?.[0] ?? '';
  expect(main).not.toBe('');
  const bundle = await getHttps(main, {'Accept-Encoding': 'gzip'});
  expect(bundle.status).toBe(200);
  const assets = (await rules()).find((rule) => rule.path === '/assets/*');
  expect(bundle.headers['cache-control']).toBe(assets?.headers[0]?.[1]);
  expect(bundle.headers['strict-transport-security']).toBeTruthy();

  const missing = await getHttps('/no/such/page');
  expect(missing.status).toBe(404);
  expect(missing.body).toContain('找不到页面');
  expect(missing.headers['strict-transport-security']).toBeTruthy();
});
