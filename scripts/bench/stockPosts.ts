/**
 * The stock site rendering our posts: a copy of the stock site (bench/tmp/stock,
 * sharing its node_modules) with every post of our `blog/` and our author added,
 * so that a post's route is the same path on both sites and the page is the
 * same Markdown rendered by stock Docusaurus 3.7.0. Links from our posts to
 * our docs do not exist there: broken links warn instead of failing the build.
 */
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {join} from 'node:path';
import {timedBuild} from './build';
import {STOCK} from './sites';
import {prepareStock} from './stock';
import {log, ROOT, TMP} from './util';

export const STOCK_POSTS_DIR = join(TMP, 'stock-posts');
export const STOCK_POSTS_BUILD = join(STOCK_POSTS_DIR, 'build');

/** Builds the stock site with our posts (once; delete bench/tmp/stock-posts to rebuild). */
export function prepareStockWithPosts(): string {
  if (existsSync(join(STOCK_POSTS_BUILD, 'index.html'))) return STOCK_POSTS_BUILD;
  prepareStock();
  rmSync(STOCK_POSTS_DIR, {recursive: true, force: true});
  cpSync(STOCK.dir, STOCK_POSTS_DIR, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|build|\.docusaurus)$/.test(source),
  });
  symlinkSync(join(STOCK.dir, 'node_modules'), join(STOCK_POSTS_DIR, 'node_modules'), 'dir');
  const blog = join(ROOT, 'blog');
  for (const file of readdirSync(blog).filter((name) => /^\d{4}-\d\d-\d\d-.*\.mdx?$/.test(name)))
    copyFileSync(join(blog, file), join(STOCK_POSTS_DIR, 'blog', file));
  // Our author, with our avatar (a local SVG) as on our pages.
  const authors = readFileSync(join(blog, 'authors.yml'), 'utf8');
  appendFileSync(join(STOCK_POSTS_DIR, 'blog/authors.yml'), `\n${authors}`);
  copyFileSync(
    join(ROOT, 'static/img/linshen.svg'),
    join(STOCK_POSTS_DIR, 'static/img/linshen.svg'),
  );
  const configPath = join(STOCK_POSTS_DIR, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8').replace(
    "onBrokenLinks: 'throw',",
    "onBrokenLinks: 'warn',\n  onBrokenAnchors: 'warn',",
  );
  if (!config.includes("onBrokenAnchors: 'warn'"))
    throw new Error(`${configPath}: could not relax the broken-link check`);
  writeFileSync(configPath, config);
  log('stock with our posts: build');
  timedBuild(STOCK_POSTS_DIR);
  return STOCK_POSTS_BUILD;
}
