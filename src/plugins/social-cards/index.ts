import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {initWasm, Resvg} from '@resvg/resvg-wasm';
import {formatCardDate} from './alt';
import {CARD_HEIGHT, CARD_WIDTH, cardSvg, FONT_FAMILY, type CardText} from './layout';

/**
 * Social cards: a 1200×630 PNG per blog post and one for the home page,
 * rendered at build time with resvg (WebAssembly) and the Noto Sans SC files
 * of `@expo-google-fonts/noto-sans-sc`, never the machine's own fonts. The
 * blog's `processBlogPosts` points each post's `image` at its card (see
 * docusaurus.config.ts), so theme-classic writes og:image, twitter:image and
 * the JSON-LD image itself.
 */

export type PluginOptions = Readonly<{
  /** The home card's big text (the site name is on every card anyway). */
  homeTitle: string;
}>;

/** Where the cards go in the build, and their URL path under baseUrl. */
export const CARD_DIR = 'img/social';
/** The home page's card, relative to baseUrl (for `themeConfig.image`). */
export const HOME_CARD = `${CARD_DIR}/home.png`;

/** A post's card, from its permalink: `/blog/2025/09/15/x` → `/img/social/blog/2025/09/15/x.png`. */
export function socialCardPath(permalink: string, baseUrl: string): string {
  const route = permalink.startsWith(baseUrl) ? permalink.slice(baseUrl.length) : permalink;
  return `/${CARD_DIR}/${route.replace(/^\/+|\/+$/g, '')}.png`;
}

const BLOG_PLUGIN = 'docusaurus-plugin-content-blog';
const FONTS = ['400Regular/NotoSansSC_400Regular.ttf', '700Bold/NotoSansSC_700Bold.ttf'];

function validateOptions(options: unknown): PluginOptions {
  const homeTitle = (options as Partial<PluginOptions> | undefined)?.homeTitle;
  if (typeof homeTitle !== 'string' || !homeTitle.trim()) {
    throw new Error('[social-cards] option homeTitle must be a non-empty string.');
  }
  return {homeTitle};
}

type Card = Readonly<{file: string; text: CardText}>;

export default function socialCardsPlugin(context: LoadContext, options: unknown): Plugin {
  const {homeTitle} = validateOptions(options);
  const {title: siteName, url} = context.siteConfig;
  const host = new URL(url).host;
  let cards: Card[] = [{file: HOME_CARD, text: {title: homeTitle, siteName, host}}];
  return {
    name: 'social-cards',
    async allContentLoaded({allContent}) {
      const blog = allContent[BLOG_PLUGIN]?.default as BlogContent | undefined;
      if (!blog) throw new Error(`[social-cards] ${BLOG_PLUGIN} has no posts to draw cards for.`);
      cards = [
        cards[0] ?? {file: HOME_CARD, text: {title: homeTitle, siteName, host}},
        ...blog.blogPosts.map(({metadata}) => ({
          file: socialCardPath(metadata.permalink, context.baseUrl).slice(1),
          text: {
            title: metadata.title,
            siteName,
            footer: formatCardDate(new Date(metadata.date).toISOString()),
            host,
          },
        })),
      ];
    },
    async postBuild({outDir}) {
      const render = await cardRenderer();
      for (const {file, text} of cards) {
        const target = path.join(outDir, file);
        await mkdir(path.dirname(target), {recursive: true});
        await writeFile(target, render(cardSvg(text)));
      }
    },
  };
}

let wasmReady: Promise<void> | undefined;

/** Loads resvg and the two font files once; returns an SVG → PNG function. */
async function cardRenderer(): Promise<(svg: string) => Uint8Array> {
  // initWasm may run only once per process.
  wasmReady ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')).then(initWasm);
  const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const [fontBuffers] = await Promise.all([
    Promise.all(FONTS.map((font) => readFile(path.join(fontDir, font)))),
    wasmReady,
  ]);
  return (svg) => {
    const resvg = new Resvg(svg, {
      font: {fontBuffers, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY},
    });
    const image = resvg.render();
    if (image.width !== CARD_WIDTH || image.height !== CARD_HEIGHT) {
      throw new Error(`[social-cards] card rendered at ${image.width}×${image.height}.`);
    }
    const png = image.asPng();
    image.free();
    resvg.free();
    return png;
  };
}
