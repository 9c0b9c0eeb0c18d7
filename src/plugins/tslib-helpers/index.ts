import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import {replaceModuleForIssuer} from '../../lib/replace-module';
import contract from './assumptions';

/** The package whose `require('tslib')` pulls all of tslib into main.js. */
const ISSUER = /@docusaurus[\\/]utils-common[\\/]/;

/**
 * @docusaurus/utils-common (in every page's main.js) is compiled to CommonJS
 * and requires `tslib` for a single helper, which makes the bundler include
 * every tslib helper (3.5 KB gzip). For that package only, `tslib` resolves
 * to a module with the one helper it calls.
 */
export default function tslibHelpersPlugin(context: LoadContext): Plugin {
  const broken = firstBroken(contract, context.siteDir);
  if (broken) {
    switchedOff('tslib-helpers', broken, '@docusaurus/utils-common gets the whole tslib.');
    return {name: 'tslib-helpers'};
  }
  return replaceModuleForIssuer('tslib-helpers', {
    request: /^tslib$/,
    issuer: ISSUER,
    file: path.resolve(__dirname, 'importDefault.ts'),
  });
}
