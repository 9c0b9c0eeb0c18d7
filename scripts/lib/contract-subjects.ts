/**
 * Every subject of the contract (src/contract): the plugins that reach past
 * Docusaurus's public API, the page template, and the ejected and wrapped
 * theme components. tests/contract checks them all; scripts/contract.ts
 * prints them; scripts/check-upgrade.ts reports on them. The register sits
 * up here, above the plugins it lists, so that src/contract imports nothing
 * above it.
 */
import ssrTemplate from '../../config/ssrTemplate.assumptions';
import type {Subject} from '../../src/contract';
import theme from '../../src/contract/theme';
import articleOnce from '../../src/plugins/article-once/assumptions';
import blog from '../../src/plugins/blog/assumptions';
import clientConfig from '../../src/plugins/client-config/assumptions';
import codeHighlight from '../../src/plugins/code-highlight/assumptions';
import diagrams from '../../src/plugins/diagrams/assumptions';
import lazyRoutes from '../../src/plugins/lazy-routes/assumptions';
import routeChunkScripts from '../../src/plugins/route-chunk-scripts/assumptions';
import routePrefetch from '../../src/plugins/route-prefetch/assumptions';
import securityHeaders from '../../src/plugins/security-headers/assumptions';
import tslibHelpers from '../../src/plugins/tslib-helpers/assumptions';

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
