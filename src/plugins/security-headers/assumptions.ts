/**
 * What security-headers takes for granted about @docusaurus/core and
 * theme-common (see src/contract/index.ts). Checked by tests/contract against
 * the installed version; `tsx scripts/security-headers.ts --check` checks the
 * finished build.
 */
import type {Subject} from '../../contract';
import {BASE_URL_BANNER_STYLES, COLLAPSIBLE_STYLES} from './policy';

const CORE = '@docusaurus/core';
const THEME_COMMON = '@docusaurus/theme-common';
const COLLAPSIBLE = 'lib/components/Collapsible/index.js';
const BANNER = 'lib/client/BaseUrlIssueBanner/index.js';

/** Throws unless the two lists hold the same values. */
function expectSame(
  found: readonly string[],
  allowed: readonly string[],
  where: string,
  list: string,
): void {
  const [a, b] = [[...new Set(found)].sort(), [...allowed].sort()];
  if (a.join(' | ') !== b.join(' | ')) {
    throw new Error(
      `${where} writes ${a.join(' | ')}; policy.ts allows ${b.join(' | ')}: update ${list}`,
    );
  }
}

/** `{ display: 'none', height: '0px' }` as React writes it into a style attribute. */
function reactStyle(literal: string): string {
  return [...literal.matchAll(/(\w+):\s*'([^']*)'/g)]
    .map(
      ([, name, value]) =>
        `${(name ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`,
    )
    .join(';');
}

const securityHeaders: Subject = {
  name: 'security-headers',
  kind: 'plugin',
  files: [
    'src/plugins/security-headers/index.ts',
    'src/plugins/security-headers/policy.ts',
    'src/plugins/security-headers/inline.ts',
  ],
  whenBroken:
    'cannot switch itself off (it is the only CSP a header-less host gets): `security-headers.ts --check` fails the build step of `npm test` when a page lost its <meta>; move the page rewrite after the other plugins’ postBuild',
  assumptions: [
    {
      id: 'postBuild starts in one synchronous loop',
      needs:
        '@docusaurus/core lib/commands/build/buildLocale.js: executePluginsPostBuild starts every plugin’s postBuild from `Promise.all(plugins.map(async (plugin) => …))`, in config order',
      use: 'the plugin, listed before route-chunk-scripts, reads and rewrites every page synchronously inside its postBuild, so no later plugin reads a page before its CSP <meta> is in',
      check: (pkgs) => {
        const file = 'lib/commands/build/buildLocale.js';
        const body = /async function executePluginsPostBuild\([\s\S]*?\n}\n/.exec(
          pkgs.read(CORE, file),
        )?.[0];
        if (!body) throw new Error(`${CORE}/${file} no longer defines executePluginsPostBuild`);
        if (!/await Promise\.all\(plugins\.map\(async \(plugin\) => \{/.test(body)) {
          throw new Error(
            `${CORE}/${file}: executePluginsPostBuild no longer starts every postBuild from Promise.all(plugins.map(async (plugin) => …))`,
          );
        }
        if (!/await plugin\.postBuild\(/.test(body)) {
          throw new Error(
            `${CORE}/${file}: executePluginsPostBuild no longer calls plugin.postBuild`,
          );
        }
      },
    },
    {
      id: 'Collapsible server-renders two inline styles',
      needs: `${THEME_COMMON} ${COLLAPSIBLE}: the style attribute a Collapsible gets in the server-rendered HTML is one of its CollapsedStyles and ExpandedStyles objects`,
      use: 'policy.ts allows exactly those two style attribute values by hash (COLLAPSIBLE_STYLES); every other style attribute is blocked',
      check: (pkgs) => {
        const source = pkgs.read(THEME_COMMON, COLLAPSIBLE);
        const styles = ['CollapsedStyles', 'ExpandedStyles'].map((name) => {
          const literal = new RegExp(`const ${name} = (\\{[^}]*\\})`).exec(source)?.[1];
          if (!literal) throw new Error(`${THEME_COMMON}/${COLLAPSIBLE} no longer defines ${name}`);
          return reactStyle(literal);
        });
        if (!/return collapsed \? CollapsedStyles : ExpandedStyles;/.test(source)) {
          throw new Error(
            `${THEME_COMMON}/${COLLAPSIBLE}: getSSRStyle no longer returns CollapsedStyles or ExpandedStyles`,
          );
        }
        expectSame(
          styles,
          COLLAPSIBLE_STYLES,
          `${THEME_COMMON}/${COLLAPSIBLE}`,
          'COLLAPSIBLE_STYLES',
        );
      },
    },
    {
      id: 'base-URL banner styles',
      needs: `${CORE} ${BANNER}: the banner its inline script inserts on the home page has style attributes, the ones written in createInlineHtmlBanner`,
      use: 'policy.ts allows those style attribute values by hash (BASE_URL_BANNER_STYLES), so inserting the hidden banner breaks no CSP rule and a reader whose stylesheet failed sees it styled',
      check: (pkgs) => {
        const source = pkgs.read(CORE, BANNER);
        const html = /function createInlineHtmlBanner\([\s\S]*?\n}\n/.exec(source)?.[0];
        if (!html) throw new Error(`${CORE}/${BANNER} no longer defines createInlineHtmlBanner`);
        const styles = [...html.matchAll(/ style="([^"]*)"/g)].map(([, value]) => value ?? '');
        expectSame(styles, BASE_URL_BANNER_STYLES, `${CORE}/${BANNER}`, 'BASE_URL_BANNER_STYLES');
      },
    },
  ],
};

export default securityHeaders;
