/**
 * What the wrapped blog plugin takes for granted about
 * @docusaurus/plugin-content-blog (see src/contract/index.ts).
 */
import {expectText, type Subject} from '../../contract';

const BLOG = '@docusaurus/plugin-content-blog';

const blog: Subject = {
  name: 'blog',
  kind: 'plugin',
  files: ['src/plugins/blog/index.ts'],
  whenBroken:
    'cannot switch itself off (it is the blog): the build fails, or the path fix stays idle',
  switchOffs: [],
  assumptions: [
    {
      id: 'validateOptions export',
      needs:
        '@docusaurus/plugin-content-blog lib/index.js exports validateOptions (3.7.0’s .d.ts leaves it out)',
      use: 'the wrapper re-exports it, so every blog option gets its default',
      check: (pkgs) =>
        expectText(pkgs, BLOG, 'lib/index.js', [['"validateOptions"', 'exports validateOptions']]),
    },
    {
      id: 'author list pages at /authors/<key>/authors/2',
      needs:
        "3.7.0's lib/routes.js paginates an author's posts with `pageBasePath: authorsBasePath` (page 2 at /blog/authors/<key>/authors/2)",
      use: 'the wrapper moves those routes and their paginator links to /blog/authors/<key>/page/2',
      check: (pkgs) =>
        expectText(pkgs, BLOG, 'lib/routes.js', [
          [
            'pageBasePath: authorsBasePath',
            "paginates author pages under authorsBasePath: fixed upstream, so the wrapper's path fix is idle and can go",
          ],
        ]),
    },
  ],
};

export default blog;
