import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstBroken, switchedOff} from '../../contract';
import {lazyRoutesActive, readBuildHash, readPage} from '../lazy-routes';
import {articlePath} from '../lazy-routes/plan';
import contract from './assumptions';
import {candidatesFile as candidatesPath, readCandidates, type Candidates} from './candidates';
import {articleHtml} from './extract';
import type {Decision, LoaderOptions} from './loader';

const DIR = 'article-once';
const DECISIONS = 'decisions';
/** The modules the loader points the compiled Markdown at. */
const CLIENT_DIR = '@site/src/plugins/article-once/client';
const PROVIDER_MODULE = '@theme/MDXContent';

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
 * article is driven by client/enhance.ts, with no React.
 *
 * A page whose Markdown needs the browser (a component that is not static
 * markup) keeps its module, and the build says which page and why.
 * Development builds (`npm start`) render every page as Docusaurus does.
 *
 * On a Docusaurus that breaks one of its assumptions (assumptions.ts), or
 * when lazy-routes is off, every page keeps its module, with a warning.
 */
export default function articleOncePlugin(context: LoadContext): Plugin {
  const {generatedFilesDir, siteDir} = context;
  const dir = path.join(generatedFilesDir, DIR);
  const candidatesFile = candidatesPath(generatedFilesDir);
  const decisionsDir = path.join(dir, DECISIONS);
  const production = process.env.NODE_ENV === 'production';
  let off = false;
  return {
    name: 'article-once',
    getClientModules: () => (production ? [path.resolve(__dirname, 'client/capture.ts')] : []),
    async allContentLoaded({allContent}) {
      rmSync(dir, {recursive: true, force: true});
      mkdirSync(dir, {recursive: true});
      const broken = firstBroken(contract, siteDir);
      if (broken) {
        off = true;
        switchedOff('article-once', broken, 'Every page renders its article in the browser.');
      }
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
      writeFileSync(candidatesFile, JSON.stringify(off ? {} : candidates));
    },
    configureWebpack(config, isServer) {
      const candidates = Object.keys(readCandidates(generatedFilesDir));
      let shells = !isServer && production && !off;
      if (shells && !lazyRoutesActive(generatedFilesDir)) {
        shells = false;
        writeFileSync(candidatesFile, '{}');
        switchedOff(
          'article-once',
          'lazy-routes is off, and with it the route loaders that fetch articles',
          'Every page renders its article in the browser.',
        );
      }
      const options: LoaderOptions = {
        shells,
        candidatesFile,
        decisionsDir,
        siteDir,
        clientDir: CLIENT_DIR,
        providerModule: PROVIDER_MODULE,
      };
      // After @docusaurus/mdx-loader (loaders run last to first) in the rules
      // of the content plugins whose pages are candidates: blog and docs. The
      // plugins give both compilers the same rule object: each gets a copy.
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
            await writeFile(file, JSON.stringify({build, html}));
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
