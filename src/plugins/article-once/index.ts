import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import {
  candidatesFile,
  lazyRoutesActive,
  readBuildHash,
  readCandidates,
  readPage,
  writeCandidates,
  type Candidates,
} from '../../lib/build-files';
import {articlePath, type ArticleFile} from '../../lib/route-files';
import contract from './assumptions';
import {articleHtml} from './extract';
import type {Decision, LoaderOptions} from './loader';

const DIR = 'article-once';
const DECISIONS = 'decisions';
/** The modules the loader points the compiled Markdown at. */
const CLIENT_DIR = '@site/src/plugins/article-once/client';
const PROVIDER_MODULE = '@theme/MDXContent';
/** BlogPostItem/Content and DocItem/Content, which render a module without MDXContent. */
const THEME_DIR = path.join(__dirname, 'theme');
const FALLBACK = 'Every page renders its article in the browser.';

/** The part of the content plugins' loaded content this plugin reads. */
type AllContent = Record<
  string,
  | Record<
      string,
      | {
          blogPosts?: {metadata: {source: string; permalink: string}}[];
          loadedVersions?: {docs: {source: string; permalink: string}[]}[];
        }
      | undefined
    >
  | undefined
>;

/**
 * A post's or doc's article ships once: as the page's HTML. The browser
 * bundle gets the page's module without its body (transform.ts
 * `shellModule`); React renders the article element with the server's HTML
 * as `dangerouslySetInnerHTML`, which hydration leaves alone
 * (client/Article.tsx); client navigation fetches the next article from
 * `__articles/<path>.json`, written here after the build (the route loaders
 * of src/plugins/lazy-routes do the fetching). What is interactive inside an
 * article is given its work by client/links.ts, codeBlocks.ts, tables.ts
 * and tabs.ts, with no React.
 *
 * The plugin is one unit: its loader has every blog and docs module bring
 * its own MDXContent, and its BlogPostItem/Content and DocItem/Content
 * (theme/, registered with getThemePath as Docusaurus's own plugins ship
 * theme components) render a module as it is. A page whose Markdown needs
 * the browser (a component that is not static markup) keeps its module, and
 * the build says which page and why. Development builds (`npm start`) make
 * no shells.
 *
 * On a Docusaurus that breaks one of its assumptions (assumptions.ts), the
 * plugin is off from the start: no theme components, no loader, no client
 * module, no candidates, so the site is the theme's own. Docusaurus 3.7.0
 * reads getClientModules while it writes the generated files, after
 * allContentLoaded, and getThemePath when it makes the two bundler configs
 * (in parallel), before any configureWebpack: the decision has to come
 * before all of them, so it is made here, when the plugin is made. When
 * lazy-routes turns out to be off (its configureWebpack, which runs before
 * this one), it is too late to take the theme components back: the loader
 * then keeps every module whole, with its MDXContent, in both bundles.
 */
export default function articleOncePlugin(context: LoadContext): Plugin {
  const {generatedFilesDir, siteDir} = context;
  const dir = path.join(generatedFilesDir, DIR);
  // Nothing of an older build: lazy-routes reads the candidates.
  rmSync(dir, {recursive: true, force: true});
  const broken = firstBroken(contract, siteDir);
  if (broken) {
    switchedOff('article-once', broken, FALLBACK);
    return {name: 'article-once'};
  }
  const decisionsDir = path.join(dir, DECISIONS);
  const production = process.env.NODE_ENV === 'production';
  return {
    name: 'article-once',
    getThemePath: () => THEME_DIR,
    getClientModules: () => (production ? [path.resolve(__dirname, 'client/capture.ts')] : []),
    async allContentLoaded({allContent}) {
      const candidates: Candidates = {};
      const content = allContent as AllContent;
      const add = ({source, permalink}: {source: string; permalink: string}) => {
        candidates[path.join(siteDir, source.replace(/^@site\//, ''))] = permalink;
      };
      for (const blog of Object.values(content['docusaurus-plugin-content-blog'] ?? {})) {
        blog?.blogPosts?.forEach((post) => add(post.metadata));
      }
      for (const docs of Object.values(content['docusaurus-plugin-content-docs'] ?? {})) {
        docs?.loadedVersions?.forEach((version) => version.docs.forEach(add));
      }
      writeCandidates(generatedFilesDir, candidates);
    },
    configureWebpack(config, isServer) {
      const candidates = Object.keys(readCandidates(generatedFilesDir));
      let shells = !isServer && production;
      if (shells && !lazyRoutesActive(generatedFilesDir)) {
        shells = false;
        switchedOff(
          'article-once',
          'lazy-routes is off, and with it the route loaders that fetch articles',
          FALLBACK,
        );
      }
      const options: LoaderOptions = {
        shells,
        candidatesFile: candidatesFile(generatedFilesDir),
        decisionsDir,
        siteDir,
        clientDir: CLIENT_DIR,
        providerModule: PROVIDER_MODULE,
      };
      // After @docusaurus/mdx-loader (loaders run last to first) in the rules
      // of the content plugins whose pages are candidates: blog and docs. The
      // plugins give both compilers the same rule object: each gets a copy.
      // Both bundles need the loader (theme/ renders a module without
      // MDXContent), shells or not.
      const rules = config.module?.rules ?? [];
      rules.forEach((rule, i) => {
        if (!isMdxRule(rule)) return;
        if (!rule.include.some((dir) => candidates.some((file) => file.startsWith(dir)))) return;
        const loader = {loader: path.resolve(__dirname, 'loader.cjs'), options};
        rules[i] = {...rule, use: [loader, ...rule.use]};
      });
      return {};
    },
    async postBuild({outDir}) {
      if (!existsSync(decisionsDir)) return;
      const build = readBuildHash(generatedFilesDir);
      const {baseUrl} = context.siteConfig;
      const decisions = readdirSync(decisionsDir).map(
        (file) => JSON.parse(readFileSync(path.join(decisionsDir, file), 'utf8')) as Decision,
      );
      // Every page's Markdown went through the loader in this build (a cache that
      // skipped it would leave the page without its article file).
      const decided = new Set(decisions.map(({source}) => source));
      const missing = Object.keys(readCandidates(generatedFilesDir)).filter((s) => !decided.has(s));
      if (missing.length > 0) {
        throw new Error(
          `article-once: the browser build did not run the loader on ${missing
            .map((file) => path.relative(siteDir, file))
            .join(', ')}`,
        );
      }
      // A few hundred at a time: thousands of open files would run out of handles.
      for (let i = 0; i < decisions.length; i += 256) {
        await Promise.all(
          decisions.slice(i, i + 256).map(async ({source, permalink, reason}) => {
            let html: string | undefined;
            if (reason === null) {
              html = articleHtml(await readPage(outDir, permalink, baseUrl));
              if (html === undefined) {
                throw new Error(
                  `article-once: the page of ${path.relative(siteDir, source)} (${permalink}) has no article element`,
                );
              }
            }
            const file = path.join(outDir, articlePath(permalink, baseUrl));
            await mkdir(path.dirname(file), {recursive: true});
            const article: ArticleFile = {build, html};
            await writeFile(file, JSON.stringify(article));
          }),
        );
      }
    },
  };
}

type Rule = {include: string[]; use: object[]};

/** A rule whose loaders include @docusaurus/mdx-loader, with the folders it covers. */
function isMdxRule(rule: unknown): rule is Rule {
  const {use, include} = (rule ?? {}) as Partial<Rule>;
  return (
    Array.isArray(use) &&
    Array.isArray(include) &&
    use.some((item) => /[\\/]@docusaurus[\\/]mdx-loader[\\/]/.test(String(loaderOf(item))))
  );
}

const loaderOf = (item: unknown): unknown =>
  typeof item === 'string' ? item : (item as {loader?: unknown} | null)?.loader;
