import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {themeCss} from './highlight';
import rehypeCodeHighlight, {type Options} from './rehype';

export type PluginOptions = Options;
export {rehypeCodeHighlight};

/** The theme's client module that loads Prism and its grammars into every page. */
const PRISM_CLIENT_MODULE =
  /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/**
 * Build-time syntax highlighting (see highlight.ts). The content plugins run
 * `rehypeCodeHighlight` with the same options; this plugin adds the token
 * colours to the site's stylesheet and keeps Prism out of the browser bundle
 * by replacing the theme's client module that loads it with an empty one.
 */
export default function codeHighlightPlugin(context: LoadContext, options: unknown): Plugin {
  const {themes} = options as PluginOptions;
  const css = path.join(context.generatedFilesDir, 'code-highlight', 'prism-themes.css');
  mkdirSync(path.dirname(css), {recursive: true});
  writeFileSync(css, themeCss(themes));
  return {
    name: 'code-highlight',
    getClientModules: () => [css],
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            PRISM_CLIENT_MODULE,
            path.resolve(__dirname, 'no-prism.ts'),
          ),
        ],
      };
    },
  };
}
