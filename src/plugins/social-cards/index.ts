import {mkdir, rename, rm} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {formatCardDate} from './client/alt';
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

/** Draws `cards` into `dir`, each at its own relative path. */
async function drawCards(cards: readonly Card[], dir: string): Promise<void> {
  const jobs = cards.map(({file, text}) => ({svg: cardSvg(text), target: path.join(dir, file)}));
  await Promise.all(
    [...new Set(jobs.map((job) => path.dirname(job.target)))].map((d) =>
      mkdir(d, {recursive: true}),
    ),
  );
  await renderCards(jobs);
}

export default function socialCardsPlugin(context: LoadContext, options: unknown): Plugin {
  const {homeTitle} = validateOptions(options);
  const {title: siteName, url} = context.siteConfig;
  const host = new URL(url).host;
  let cards: Card[] = [{file: HOME_CARD, text: {title: homeTitle, siteName, host}}];
  // A production build draws the cards while the bundler runs (its JavaScript
  // side leaves a core idle much of the time), into a staging folder: the
  // bundler empties the output folder before it writes.
  const staging = path.join(context.generatedFilesDir, 'social-cards');
  let drawn: Promise<void> | undefined;
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
      if (process.env.NODE_ENV === 'production') {
        const started = rm(staging, {recursive: true, force: true}).then(() =>
          drawCards(cards, staging),
        );
        // A failure is reported by postBuild, which awaits this.
        started.catch(() => undefined);
        drawn = started;
      }
    },
    async postBuild({outDir}) {
      if (!drawn) {
        await drawCards(cards, outDir);
        return;
      }
      await drawn;
      const targets = cards.map(({file}) => path.join(outDir, file));
      await Promise.all(
        [...new Set(targets.map((target) => path.dirname(target)))].map((d) =>
          mkdir(d, {recursive: true}),
        ),
      );
      await Promise.all(
        cards.map(({file}, i) => rename(path.join(staging, file), targets[i] ?? '')),
      );
      await rm(staging, {recursive: true, force: true});
    },
  };
}

/**
 * Draws and writes the cards in worker threads, one per core: drawing and
 * compressing a card takes tens of milliseconds, and a blog of 1,000 posts has
 * 1,000 of them. Each worker loads resvg and the two fonts once.
 */
const WORKER = `
const {parentPort, workerData} = require('node:worker_threads');
const {readFileSync, writeFileSync} = require('node:fs');
const {crc32, deflateSync} = require('node:zlib');
const {initWasm, Resvg} = require(workerData.resvg);

// The card is opaque (its first shape fills it), so it is written as RGB:
// Node's zlib compresses it faster and smaller than resvg-wasm's asPng
// (about 8 ms and 34 KB against 14 ms and 51 KB a card).
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}
function opaquePng(width, height, rgba) {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0, i = 0; y < height; y += 1) {
    let o = y * stride + 1;
    for (let x = 0; x < width; x += 1, i += 4) {
      raw[o++] = rgba[i];
      raw[o++] = rgba[i + 1];
      raw[o++] = rgba[i + 2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, {level: 6})),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

initWasm(readFileSync(workerData.wasm)).then(() => {
  const fontBuffers = workerData.fonts.map((file) => readFileSync(file));
  for (const {svg, target} of workerData.jobs) {
    const resvg = new Resvg(svg, {
      font: {fontBuffers, loadSystemFonts: false, defaultFontFamily: workerData.family},
    });
    const image = resvg.render();
    if (image.width !== workerData.width || image.height !== workerData.height) {
      throw new Error('[social-cards] card rendered at ' + image.width + '×' + image.height + '.');
    }
    writeFileSync(target, opaquePng(image.width, image.height, image.pixels));
    image.free();
    resvg.free();
  }
  parentPort.postMessage('done');
});
`;

async function renderCards(jobs: readonly {svg: string; target: string}[]): Promise<void> {
  const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const threads = Math.max(1, Math.min(availableParallelism(), Math.ceil(jobs.length / 8)));
  const shared = {
    resvg: require.resolve('@resvg/resvg-wasm'),
    wasm: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
    fonts: FONTS.map((font) => path.join(fontDir, font)),
    family: FONT_FAMILY,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  };
  await Promise.all(
    Array.from({length: threads}, (_, t) => {
      const part = jobs.filter((_, i) => i % threads === t);
      return new Promise<void>((resolve, reject) => {
        const worker = new Worker(WORKER, {eval: true, workerData: {...shared, jobs: part}});
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (code !== 0)
            reject(new Error(`[social-cards] a card worker stopped with code ${code}.`));
        });
      });
    }),
  );
}
