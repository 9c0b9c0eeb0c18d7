/**
 * What route-chunk-scripts takes for granted about @docusaurus/core and the
 * bundler (see src/contract/index.ts).
 */
import type {Subject} from '../../contract';
import {checkRegistryJs, checkRoutesChunkNames, checkRoutesJs} from '../../contract/core';

const routeChunkScripts: Subject = {
  name: 'route-chunk-scripts',
  kind: 'plugin',
  files: ['src/plugins/route-chunk-scripts/'],
  whenBroken:
    'switches itself off with a build warning: pages are left as rendered, and main.js asks for the route’s chunks after it runs (one more round trip); lazy-routes (and with it article-once) switches off too',
  switchOffs: [
    {
      force: 'route-chunk-scripts',
      // A lazy route's page needs the data-route this plugin writes; article-once needs lazy-routes.
      warns: ['route-chunk-scripts', 'lazy-routes', 'article-once'],
      leaves:
        'pages as Docusaurus rendered them: main.js asks for the route’s chunks; lazy-routes, whose pages need the `data-route` it writes, and so article-once switch off too',
    },
    {
      force: 'route-chunk-scripts › generated files',
      warns: ['route-chunk-scripts', 'lazy-routes', 'article-once'],
      leaves: 'the same, when .docusaurus/routes.js or routesChunkNames.json do not read',
    },
  ],
  assumptions: [
    {
      id: 'generated routes.js',
      needs: ".docusaurus/routes.js with `ComponentCreator('<path>', '<hash>')` components",
      use: 'src/lib/generated-routes.ts reads it to find the branch of routes each built page renders',
      check: checkRoutesJs,
    },
    {
      id: 'generated routesChunkNames.json',
      needs: '.docusaurus/routesChunkNames.json keyed `<path>-<hash>`, values chunk names',
      use: 'the chunk names of the page’s routes',
      check: checkRoutesChunkNames,
    },
    {
      id: 'chunk names are webpackChunkName',
      needs:
        'registry.js names each module’s chunk with /* webpackChunkName */, so the client stats’ namedChunkGroups are keyed by the same names',
      use: 'a chunk name → its JS files, from the stats of the client build (compiler hook done)',
      check: checkRegistryJs,
    },
    {
      id: 'page template bundle list',
      needs:
        'config/ssrTemplate.ts writes the page’s scripts into `data-bundle` (template variables it.scripts, it.baseUrl)',
      use: 'postBuild appends the route’s chunk files to that list in each page',
      checkedBy: 'config/ssrTemplate (this contract) and tests/e2e/budgets.spec.ts',
    },
  ],
};

export default routeChunkScripts;
