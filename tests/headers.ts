/**
 * Readers of the security headers each host's file sets, for the tests: they
 * compare the files written from src/plugins/security-headers/policy.ts with
 * one another and with what the servers send.
 */
import type {Header, HeaderRule} from '../src/plugins/security-headers/policy';

/** The header rules a `vercel.json` sets, as `_headers` patterns. */
export function parseVercelJson(text: string): HeaderRule[] {
  const config = JSON.parse(text) as {
    headers?: {source: string; headers: {key: string; value: string}[]}[];
  };
  return (config.headers ?? []).map(({source, headers}) => ({
    path: source.replace(/\(\.\*\)$/, '*') as HeaderRule['path'],
    headers: headers.map(({key, value}) => [key, value] as const),
  }));
}

/** The header rules a Caddyfile sets (the generator's shape), as `_headers` patterns. */
export function parseCaddyfile(text: string): HeaderRule[] {
  const unquote = (value: string): string => value.replace(/^"(.*)"$/, '$1');
  const all = /^\theader \{\n([\s\S]*?)\n\t\}$/m.exec(text)?.[1] ?? '';
  const allHeaders = all
    .split('\n')
    .map((line) => /^\t\t(\S+) (.*)$/.exec(line))
    .map((m) => [m?.[1] ?? '', unquote(m?.[2] ?? '')] as const);
  const assets = [...text.matchAll(/^\theader @assets (\S+) (.*)$/gm)].map(
    ([, name, value]) => [name ?? '', unquote(value ?? '')] as const,
  );
  return [
    {path: '/*', headers: allHeaders},
    {path: '/assets/*', headers: assets},
  ];
}

/** The headers an nginx snippet sets, in order. */
export function parseNginxSnippet(text: string): Header[] {
  return [...text.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(
    ([, name, value]) => [name ?? '', value ?? ''] as const,
  );
}

/** The header rules a `_headers` file sets, in order. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: {path: HeaderRule['path']; headers: Header[]}[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({path: line.trim() as HeaderRule['path'], headers: []});
      continue;
    }
    const match = /^\s+([^:\s]+):\s*(.*)$/.exec(line);
    if (match) rules.at(-1)?.headers.push([match[1] ?? '', match[2] ?? '']);
  }
  return rules;
}
