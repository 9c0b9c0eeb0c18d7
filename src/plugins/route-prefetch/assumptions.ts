/**
 * What route-prefetch takes for granted about @docusaurus/core (see
 * src/contract/index.ts). Checked by tests/contract against the installed
 * version, and by the plugin before it swaps anything.
 */
import {expectText, type Subject} from '../../contract';
import {checkGeneratedAlias, checkRoutesChunkNames} from '../../contract/core';

const CORE = '@docusaurus/core';

const routePrefetch: Subject = {
  name: 'route-prefetch',
  kind: 'plugin',
  files: ['src/plugins/route-prefetch/index.ts', 'src/plugins/route-prefetch/client.ts'],
  whenBroken:
    'switches itself off with a build warning: core’s own window.docusaurus prefetches links',
  switchOffs: [
    {
      force: 'route-prefetch',
      warns: ['route-prefetch'],
      leaves: 'core’s own window.docusaurus prefetches links',
    },
  ],
  assumptions: [
    {
      id: 'clientEntry imports ./docusaurus',
      needs:
        "@docusaurus/core lib/client/clientEntry.js: `import docusaurus from './docusaurus'`, assigned to window.docusaurus",
      use: 'for that one importer, `./docusaurus` resolves to client.ts (same prefetch/preload, work done in idle time)',
      check: (pkgs) =>
        expectText(pkgs, CORE, 'lib/client/clientEntry.js', [
          ["import docusaurus from './docusaurus'", "imports './docusaurus'"],
          ['window.docusaurus = docusaurus', 'sets window.docusaurus from it'],
        ]),
    },
    {
      id: 'window.docusaurus is {prefetch, preload}',
      needs:
        '@docusaurus/core lib/client/docusaurus.js: a frozen default export with prefetch(routePath) and preload(routePath)',
      use: 'client.ts exports the same two functions with the same rules (2g / data saver: no prefetch)',
      check: (pkgs) =>
        expectText(pkgs, CORE, 'lib/client/docusaurus.js', [
          [/const prefetch = \(routePath\) =>/, 'defines prefetch(routePath)'],
          [/const preload = \(routePath\) =>/, 'defines preload(routePath)'],
          ['export default Object.freeze(docusaurus)', 'exports them as a frozen object'],
          ["effectiveType.includes('2g')", 'skips prefetching on 2g'],
        ]),
    },
    {
      id: 'lib/client/flat',
      needs:
        '@docusaurus/core lib/client/flat.js: default export flat(chunkNames) → {key: chunkName}',
      use: 'client.ts flattens a route’s chunk names with it, as core does',
      check: (pkgs) =>
        expectText(pkgs, CORE, 'lib/client/flat.js', [
          ['export default function flat(', 'exports default function flat'],
        ]),
    },
    {
      id: '__webpack_require__.gca',
      needs:
        "core's ChunkAssetPlugin adds `__webpack_require__.gca(chunkName)` → the chunk's URL to the client runtime",
      use: 'client.ts finds each chunk’s URL with it',
      check: (pkgs) => {
        expectText(pkgs, CORE, 'lib/webpack/plugins/ChunkAssetPlugin.js', [
          ["'__webpack_require__.gca'", 'defines __webpack_require__.gca'],
        ]);
        expectText(pkgs, CORE, 'lib/webpack/client.js', [
          ['ChunkAssetPlugin', 'adds ChunkAssetPlugin to the client build'],
        ]);
      },
    },
    {
      id: '@generated/routes and routesChunkNames',
      needs:
        '@generated/routes (route table) and @generated/routesChunkNames keyed `<path>-<hash>`',
      use: 'client.ts matches a link’s path and reads its chunk names (key without the hash)',
      check: (pkgs) => {
        checkGeneratedAlias(pkgs);
        checkRoutesChunkNames(pkgs);
      },
    },
  ],
};

export default routePrefetch;
