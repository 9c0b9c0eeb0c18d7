/**
 * vercel.json against Vercel's schema. The schema the docs name
 * (https://openapi.vercel.sh/vercel.json) is served only from that address;
 * its parts for the keys this file uses are published in Vercel's
 * @vercel/routing-utils (pinned in package.json), the package the Vercel CLI
 * validates vercel.json with (packages/cli/src/util/validate-config.ts in
 * vercel/vercel). The top-level keys are the ones Vercel's "Static
 * Configuration with vercel.json" page documents; the framework slug is the
 * one @vercel/frameworks gives Docusaurus v2 and later (`docusaurus-2`).
 * Vercel then turns the headers into routes (getTransformedRoutes), which
 * must compile and match the paths meant.
 */
import {strict as assert} from 'node:assert';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import Ajv from 'ajv';
import {
  cleanUrlsSchema,
  getTransformedRoutes,
  headersSchema,
  trailingSlashSchema,
} from '@vercel/routing-utils';

const FILE = join(__dirname, '../../vercel.json');
const nullableString = {type: ['string', 'null'], maxLength: 256};

/** The documented top-level keys this site uses, with Vercel's own schemas for the routing ones. */
const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: {const: 'https://openapi.vercel.sh/vercel.json'},
    framework: {enum: ['docusaurus-2', null]},
    installCommand: nullableString,
    buildCommand: nullableString,
    outputDirectory: nullableString,
    cleanUrls: cleanUrlsSchema,
    trailingSlash: trailingSlashSchema,
    headers: headersSchema,
  },
};

type VercelConfig = {
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  headers?: {source: string; headers: {key: string; value: string}[]}[];
};

function validate(config: unknown): string[] {
  const check = new Ajv({strict: false, allErrors: true}).compile(SCHEMA);
  return check(config) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The regular expression Vercel compiles a header rule's `source` into. */
function routeFor(config: VercelConfig, source: string): RegExp {
  const {routes, error} = getTransformedRoutes(config as never);
  assert.equal(error, null, JSON.stringify(error));
  const rule = config.headers?.findIndex((h) => h.source === source) ?? -1;
  const withHeaders = (routes ?? []).filter((route) => 'headers' in route && route.continue);
  const src = (withHeaders[rule] as {src?: string} | undefined)?.src;
  assert.ok(src, `no route for ${source}`);
  return new RegExp(src);
}

const config = (): VercelConfig => JSON.parse(readFileSync(FILE, 'utf8')) as VercelConfig;

test('vercel.json is valid under Vercel’s schema', () => {
  assert.deepEqual(validate(config()), []);
});

test('the schema refuses what Vercel refuses: an unknown key, a rule without source, a number as a value', () => {
  assert.notDeepEqual(validate({...config(), cleanURLs: true}), []);
  assert.notDeepEqual(validate({...config(), headers: [{headers: [{key: 'X', value: 'y'}]}]}), []);
  const numeric = {source: '/(.*)', headers: [{key: 'X-Frame-Options', value: 1}]};
  assert.notDeepEqual(validate({...config(), headers: [numeric]}), []);
});

test('Vercel compiles the rules: security headers on every path, the immutable cache on /assets/ only', () => {
  const all = routeFor(config(), '/(.*)');
  const assets = routeFor(config(), '/assets/(.*)');
  for (const path of ['/', '/docs/intro', '/blog/2025/09/15/moderation-guidelines', '/404.html']) {
    assert.match(path, all);
    assert.doesNotMatch(path, assets);
  }
  assert.match('/assets/js/main.0123abcd.js', all);
  assert.match('/assets/js/main.0123abcd.js', assets);
});
