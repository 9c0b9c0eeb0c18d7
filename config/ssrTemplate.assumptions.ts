/**
 * What config/ssrTemplate.ts takes for granted (see src/contract/index.ts):
 * it is 3.7.0's page template with one change, so a new upstream template
 * must be carried forward by hand.
 */
import {expectText, type Subject} from '../src/contract';

const CORE = '@docusaurus/core';
const TEMPLATE = 'lib/ssg/ssgTemplate.html.js';

const ssrTemplate: Subject = {
  name: 'config/ssrTemplate',
  kind: 'template',
  files: ['config/ssrTemplate.ts'],
  whenBroken:
    'cannot switch itself off (it is the site’s ssrTemplate option): pages may miss what a newer template writes',
  switchOffs: [],
  assumptions: [
    {
      id: 'upstream template unchanged',
      needs: `${CORE} ${TEMPLATE} as in 3.7.0 (sha256 5d6584e4…)`,
      use: 'the template is copied; only the two `defer` script tags became one boot script that loads `data-bundle` after the first paint',
      check: (pkgs) => {
        const hash = pkgs.sha256(CORE, TEMPLATE);
        if (hash !== TEMPLATE_SHA256_3_7_0) {
          throw new Error(
            `upstream original changed (${CORE}/${TEMPLATE}, sha256 ${hash.slice(0, 8)}…): carry forward the changes into config/ssrTemplate.ts`,
          );
        }
      },
    },
    {
      id: 'template variables',
      needs:
        'the variables the template reads: it.htmlAttributes, version, metaAttributes, headTags, stylesheets, baseUrl, scripts, bodyAttributes, preBodyTags, appHtml, postBodyTags',
      use: 'the same page, with `it.scripts` written into the boot script’s data-bundle',
      check: (pkgs) =>
        expectText(
          pkgs,
          CORE,
          TEMPLATE,
          [
            'htmlAttributes',
            'version',
            'metaAttributes',
            'headTags',
            'stylesheets',
            'baseUrl',
            'scripts',
            'bodyAttributes',
            'preBodyTags',
            'appHtml',
            'postBodyTags',
          ].map((name) => [`it.${name}`, `passes it.${name} to the template`] as const),
        ),
    },
  ],
};

export const TEMPLATE_SHA256_3_7_0 =
  '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597';

export default ssrTemplate;
