/**
 * What lazy-routes takes for granted about @docusaurus/core and the bundler
 * (see src/contract/index.ts). Checked by tests/contract against the
 * installed version, and by the plugin before it replaces anything.
 */
import type {Subject} from '../../contract';
import {
  checkClientEntry,
  checkComponentCreator,
  checkGeneratedAlias,
  checkPreloadImports,
  checkRegistryJs,
  checkRoutesChunkNames,
  checkRoutesJs,
} from '../../contract/core';

const lazyRoutes: Subject = {
  name: 'lazy-routes',
  kind: 'plugin',
  files: ['src/plugins/lazy-routes/'],
  whenBroken:
    'switches itself off with a build warning: main.js keeps Docusaurus’s full route table (it grows about 155 B gzip per post again)',
  switchOffs: [
    {
      force: 'lazy-routes',
      warns: ['lazy-routes', 'article-once'],
      leaves:
        'main.js keeps Docusaurus’s own route table; article-once, without the route loaders that fetch articles, keeps every article in its page’s module (its theme components stay)',
    },
    {
      force: 'lazy-routes › generated files',
      warns: ['lazy-routes', 'article-once'],
      leaves:
        'the same, when .docusaurus/routes.js, registry.js or routesChunkNames.json do not read as the plan expects',
    },
  ],
  assumptions: [
    {
      id: 'generated routes.js',
      needs:
        ".docusaurus/routes.js: object literals with `component: ComponentCreator('<path>', '<hash>')` and a catch-all ComponentCreator('*')",
      use: 'read as data (src/lib/generated-routes.ts parseRoutes); the browser gets a table without the lazy routes, whose catch-all renders LazyRoute',
      check: checkRoutesJs,
    },
    {
      id: 'generated registry.js',
      needs:
        '.docusaurus/registry.js: one `"key": [() => import(/* webpackChunkName */ …), path, require.resolveWeak(path)],` line per module',
      use: 'read line by line (plan.ts parseRegistry); the browser gets the keys the shell routes and shared modules need, each lazy route carries its own',
      check: checkRegistryJs,
    },
    {
      id: 'generated routesChunkNames.json',
      needs: '.docusaurus/routesChunkNames.json keyed `<path>-<hash>`',
      use: 'the browser gets the shell routes’ entries; a lazy route adds its own when it loads',
      check: checkRoutesChunkNames,
    },
    {
      id: '@generated aliases',
      needs:
        '`@generated/routes`, `@generated/registry`, `@generated/routesChunkNames` imports in the client',
      use: 'NormalModuleReplacementPlugin points the three at the plugin’s smaller modules (client build only)',
      check: checkGeneratedAlias,
    },
    {
      id: 'ComponentCreator reads the tables when called',
      needs:
        '@docusaurus/core lib/client/exports/ComponentCreator.js imports @generated/registry and @generated/routesChunkNames and looks a route up in them when it is created',
      use: 'a lazy route’s module adds its entries to both objects (Object.assign) before ComponentCreator(path, hash) is called',
      check: checkComponentCreator,
    },
    {
      id: 'core preload',
      needs:
        "@docusaurus/core lib/client/clientEntry.js and PendingNavigation.js `import preload from './preload'`",
      use: 'for those two importers, `./preload` resolves to client/preload.ts (which also preloads lazy routes)',
      check: checkPreloadImports,
    },
    {
      id: 'one client entry and client-manifest.json',
      needs:
        "the client build's `entry` is one string (clientEntry.js); .docusaurus/client-manifest.json's `entrypoints` are listed in every page",
      use: 'the plugin adds an entry with its own runtime for the lazy routes and removes it from client-manifest.json’s entrypoints',
      check: checkClientEntry,
    },
    {
      id: 'bundler runtime __webpack_require__.e/.u',
      needs:
        'the bundler runtime (webpack or Rspack) loads a chunk with `__webpack_require__.e(id)` and names its file with `__webpack_require__.u(id)`; optimization.usedExports "global"; stats namedChunkGroups',
      use: 'client/lazyRoutes.ts teaches `.u` the lazy routes’ files and loads their chunks through main.js’s runtime',
      checkedBy:
        'the build (lazy-routes fails it when a route’s entry is not bundled) and tests/e2e/routing.spec.ts',
    },
  ],
};

export default lazyRoutes;
