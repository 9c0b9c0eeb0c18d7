/**
 * What security-headers takes for granted about @docusaurus/core,
 * theme-common and theme-classic (see src/contract/index.ts). Checked by
 * tests/contract against the installed version; `tsx
 * scripts/security-headers.ts --check` checks the finished build. The
 * allow-list (allowlist.ts) knows each component's element by its markup:
 * these checks say early, by file, when that markup has changed; the build
 * then fails naming the page and the element, so nothing is allowed by
 * mistake.
 */
import {expectText, type Subject} from '../../contract';

const CORE = '@docusaurus/core';
const THEME_COMMON = '@docusaurus/theme-common';
const THEME_CLASSIC = '@docusaurus/theme-classic';
const BANNER = 'lib/client/BaseUrlIssueBanner/index.js';
const CLASS_NAMES = 'lib/utils/ThemeClassNames.js';

const securityHeaders: Subject = {
  name: 'security-headers',
  kind: 'plugin',
  files: [
    'src/plugins/security-headers/index.ts',
    'src/plugins/security-headers/policy.ts',
    'src/plugins/security-headers/allowlist.ts',
    'src/plugins/security-headers/inline.ts',
  ],
  whenBroken:
    'cannot switch itself off (it is the only CSP a header-less host gets): the build fails, naming the page and the element, on inline code no allowed component wrote (update the matcher in allowlist.ts); `security-headers.ts --check` fails the build step of `npm test` when a page lost its <meta> (move the page rewrite after the other plugins’ postBuild)',
  switchOffs: [],
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
      id: 'Collapsible elements',
      needs: `${THEME_CLASSIC} DocSidebarItem/Category renders its Collapsible as \`ul.menu__list\` in a \`li.menu__list-item\` (as the mobile navbar dropdown does, in the browser only); DocItem/TOC/Mobile gives TOCCollapsible the class \`theme-doc-toc-mobile\`; ${THEME_COMMON} Details renders its Collapsible right inside <details>`,
      use: 'allowlist.ts recognises by that markup the elements whose style attribute a Collapsible writes (its state until hydration)',
      check: (pkgs) => {
        expectText(pkgs, THEME_CLASSIC, 'lib/theme/DocSidebarItem/Category/index.js', [
          ['as="ul" className="menu__list"', 'renders its Collapsible as ul.menu__list'],
          ["'menu__list-item'", 'renders it in a li.menu__list-item'],
        ]);
        expectText(pkgs, THEME_CLASSIC, 'lib/theme/DocItem/TOC/Mobile/index.js', [
          [
            'ThemeClassNames.docs.docTocMobile',
            'gives TOCCollapsible ThemeClassNames.docs.docTocMobile',
          ],
        ]);
        expectText(pkgs, THEME_COMMON, CLASS_NAMES, [
          [
            "docTocMobile: 'theme-doc-toc-mobile'",
            "names docs.docTocMobile 'theme-doc-toc-mobile'",
          ],
        ]);
        expectText(pkgs, THEME_COMMON, 'lib/components/Details/index.js', [
          [/\{summaryElement\}\s*<Collapsible/, 'renders its Collapsible right inside <details>'],
        ]);
      },
    },
    {
      id: 'theme CodeBlock container',
      needs: `${THEME_CLASSIC} lib/theme/CodeBlock/Container/index.js: the container has the class \`theme-code-block\` (ThemeClassNames.common.codeBlock) and Prism's colours as --prism-… variables in its style attribute`,
      use: "allowlist.ts tells the theme's CodeBlock (when code-highlight has switched itself off) from the site's, which renders the same classes without that style, by those variables",
      check: (pkgs) => {
        expectText(pkgs, THEME_CLASSIC, 'lib/theme/CodeBlock/Container/index.js', [
          ['style={prismCssVariables}', 'puts the Prism variables in the style attribute'],
          ['ThemeClassNames.common.codeBlock', 'has the class ThemeClassNames.common.codeBlock'],
        ]);
        expectText(pkgs, THEME_COMMON, CLASS_NAMES, [
          ["codeBlock: 'theme-code-block'", "names common.codeBlock 'theme-code-block'"],
        ]);
        expectText(pkgs, THEME_COMMON, 'lib/utils/codeBlockUtils.js', [
          ["'--prism-", 'names the Prism variables --prism-…'],
        ]);
      },
    },
    {
      id: 'colour mode script',
      needs: `${THEME_CLASSIC} lib/index.js: injectHtmlTags puts an inline <script> without attributes into <body> (preBodyTags), which sets data-theme (lib/inlineScripts.js)`,
      use: 'allowlist.ts recognises that script by its place, its bare tag and data-theme',
      check: (pkgs) => {
        expectText(pkgs, THEME_CLASSIC, 'lib/index.js', [
          [
            /preBodyTags: \[[\s\S]*?tagName: 'script',\s*innerHTML:/,
            'puts a <script> without attributes into preBodyTags',
          ],
        ]);
        expectText(pkgs, THEME_CLASSIC, 'lib/inlineScripts.js', [
          ["'data-theme'", 'sets data-theme'],
        ]);
      },
    },
    {
      id: 'base-URL banner script',
      needs: `${CORE} ${BANNER}: the home page gets an inline <script> (react-helmet) that inserts #__docusaurus-base-url-issue-banner by innerHTML, with style attributes written as style="…" in createInlineHtmlBanner`,
      use: "allowlist.ts recognises the script by the banner's id and reads the style attributes it inserts from its text, so they are allowed by hash too",
      check: (pkgs) => {
        expectText(pkgs, CORE, BANNER, [
          ['<script>{createInlineScript(', 'puts an inline <script> into the head'],
          [
            '__docusaurus-base-url-issue-banner',
            'names the banner #__docusaurus-base-url-issue-banner',
          ],
          [
            /function createInlineHtmlBanner\([\s\S]*? style="/,
            'writes the banner’s style attributes as style="…"',
          ],
        ]);
      },
    },
    {
      id: 'no other inline code',
      needs:
        'every style attribute, <style> element and inline <script> in the built pages comes from a component allowlist.ts names',
      use: 'the CSP allows exactly what those components wrote, by hash',
      checkedBy:
        'the build: the plugin fails it, naming the page and the element, on inline code no allowed component wrote; `tsx scripts/security-headers.ts --check` again on the finished build',
    },
  ],
};

export default securityHeaders;
