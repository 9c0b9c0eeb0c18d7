import type {HeaderRule} from './policy';

/** Where hosts that read one (Cloudflare Pages, Netlify) find the headers, in the build. */
export const HEADERS_FILE = '_headers';

/**
 * `_headers` for Cloudflare Pages and Netlify: a path pattern, then the
 * headers indented beneath it. `/*` matches every path on both hosts, and
 * `/assets/*` everything under /assets/.
 */
export function headersFile(rules: readonly HeaderRule[]): string {
  return [
    '# Written by src/plugins/security-headers during the build: do not edit by hand.',
    ...rules.flatMap(({path, headers}) => [
      path,
      ...headers.map(([name, value]) => `  ${name}: ${value}`),
    ]),
    '',
  ].join('\n');
}
