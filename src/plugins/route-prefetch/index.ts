import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import {replaceModuleForIssuer} from '../../lib/replace-module';
import contract from './assumptions';

/** The one module that imports core's `./docusaurus` (the `window.docusaurus` object). */
const ISSUER = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/;

/**
 * Route prefetching that does not block the reader. Core's `window.docusaurus`
 * (lib/client/docusaurus.js) does all of a link's prefetch work inside the
 * IntersectionObserver callback that finds it visible: it scans every route's
 * chunk names and adds a `<link rel=prefetch>` per chunk, again for chunks
 * another route already prefetched. On a post page with some 60 links that
 * was a 70–110 ms task on a phone (CPU 4× slower) right after hydration. The
 * replacement keeps the same rules (what to prefetch, when, and the 2g /
 * data-saver check) and does the work in idle time, once per chunk.
 */
export default function routePrefetchPlugin(context: LoadContext): Plugin {
  const broken = firstBroken(contract, context.siteDir);
  if (broken) {
    switchedOff('route-prefetch', broken, "core's own window.docusaurus prefetches links.");
    return {name: 'route-prefetch'};
  }
  return replaceModuleForIssuer('route-prefetch', {
    request: /^\.\/docusaurus$/,
    issuer: ISSUER,
    file: path.resolve(__dirname, 'client.ts'),
  });
}
