/**
 * Checks of @docusaurus/core internals that more than one plugin reads: the
 * generated files of `.docusaurus/` and the client modules that import each
 * other. Each is used in a plugin's assumptions.ts.
 */
import {expectText, type Installed} from '.';

const CORE = '@docusaurus/core';
const CODEGEN = 'lib/server/codegen/codegenRoutes.js';

/** `.docusaurus/routes.js`: `component: ComponentCreator('<path>', '<hash>')` and a catch-all `ComponentCreator('*')`. */
export function checkRoutesJs(pkgs: Installed): void {
  expectText(pkgs, CORE, CODEGEN, [
    [
      "`component: ComponentCreator('${routePath}', '${routeHash}')`",
      "writes routes.js's components as ComponentCreator('<path>', '<hash>')",
    ],
    ["component: ComponentCreator('*')", "writes the catch-all route as ComponentCreator('*')"],
    ["'routes.js'", 'writes .docusaurus/routes.js'],
  ]);
}

/** `.docusaurus/registry.js`: one `"key": [() => import(/* webpackChunkName: "key" *\/ "path"), "path", require.resolveWeak("path")],` line per module. */
export function checkRegistryJs(pkgs: Installed): void {
  expectText(pkgs, CORE, CODEGEN, [
    [
      '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`',
      'writes registry.js one `"key": [() => import(/* webpackChunkName: "key" */ "path"), "path", require.resolveWeak("path")],` line per module',
    ],
    ["'registry.js'", 'writes .docusaurus/registry.js'],
  ]);
}

/** `.docusaurus/routesChunkNames.json`, keyed `<path>-<hash>` like ComponentCreator's arguments. */
export function checkRoutesChunkNames(pkgs: Installed): void {
  expectText(pkgs, CORE, CODEGEN, [
    ["'routesChunkNames.json'", 'writes .docusaurus/routesChunkNames.json'],
    ['`${routePath}-${routeHash}`', 'keys routesChunkNames by `<path>-<hash>`'],
  ]);
}

/** ComponentCreator looks modules up in `@generated/registry` and `@generated/routesChunkNames` when called. */
export function checkComponentCreator(pkgs: Installed): void {
  expectText(pkgs, CORE, 'lib/client/exports/ComponentCreator.js', [
    [
      "import routesChunkNames from '@generated/routesChunkNames'",
      'imports @generated/routesChunkNames',
    ],
    ["import registry from '@generated/registry'", 'imports @generated/registry'],
    [
      /routesChunkNames\[`\$\{path\}-\$\{hash\}`\]/,
      'looks a route up as routesChunkNames[`${path}-${hash}`]',
    ],
    [/registry\[\w+\]/, 'looks a chunk up in registry[...] when a route loads'],
  ]);
}

/** Core's client modules that import `./preload` (replaced by lazy-routes). */
export function checkPreloadImports(pkgs: Installed): void {
  for (const file of ['lib/client/clientEntry.js', 'lib/client/PendingNavigation.js']) {
    expectText(pkgs, CORE, file, [["import preload from './preload'", "imports './preload'"]]);
  }
  expectText(pkgs, CORE, 'lib/client/preload.js', [
    ['export default function preload(', 'exports default function preload(pathname)'],
  ]);
}

/** The client build has one string entry, clientEntry.js, and writes client-manifest.json. */
export function checkClientEntry(pkgs: Installed): void {
  expectText(pkgs, CORE, 'lib/webpack/client.js', [
    [
      /entry: path_1\.default\.resolve\(__dirname, '\.\.\/client\/clientEntry\.js'\)/,
      'gives the client build one entry (a string path to clientEntry.js)',
    ],
    ["'client-manifest.json'", 'writes .docusaurus/client-manifest.json'],
  ]);
  expectText(pkgs, CORE, 'lib/ssg/ssgTemplate.js', [
    ['manifest.entrypoints', "lists client-manifest.json's entrypoints in every page"],
  ]);
}

/** `@generated/*` resolves to the site's `.docusaurus/` directory. */
export function checkGeneratedAlias(pkgs: Installed): void {
  expectText(pkgs, CORE, 'lib/webpack/base.js', [
    ["'@generated': generatedFilesDir", 'aliases @generated to .docusaurus/'],
  ]);
}
