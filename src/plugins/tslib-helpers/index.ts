import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The package whose `require('tslib')` pulls all of tslib into main.js. */
const ISSUER = /@docusaurus[\\/]utils-common[\\/]/;

/**
 * @docusaurus/utils-common (in every page's main.js) is compiled to CommonJS
 * and requires `tslib` for a single helper, which makes the bundler include
 * every tslib helper (3.5 KB gzip). For that package only, `tslib` resolves
 * to a module with the one helper it calls.
 */
export default function tslibHelpersPlugin(): Plugin {
  return {
    name: 'tslib-helpers',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(/^tslib$/, (resource) => {
            if (ISSUER.test(resource.contextInfo.issuer)) {
              resource.request = path.resolve(__dirname, 'importDefault.ts');
            }
          }),
        ],
      };
    },
  };
}
