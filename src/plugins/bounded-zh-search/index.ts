import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The search theme's Chinese word splitter, as its browser code imports it. */
const UPSTREAM_CUT_ZH_WORDS =
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]utils[\\/]cutZhWords\.js$/;

/**
 * Swaps the search theme's Chinese word splitter for a bounded one (see
 * `cutZhWords.ts` for why). The theme offers no option for it and the code
 * runs in its web worker, which no theme component can wrap, so the bundler
 * replaces that one module.
 */
export default function boundedZhSearchPlugin(): Plugin {
  return {
    name: 'bounded-zh-search',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            UPSTREAM_CUT_ZH_WORDS,
            path.resolve(__dirname, 'cutZhWords.ts'),
          ),
        ],
      };
    },
  };
}
