import type {HeaderRule} from './policy';

/** A `_headers` path pattern as a Vercel `source` (path-to-regexp). */
function vercelSource(path: HeaderRule['path']): string {
  return path.replace(/\*$/, '(.*)');
}

/**
 * `vercel.json`: Vercel's build settings for this site and the same header
 * rules. `cleanUrls` serves /docs/intro from docs/intro.html (and redirects
 * /docs/intro.html there); `trailingSlash: false` redirects /docs/intro/.
 * Vercel redirects with 308 where nginx and Caddy use 301.
 */
export function vercelJson(rules: readonly HeaderRule[]): string {
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    framework: 'docusaurus-2',
    installCommand: 'npm ci',
    buildCommand: 'npm run build',
    outputDirectory: 'build',
    cleanUrls: true,
    trailingSlash: false,
    headers: rules.map(({path, headers}) => ({
      source: vercelSource(path),
      headers: headers.map(([key, value]) => ({key, value})),
    })),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
