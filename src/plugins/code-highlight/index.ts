import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {switchedOff} from '../../contract';
import {codeBlockUtils} from './codeBlockUtils';
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
 *
 * When the installed theme's code block functions cannot be used
 * (assumptions.ts), the plugin switches itself off with a warning: the
 * rehype plugin then marks each block for the theme's own CodeBlock, and the
 * theme loads Prism into the browser as it does by default.
 */
export default function codeHighlightPlugin(context: LoadContext, options: unknown): Plugin {
  const loaded = codeBlockUtils();
  if ('error' in loaded) {
    switchedOff(
      'code-highlight',
      loaded.error,
      "Code blocks use the theme's own CodeBlock, highlighted by Prism in the browser.",
    );
    return {name: 'code-highlight'};
  }
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
