import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {builtPages} from '../../lib/build-files';
import {HEADERS_FILE, headersFile} from './headers-file';
import {inlineReport, straysMessage} from './inline';
import {metaTag, withMetaPolicy} from './meta';
import {headerRules, metaContentSecurityPolicy} from './policy';

export {HEADERS_FILE};

/**
 * Puts the site's security policy into the build (src/plugins/security-headers/policy.ts):
 * a CSP `<meta>` at the top of every page, with the hashes of the inline
 * scripts and styles the allowed components wrote into the pages
 * (allowlist.ts), and `_headers` with every header rule. Inline code no
 * allowed component wrote fails the build, naming the page and the element. The nginx snippet,
 * deploy/Caddyfile and vercel.json are written from the same policy by
 * scripts/security-headers.ts.
 *
 * Docusaurus 3.7.0 starts every plugin's postBuild from one synchronous loop
 * (`Promise.all(plugins.map(…))` in core's buildLocale.js; a unit test checks
 * the installed core) and route-chunk-scripts rewrites pages in its own
 * postBuild. This plugin comes before it in docusaurus.config.ts and does all
 * its work synchronously, before its postBuild returns: every page has its
 * `<meta>` before any later plugin reads or rewrites it, so no rewrite can
 * drop it. The hashes stay right: route-chunk-scripts changes the boot
 * script's `data-bundle` attribute, never a script's text. Pages are written
 * aside and renamed, as other plugins may be reading them meanwhile.
 * `tsx scripts/security-headers.ts --check` verifies the finished build.
 */
export default function securityHeadersPlugin(): Plugin {
  return {
    name: 'security-headers',
    // Synchronous on purpose (see above): nothing may run between reading and writing the pages.
    postBuild({outDir}) {
      const files = builtPages(outDir).map((file) => path.join(outDir, file));
      const pages = files.map((file) => readFileSync(file, 'utf8'));
      const {hashes, strays} = inlineReport(
        pages.map((html, i) => ({file: path.relative(outDir, files[i] ?? ''), html})),
      );
      if (strays.length > 0) throw new Error(`security-headers: ${straysMessage(strays)}`);
      const tag = metaTag(metaContentSecurityPolicy(hashes));
      files.forEach((file, i) => {
        writeFileSync(`${file}.csp`, withMetaPolicy(pages[i] ?? '', tag));
        renameSync(`${file}.csp`, file);
      });
      writeFileSync(path.join(outDir, HEADERS_FILE), headersFile(headerRules(hashes)));
      return Promise.resolve();
    },
  };
}
