/**
 * What the diagrams plugin's image links take for granted about
 * @docusaurus/mdx-loader 3.7.0 (see src/contract/index.ts). Diagrams
 * themselves use only the remark plugin API.
 */
import type {Subject} from '../../contract';

const MDX_LOADER = '@docusaurus/mdx-loader';
const TRANSFORM_IMAGE = 'lib/remark/transformImage/index.js';
const PROCESSOR = 'lib/processor.js';

const diagrams: Subject = {
  name: 'diagrams',
  kind: 'plugin',
  files: ['src/plugins/diagrams/remark.ts'],
  whenBroken:
    'cannot switch itself off (a remark plugin): images get no full-size link, or one that follows the image’s own src; diagrams are not affected',
  switchOffs: [],
  assumptions: [
    {
      id: 'site remark plugins run after transformImage',
      needs: `${MDX_LOADER} ${PROCESSOR}: the options' remarkPlugins come after transformImage in the processor`,
      use: 'remark.ts finds Markdown images as the `img` JSX elements transformImage made of them',
      check: (pkgs) => {
        const text = pkgs.read(MDX_LOADER, PROCESSOR);
        const image = text.indexOf('transformImage_1.default');
        const site = text.indexOf('...(options.remarkPlugins');
        if (image < 0 || site < 0 || site < image) {
          throw new Error(`${PROCESSOR} no longer runs remarkPlugins after transformImage`);
        }
      },
    },
    {
      id: 'an image src is require("<loaders>!<file>").default',
      needs: `${MDX_LOADER} ${TRANSFORM_IMAGE}: src={require("…inlineMarkdownImageFileLoader…" + path).default}`,
      use: 'the full-size link asks for the same file through inlineMarkdownLinkFileLoader (a file, not a data: URL)',
      check: (pkgs) => {
        const text = pkgs.read(MDX_LOADER, TRANSFORM_IMAGE);
        for (const needed of ['inlineMarkdownImageFileLoader', 'assetRequireAttributeValue']) {
          if (!text.includes(needed))
            throw new Error(`${TRANSFORM_IMAGE} no longer uses ${needed}`);
        }
        const utils = pkgs.read('@docusaurus/utils', 'lib/webpackUtils.js');
        if (!utils.includes('inlineMarkdownLinkFileLoader')) {
          throw new Error(
            '@docusaurus/utils getFileLoaderUtils has no inlineMarkdownLinkFileLoader',
          );
        }
      },
    },
  ],
};

export default diagrams;
