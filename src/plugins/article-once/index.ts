import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Module, Plugin, RouteModules} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import {
  candidatesFile,
  lazyRoutesActive,
  moduleFile,
  readBuildHash,
  readCandidates,
  readPage,
  writeCandidates,
  type Candidates,
} from '../../lib/build-files';
import {articlePath, type ArticleFile} from '../../lib/route-files';
import contract from './assumptions';
import {articleHtml, previewsHtml} from './extract';
import type {Decision, LoaderOptions} from './loader';
import {PREVIEW_METADATA_QUERY} from './transform';

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
 * A post's preview on the list pages (the blog list, author and tag pages:
 * its `?truncated=true` module) ships the same way. The list page's HTML
 * marks each preview with its post's path; after client navigation the list
 * route's own article file, `__articles/<list path>.json`, brings the HTML of
 * the previews it shows, by post path: one file per list page, fetched with
 * its route chunks, as big as a page of the list whatever the blog's size.
 *
 * The plugin is one unit: its loader has every blog and docs module bring
 * its own MDXContent, and its BlogPostItem/Content and DocItem/Content
 * (theme/, registered with getThemePath as Docusaurus's own plugins ship
 * theme components) render a module as it is. A page or preview whose
 * Markdown needs the browser (a component that is not static markup) keeps
 * its module, and the build says which and why. Development builds (`npm start`) make
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
      const loader = {loader: path.resolve(__dirname, 'loader.cjs'), options};
      rules.forEach((rule, i) => {
        if (!isMdxRule(rule)) return;
        if (!rule.include.some((dir) => candidates.some((file) => file.startsWith(dir)))) return;
        rules[i] = {...rule, use: [loader, ...rule.use]};
      });
      // A post's metadata as its preview's shell asks for it (transform.ts shellModule).
      if (!shells) return {};
      return {
        module: {
          rules: [
            {
              test: /\.json$/i,
              resourceQuery: new RegExp(`^\\?${PREVIEW_METADATA_QUERY}$`),
              use: [loader],
            },
          ],
        },
      };
    },
    async postBuild({outDir, routes}) {
      if (!existsSync(decisionsDir)) return;
      const build = readBuildHash(generatedFilesDir);
      const {baseUrl} = context.siteConfig;
      const candidates = readCandidates(generatedFilesDir);
      const decisions = readdirSync(decisionsDir).map(
        (file) => JSON.parse(readFileSync(path.join(decisionsDir, file), 'utf8')) as Decision,
      );
      const lists = listPages(
        routes,
        (modulePath) => moduleFile(modulePath, siteDir) in candidates,
      );
      // Every page's Markdown, and every preview a list shows, went through the loader
      // in this build (a cache that skipped one would leave a page without its file).
      const key = (source: string, preview: boolean) => (preview ? `${source}?truncated` : source);
      const decided = new Set(decisions.map(({source, preview}) => key(source, preview)));
      const missing = new Set(
        [
          ...Object.keys(candidates).map((source) => key(source, false)),
          ...lists.flatMap((list) =>
            list.previews.map((modulePath) => key(moduleFile(modulePath, siteDir), true)),
          ),
        ].filter((file) => !decided.has(file)),
      );
      if (missing.size > 0) {
        throw new Error(
          `article-once: the browser build did not run the loader on ${[...missing]
            .map((file) => path.relative(siteDir, file))
            .join(', ')}`,
        );
      }
      const write = async (routePath: string, article: ArticleFile) => {
        const file = path.join(outDir, articlePath(routePath, baseUrl));
        await mkdir(path.dirname(file), {recursive: true});
        await writeFile(file, JSON.stringify(article));
      };
      // A few hundred at a time: thousands of open files would run out of handles.
      const pages = decisions.filter(({preview}) => !preview);
      for (let i = 0; i < pages.length; i += 256) {
        await Promise.all(
          pages.slice(i, i + 256).map(async ({source, permalink, reason}) => {
            let html: string | undefined;
            if (reason === null) {
              html = articleHtml(await readPage(outDir, permalink, baseUrl));
              if (html === undefined) {
                throw new Error(
                  `article-once: the page of ${path.relative(siteDir, source)} (${permalink}) has no article element`,
                );
              }
            }
            await write(permalink, {build, html});
          }),
        );
      }
      // Each list page's file: the previews it shows as the server's HTML, by post path.
      const shells = new Set(
        decisions.filter((d) => d.preview && d.reason === null).map((d) => d.permalink),
      );
      for (let i = 0; i < lists.length; i += 256) {
        await Promise.all(
          lists.slice(i, i + 256).map(async (list) => {
            const shown = previewsHtml(await readPage(outDir, list.path, baseUrl));
            const previews: Record<string, string> = {};
            for (const modulePath of list.previews) {
              const post = candidates[moduleFile(modulePath, siteDir)] ?? '';
              if (!shells.has(post)) continue;
              const html = shown.get(post);
              if (html === undefined) {
                throw new Error(
                  `article-once: the list page ${list.path} has no preview element of ${post}`,
                );
              }
              previews[post] = html;
            }
            await write(list.path, {build, previews});
          }),
        );
      }
    },
  };
}

/** The part of a route (postBuild's `routes`) listPages reads. */
type ListRoute = Readonly<{
  path: string;
  modules?: RouteModules;
  routes?: readonly ListRoute[];
}>;

/** A page that lists previews: its path, and the preview modules it shows (`@site/…?truncated=true`). */
type ListPage = {path: string; previews: string[]};

/**
 * The routes that show previews of candidates: the modules of a route that
 * are a candidate's Markdown with the blog's `truncated` query (its list
 * pages' `items[].content`, plugin-content-blog routes.js).
 */
export function listPages(
  routes: readonly ListRoute[],
  isCandidate: (modulePath: string) => boolean,
): ListPage[] {
  const lists: ListPage[] = [];
  const previewsOf = (modules: RouteModules[string] | undefined): string[] => {
    if (modules === undefined || typeof modules === 'string') return [];
    if (Array.isArray(modules)) return modules.flatMap(previewsOf);
    // A module import, as core's codegenRoutes tells one (`__import`), or more modules.
    if (modules.__import) {
      const {path: modulePath, query} = modules as Exclude<Module, string>;
      return query?.truncated && isCandidate(modulePath) ? [modulePath] : [];
    }
    return Object.values(modules).flatMap(previewsOf);
  };
  const visit = (route: ListRoute) => {
    const previews = previewsOf(route.modules);
    if (previews.length > 0) lists.push({path: route.path, previews});
    route.routes?.forEach(visit);
  };
  routes.forEach(visit);
  return lists;
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
