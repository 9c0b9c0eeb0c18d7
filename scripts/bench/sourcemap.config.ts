/**
 * The site's own config plus source maps for the browser bundle, for the
 * main.js composition (scripts/bench/composition.ts). Bench-only: built into
 * bench/tmp, never deployed. `--bundle-analyzer` is no help here: 3.7.0 starts
 * webpack-bundle-analyzer in server mode, which opens a browser and keeps the
 * build running.
 */
import {resolve} from 'node:path';
import type {Config, Plugin} from '@docusaurus/types';
import site from '../../docusaurus.config';

const ROOT = resolve(__dirname, '../..');

const sourceMaps = (): Plugin => ({
  name: 'bench-source-maps',
  configureWebpack: (_config, isServer, {currentBundler}) =>
    isServer
      ? {}
      : {
          devtool: false,
          // module: false maps to the files the bundler read (node_modules/x/lib/y.js),
          // not through their own maps to sources like ../../src/y.ts, whose package is lost.
          plugins: [
            new currentBundler.instance.SourceMapDevToolPlugin({
              filename: '[file].map',
              module: false,
              columns: true,
            }),
          ],
        },
});

/** Docusaurus resolves a plugin's relative path from the config file, which lives here, not at the root. */
type PluginEntry = NonNullable<Config['plugins']>[number];

const fromRoot = (plugin: PluginEntry): PluginEntry => {
  if (typeof plugin === 'string' && plugin.startsWith('.')) return resolve(ROOT, plugin);
  if (Array.isArray(plugin) && typeof plugin[0] === 'string' && plugin[0].startsWith('.'))
    return [resolve(ROOT, plugin[0]), plugin[1]] as typeof plugin;
  return plugin;
};

const config: Config = {
  ...site,
  plugins: [...(site.plugins ?? []).map(fromRoot), sourceMaps],
};

export default config;
