import type {Plugin} from '@docusaurus/types';

/** The docs plugin's browser code: docsUtils, docsVersion, docsSidebar and the like. */
const DOCS_CLIENT =
  /[\\/]node_modules[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]/;

/**
 * A doc page loads the docs plugin's browser code once. Docusaurus 3.7.0
 * turns the bundler's default split of shared modules off (base.js
 * `cacheGroups.default: false`), so modules that a doc page's route chunks
 * share (the docs root layout and the doc item both use docsUtils, for one)
 * are copied into each: about 1.5 KB gzip a doc page loads twice. Here they
 * go to one chunk of their own, which every doc page loads.
 */
export default function docsClientChunkPlugin(): Plugin {
  return {
    name: 'docs-client-chunk',
    configureWebpack(config, isServer) {
      const splitChunks = config.optimization?.splitChunks;
      if (isServer || !splitChunks || typeof splitChunks !== 'object') return {};
      splitChunks.cacheGroups = {
        ...splitChunks.cacheGroups,
        docsClient: {
          test: DOCS_CLIENT,
          name: 'docs-client',
          chunks: 'async',
          minChunks: 2,
          minSize: 0,
          priority: 30,
          reuseExistingChunk: true,
        },
      };
      return {};
    },
  };
}
