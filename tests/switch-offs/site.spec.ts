/**
 * A site built with plugins and ejected components switched off
 * (scripts/switched-off-site.ts: CONTRACT_BREAK forces the path a real
 * break takes) works as stock Docusaurus would: heavier, never broken. Every
 * sitemap page answers 200 and hydrates with no console error or warning and
 * no CSP violation, on a first load and after client-side navigation; every
 * post and doc shows what its Markdown asks for (admonitions, `<details>`
 * that open, Tabs that switch, code blocks with coloured tokens and a copy
 * button that copies), read from the sources in blog/ and docs/, so a new
 * page needs no test edit.
 *
 * The `switched-off` project runs this against the build with everything
 * that can switch off switched off (`npm test`); `npm run test:switch-offs`
 * runs it once per switch-off (scripts/switch-offs.ts).
 */
import path from 'node:path';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {Prism} from 'prism-react-renderer';
import {codeLanguages, lightCodeTheme} from '../../config/prism';
import {loadLanguages} from '../../src/plugins/code-highlight/highlight';
import {readBlog} from '../blog';
import type {MarkdownSource} from '../content/markdown';
import {readTutorial, tutorialDocs} from '../tutorial';
import {collectConsoleProblems, sitemapPaths, waitForHydration} from '../e2e/helpers';

const SITE_DIR = path.join(__dirname, '..', '..');
/** A post's or a doc's Markdown, as the page shows it. */
const ARTICLE = '#__blog-post-container, .theme-doc-markdown';
/** Fences that become something other than a code block. */
const NOT_CODE = new Set(['mermaid']);

type CodeFence = Readonly<{language: string; line: number; coloured: boolean}>;

type Article = Readonly<{
  path: string;
  file: string;
  admonitions: number;
  details: number;
  tabs: number;
  codeBlocks: readonly CodeFence[];
}>;

type PrismToken = string | {type: string; alias?: string | string[]; content: PrismContent};
type PrismContent = PrismToken | PrismToken[];

loadLanguages(codeLanguages);
/** Token types the light code theme paints in another colour than plain text. */
const COLOURED = new Set(
  lightCodeTheme.styles
    .filter(
      ({languages, style}) =>
        !languages && style.color && style.color !== lightCodeTheme.plain.color,
    )
    .flatMap(({types}) => types),
);

/** Whether the site's Prism (its grammars, its light theme) gives this code a coloured token. */
function colouredByPrism(code: string, language: string): boolean {
  const grammar = (Prism.languages as Record<string, unknown>)[language];
  if (!grammar || typeof grammar !== 'object') return false;
  const coloured = (content: PrismContent): boolean => {
    if (Array.isArray(content)) return content.some(coloured);
    if (typeof content === 'string') return false;
    const types = [content.type, ...[content.alias ?? []].flat()];
    return types.some((type) => COLOURED.has(type)) || coloured(content.content);
  };
  return coloured(Prism.tokenize(code, grammar as Parameters<typeof Prism.tokenize>[1]));
}

function article(pagePath: string, markdown: MarkdownSource): Article {
  const count = (pattern: RegExp) => markdown.prose.match(pattern)?.length ?? 0;
  return {
    path: pagePath,
    file: path.relative(SITE_DIR, markdown.path),
    admonitions: count(/^\s*:{3,}(?:note|tip|info|warning|danger|caution)\b/gm),
    details: count(/<details\b/g),
    tabs: count(/<Tabs\b/g),
    codeBlocks: markdown.codeBlocks
      .filter((block) => !NOT_CODE.has(block.language))
      .map((block) => ({
        language: block.language,
        line: block.line,
        coloured: colouredByPrism(block.code, block.language.toLowerCase()),
      })),
  };
}

/** Every post and doc page, with what its Markdown asks for. */
const ARTICLES: readonly Article[] = [
  ...readBlog(SITE_DIR).posts.map((post) => article(post.permalink, post.markdown)),
  ...tutorialDocs(readTutorial(path.join(SITE_DIR, 'docs'))).map((doc) =>
    article(doc.route, doc.markdown),
  ),
];

/**
 * Records CSP violations the page reports (the listener is in place before
 * the page's scripts) and the console's CSP errors.
 */
async function recordCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as {__csp?: string[]};
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__csp?.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as {__csp?: string[]}).__csp ?? []);
}

/** What the router does for a link or the back button; resolves once the page names its path. */
async function navigateInPage(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForFunction((target) => {
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    return canonical !== null && new URL(canonical.href).pathname === target;
  }, to);
}

test('every sitemap page answers 200 and hydrates, with no console error or warning and no CSP violation', async ({
  page,
}) => {
  const paths = await sitemapPaths(page);
  // The walk grows with the site: time per page, not a fixed total.
  test.setTimeout(60_000 + paths.length * 3_000);
  expect(paths.length).toBeGreaterThan(0);
  const problems = collectConsoleProblems(page);
  const violations = await recordCsp(page);
  for (const pagePath of paths) {
    const response = await page.goto(pagePath);
    expect(response?.status(), pagePath).toBe(200);
    await waitForHydration(page);
    expect(await violations(), `${pagePath}: CSP violations`).toEqual([]);
    expect(problems, `${pagePath}: console`).toEqual([]);
  }
});

test('client-side navigation to every sitemap page renders it, with no console error or warning and no CSP violation', async ({
  page,
}) => {
  const paths = await sitemapPaths(page);
  test.setTimeout(60_000 + paths.length * 3_000);
  const problems = collectConsoleProblems(page);
  const violations = await recordCsp(page);
  await page.goto('/');
  await waitForHydration(page);
  for (const pagePath of paths) {
    await navigateInPage(page, pagePath);
    await expect(page.locator('main').first(), pagePath).not.toBeEmpty();
    expect(await violations(), `${pagePath}: CSP violations`).toEqual([]);
    expect(problems, `${pagePath}: console`).toEqual([]);
  }
});

/** Each `<details>` the reader can see opens on a click on its summary. */
async function expectDetailsOpen(body: Locator, article: Article): Promise<void> {
  const details = body.locator('details');
  expect(await details.count(), `${article.file}: <details>`).toBeGreaterThanOrEqual(
    article.details,
  );
  for (const one of await details.filter({visible: true}).all()) {
    await one.locator(':scope > summary').click();
    await expect(one).toHaveAttribute('open', '');
    await expect(one.locator(':scope > :not(summary)').first()).toBeVisible();
  }
}

/** Each tab list switches: a click on a tab selects it and shows its panel only. */
async function expectTabsSwitch(body: Locator, article: Article): Promise<void> {
  const lists = body.locator('[role="tablist"]');
  expect(await lists.count(), `${article.file}: Tabs`).toBeGreaterThanOrEqual(article.tabs);
  for (const list of await lists.filter({visible: true}).all()) {
    const tabs = list.getByRole('tab');
    const count = await tabs.count();
    if (count < 2) continue;
    const selected = await tabs.evaluateAll((all) =>
      all.findIndex((tab) => tab.getAttribute('aria-selected') === 'true'),
    );
    const other = selected === count - 1 ? 0 : count - 1;
    await tabs.nth(other).click();
    await expect(tabs.nth(other)).toHaveAttribute('aria-selected', 'true');
    const panels = list.locator('xpath=..').locator(':scope > div > [role="tabpanel"]');
    await expect(panels.nth(other)).toBeVisible();
    await expect(panels.filter({visible: true})).toHaveCount(1);
  }
}

/**
 * Every code block is there, in the order of the fences; a block whose code
 * Prism colours shows a token in another colour than the block's text; the
 * first block in view copies its code.
 */
async function expectCodeBlocks(page: Page, body: Locator, article: Article): Promise<void> {
  const blocks = body.locator('.theme-code-block');
  await expect(blocks, `${article.file}: code blocks`).toHaveCount(article.codeBlocks.length);
  const colouredBlocks = (): Promise<boolean[]> =>
    blocks.evaluateAll((all) =>
      all.map((block) => {
        const plain = getComputedStyle(block.querySelector('pre') ?? block).color;
        return Array.from(block.querySelectorAll('.token')).some(
          (token) => getComputedStyle(token).color !== plain,
        );
      }),
    );
  const shown = await colouredBlocks();
  const uncoloured = article.codeBlocks
    .filter((fence, i) => fence.coloured && !shown[i])
    .map((fence) => `${article.file}:${fence.line} (${fence.language})`);
  expect(uncoloured, 'blocks Prism colours that show no coloured token').toEqual([]);

  const block = blocks.filter({visible: true}).first();
  await block.scrollIntoViewIfNeeded();
  const code = await block.evaluate((element) =>
    Array.from(element.querySelectorAll('.token-line'), (line) => line.textContent ?? '').join(
      '\n',
    ),
  );
  expect(code.trim().length, `${article.file}: the first block has code`).toBeGreaterThan(0);
  const before = `— ${article.path} —`;
  await page.evaluate((text) => navigator.clipboard.writeText(text), before);
  await block.hover();
  await block.getByRole('button', {name: '复制代码到剪贴板'}).click();
  // The reader's one click copies the block's code, however long the copy takes.
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()), {timeout: 30_000})
    .not.toBe(before);
  expect((await page.evaluate(() => navigator.clipboard.readText())).replace(/\n+$/, '')).toBe(
    code.replace(/\n+$/, ''),
  );
}

/** What the article asks for, and that it works: checked as the page stands. */
async function expectArticle(page: Page, article: Article): Promise<void> {
  const body = page.locator(ARTICLE).first();
  await expect(body).toBeVisible();
  const admonitions = body.locator('.theme-admonition');
  expect(await admonitions.count(), `${article.file}: admonitions`).toBeGreaterThanOrEqual(
    article.admonitions,
  );
  if (article.admonitions > 0) await expect(admonitions.first()).toBeVisible();
  if (article.details > 0) await expectDetailsOpen(body, article);
  if (article.tabs > 0) await expectTabsSwitch(body, article);
  if (article.codeBlocks.length > 0) await expectCodeBlocks(page, body, article);
}

for (const article of ARTICLES) {
  const asks = [
    article.admonitions && `${article.admonitions} admonitions`,
    article.details && `${article.details} <details>`,
    article.tabs && `${article.tabs} Tabs`,
    article.codeBlocks.length && `${article.codeBlocks.length} code blocks`,
  ].filter(Boolean);
  if (asks.length === 0) continue;
  test(`${article.path} shows its ${asks.join(', ')}, working, loaded and after client-side navigation`, async ({
    page,
    context,
    baseURL,
  }) => {
    // Time per block: each is looked at.
    test.setTimeout(60_000 + article.codeBlocks.length * 2_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
    const problems = collectConsoleProblems(page);
    const violations = await recordCsp(page);
    await test.step('loaded', async () => {
      await page.goto(article.path);
      await waitForHydration(page);
      await expectArticle(page, article);
    });
    await test.step('navigated to from the home page', async () => {
      await navigateInPage(page, '/');
      await navigateInPage(page, article.path);
      await expectArticle(page, article);
    });
    expect(await violations(), 'CSP violations').toEqual([]);
    expect(problems, 'console').toEqual([]);
  });
}
