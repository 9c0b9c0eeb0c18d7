/**
 * Every subject of the contract: the plugins that reach past Docusaurus's
 * public API, the page template, and the ejected and wrapped theme
 * components. tests/contract checks them all; scripts/contract.ts prints them.
 */
import type {Subject} from '.';
import ssrTemplate from '../../config/ssrTemplate.assumptions';
import articleOnce from '../plugins/article-once/assumptions';
import blog from '../plugins/blog/assumptions';
import clientConfig from '../plugins/client-config/assumptions';
import codeHighlight from '../plugins/code-highlight/assumptions';
import diagrams from '../plugins/diagrams/assumptions';
import lazyRoutes from '../plugins/lazy-routes/assumptions';
import routeChunkScripts from '../plugins/route-chunk-scripts/assumptions';
import routePrefetch from '../plugins/route-prefetch/assumptions';
import securityHeaders from '../plugins/security-headers/assumptions';
import tslibHelpers from '../plugins/tslib-helpers/assumptions';
import theme from './theme';

const subjects: readonly Subject[] = [
  lazyRoutes,
  articleOnce,
  clientConfig,
  routePrefetch,
  routeChunkScripts,
  tslibHelpers,
  codeHighlight,
  securityHeaders,
  blog,
  diagrams,
  ssrTemplate,
  ...theme,
];

export default subjects;
