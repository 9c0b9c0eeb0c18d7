import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import contract, {SERVER_ONLY_KEYS} from './assumptions';

/** The site config as the browser bundle gets it. */
export function clientConfigModule(siteConfig: object): string {
  const keep = Object.entries(siteConfig).filter(
    ([key]) => !(SERVER_ONLY_KEYS as readonly string[]).includes(key),
  );
  return `export default ${JSON.stringify(Object.fromEntries(keep))};\n`;
}

/**
 * The browser's copy of the site config leaves out the options of every
 * plugin and preset. Docusaurus 3.7.0 bundles the whole config into main.js
 * (`@generated/docusaurus.config`): here the blog's, the docs', the pages'
 * and the highlighter's options, the two code themes four times over, about
 * 37 KB of text that every page loads and no browser code reads
 * (assumptions.ts checks the installed client code for readers). The server
 * render keeps the whole config.
 *
 * On a Docusaurus whose client code reads them (assumptions.ts), the plugin
 * switches itself off with a warning and the browser gets the whole config.
 */
export default function clientConfigPlugin(context: LoadContext): Plugin {
  const broken = firstBroken(contract, context.siteDir);
  if (broken) {
    switchedOff('client-config', broken, 'The browser bundle carries the whole site config.');
    return {name: 'client-config'};
  }
  return {
    name: 'client-config',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const file = path.join(context.generatedFilesDir, 'client-config', 'docusaurus.config.mjs');
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, clientConfigModule(context.siteConfig));
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^@generated\/docusaurus\.config$/,
            (resource) => {
              resource.request = file;
            },
          ),
        ],
      };
    },
  };
}
