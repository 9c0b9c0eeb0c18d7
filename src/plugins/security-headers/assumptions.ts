/**
 * What security-headers takes for granted about @docusaurus/core (see
 * src/contract/index.ts). Checked by tests/contract against the installed
 * version; `tsx scripts/security-headers.ts --check` checks the finished build.
 */
import type {Subject} from '../../contract';

const CORE = '@docusaurus/core';

const securityHeaders: Subject = {
  name: 'security-headers',
  kind: 'plugin',
  files: ['src/plugins/security-headers/index.ts', 'src/plugins/security-headers/policy.ts'],
  whenBroken:
    'cannot switch itself off (it is the only CSP a header-less host gets): `security-headers.ts --check` fails the build step of `npm test` when a page lost its <meta>; move the page rewrite after the other plugins’ postBuild',
  assumptions: [
    {
      id: 'postBuild starts in one synchronous loop',
      needs:
        '@docusaurus/core lib/commands/build/buildLocale.js: executePluginsPostBuild starts every plugin’s postBuild from `Promise.all(plugins.map(async (plugin) => …))`, in config order',
      use: 'the plugin, listed before route-chunk-scripts, reads and rewrites every page synchronously inside its postBuild, so no later plugin reads a page before its CSP <meta> is in',
      check: (pkgs) => {
        const file = 'lib/commands/build/buildLocale.js';
        const body = /async function executePluginsPostBuild\([\s\S]*?\n}\n/.exec(
          pkgs.read(CORE, file),
        )?.[0];
        if (!body) throw new Error(`${CORE}/${file} no longer defines executePluginsPostBuild`);
        if (!/await Promise\.all\(plugins\.map\(async \(plugin\) => \{/.test(body)) {
          throw new Error(
            `${CORE}/${file}: executePluginsPostBuild no longer starts every postBuild from Promise.all(plugins.map(async (plugin) => …))`,
          );
        }
        if (!/await plugin\.postBuild\(/.test(body)) {
          throw new Error(
            `${CORE}/${file}: executePluginsPostBuild no longer calls plugin.postBuild`,
          );
        }
      },
    },
  ],
};

export default securityHeaders;
