/**
 * The theme's own code block parsing (magic comments, `{1,3}` ranges,
 * `title=`, `showLineNumbers`), run at build time. It ships only as browser
 * ESM inside @docusaurus/theme-common, which does not export the file, so it
 * is loaded from its path through jiti, as Docusaurus loads site config.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {createJiti} from 'jiti';

export type MagicCommentConfig = Readonly<{
  className: string;
  line?: string;
  block?: Readonly<{start: string; end: string}>;
}>;

type CodeBlockUtils = {
  parseCodeBlockTitle(metastring?: string): string;
  containsLineNumbers(metastring?: string): boolean;
  parseLines(
    content: string,
    options: {
      metastring: string | undefined;
      language: string | undefined;
      magicComments: readonly MagicCommentConfig[];
    },
  ): {lineClassNames: Record<number, string[]>; code: string};
};

const themeCommon = createRequire(__filename).resolve('@docusaurus/theme-common');

export const {parseCodeBlockTitle, containsLineNumbers, parseLines} = createJiti(__filename)(
  path.join(path.dirname(themeCommon), 'utils', 'codeBlockUtils.js'),
) as CodeBlockUtils;
