/**
 * Writes deploy/security-headers.conf (the nginx snippet) from the build, with
 * the policy the build's pages and `_headers` carry
 * (src/plugins/security-headers/policy.ts).
 *
 *   tsx scripts/security-headers.ts          write the file
 *   tsx scripts/security-headers.ts --check  fail if the snippet, build/_headers
 *                                            or any page's CSP <meta> does not
 *                                            match the build's inline scripts,
 *                                            or a page has a style attribute
 *                                            or <style> the policy blocks
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {builtPages, HEADERS_FILE} from '../src/plugins/security-headers';
import {
  blockedStyles,
  headersFile,
  inlineScriptHashes,
  metaContentSecurityPolicy,
  metaPolicies,
  nginxSnippet,
  securityHeaders,
} from '../src/plugins/security-headers/policy';

const BUILD_DIR = 'build';
export const SNIPPET_FILE = 'deploy/security-headers.conf';

/** What the build's pages, its `_headers` and the nginx snippet should say. */
export function expected(buildDir = BUILD_DIR) {
  const pages = builtPages(buildDir).map((file) => ({
    file,
    html: readFileSync(join(buildDir, file), 'utf8'),
  }));
  const hashes = inlineScriptHashes(pages.map((page) => page.html));
  const headers = securityHeaders(hashes);
  return {
    pages,
    hashes,
    meta: metaContentSecurityPolicy(hashes),
    headersFile: headersFile(headers),
    snippet: nginxSnippet(headers),
  };
}

/** Every way the build and the snippet differ from the policy, in words. */
export function problems(buildDir = BUILD_DIR, snippetFile = SNIPPET_FILE): string[] {
  const want = expected(buildDir);
  const found: string[] = [];
  if (readFileSync(snippetFile, 'utf8') !== want.snippet) {
    found.push(
      `${snippetFile} does not match the inline scripts of ${buildDir}/: ` +
        'run `npm run build && npm run deploy:headers` and commit the result',
    );
  }
  let headers = '';
  try {
    headers = readFileSync(join(buildDir, HEADERS_FILE), 'utf8');
  } catch {
    // Reported below.
  }
  if (headers !== want.headersFile) {
    found.push(`${buildDir}/${HEADERS_FILE} is missing or does not match the policy`);
  }
  for (const {file, html} of want.pages) {
    const {policies, scriptBefore} = metaPolicies(html);
    if (policies.length !== 1) found.push(`${file}: ${policies.length} CSP <meta> elements`);
    else if (policies[0] !== want.meta) found.push(`${file}: its CSP <meta> is not the policy`);
    if (scriptBefore) found.push(`${file}: a script comes before the CSP <meta>`);
    const blocked = blockedStyles(html);
    if (blocked.length > 0) {
      const distinct = [...new Set(blocked)];
      found.push(
        `${file}: ${blocked.length} inline styles the CSP blocks (use a class): ` +
          distinct.slice(0, 3).join(', ') +
          (distinct.length > 3 ? ` and ${distinct.length - 3} more` : ''),
      );
    }
  }
  return found;
}

function main(): void {
  if (process.argv.includes('--check')) {
    const found = problems();
    if (found.length > 0) {
      console.error(found.join('\n'));
      process.exit(1);
    }
    const {pages, hashes} = expected();
    console.log(
      `${SNIPPET_FILE}, ${BUILD_DIR}/${HEADERS_FILE} and the CSP <meta> of ${pages.length} pages ` +
        `match ${BUILD_DIR}/ (${hashes.length} inline script hashes); no page has an inline style the policy blocks`,
    );
    return;
  }
  writeFileSync(SNIPPET_FILE, expected().snippet);
  console.log(`wrote ${SNIPPET_FILE}`);
}

if (process.argv[1]?.endsWith('security-headers.ts')) main();
