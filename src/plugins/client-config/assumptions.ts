/**
 * What client-config takes for granted about @docusaurus/* (see
 * src/contract/index.ts). Checked by tests/contract and by the plugin before
 * it replaces anything.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Installed, Subject} from '../../contract';
import {checkGeneratedAlias} from '../../contract/core';
import {expectText} from '../../contract';

/** Config keys no code in the browser reads: each plugin's and preset's options. */
export const SERVER_ONLY_KEYS = ['plugins', 'presets'] as const;

/** Every .js file below a package folder. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}

/** The installed packages' browser code: core's client, the theme, theme-common, the plugins' client and theme folders. */
function clientCode(pkgs: Installed): string[] {
  const dirs = [
    ['@docusaurus/core', 'lib/client'],
    ['@docusaurus/theme-classic', 'lib/theme'],
    ['@docusaurus/theme-common', 'lib'],
    ['@docusaurus/plugin-content-blog', 'lib/client'],
    ['@docusaurus/plugin-content-docs', 'lib/client'],
  ] as const;
  return dirs.flatMap(([pkg, dir]) => jsFiles(path.join(pkgs.dir(pkg), dir)));
}

const clientConfig: Subject = {
  name: 'client-config',
  kind: 'plugin',
  files: ['src/plugins/client-config/'],
  whenBroken:
    'switches itself off with a build warning: main.js carries the whole site config again (about 2.5 KB gzip more on every page)',
  switchOffs: [
    {
      force: 'client-config',
      warns: ['client-config'],
      leaves: 'the browser bundle carries the whole site config',
    },
  ],
  assumptions: [
    {
      id: 'generated site config',
      needs:
        '.docusaurus/docusaurus.config.mjs is `export default <the site config as JSON>`, imported in the browser as `@generated/docusaurus.config`',
      use: 'the browser bundle gets the same JSON without the keys nobody reads there',
      check: (pkgs) => {
        expectText(pkgs, '@docusaurus/core', 'lib/server/codegen/codegen.js', [
          [
            'export default ${JSON.stringify(siteConfig, null, 2)};',
            'writes the site config as `export default <JSON>`',
          ],
        ]);
        expectText(pkgs, '@docusaurus/core', 'lib/client/docusaurusContext.js', [
          [
            "import siteConfig from '@generated/docusaurus.config';",
            'reads the site config from @generated/docusaurus.config',
          ],
        ]);
        checkGeneratedAlias(pkgs);
      },
    },
    {
      id: 'no browser code reads plugin options',
      needs: `no browser code of @docusaurus/core, theme-classic, theme-common or the blog and docs plugins reads siteConfig.${SERVER_ONLY_KEYS.join(' or .')}`,
      use: 'those keys are left out of the browser’s copy',
      check: (pkgs) => {
        const reader = new RegExp(`\\.(?:${SERVER_ONLY_KEYS.join('|')})\\b`);
        for (const file of clientCode(pkgs)) {
          const text = readFileSync(file, 'utf8');
          const found = text
            .split('\n')
            .find((line) => /siteConfig|useDocusaurusContext/.test(text) && reader.test(line));
          if (found) {
            throw new Error(`${path.basename(file)} may read ${found.trim().slice(0, 80)}`);
          }
        }
      },
    },
  ],
};

export default clientConfig;
