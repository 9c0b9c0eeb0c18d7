/**
 * Site search in the navbar (src/plugins/shard-search): Chinese and code
 * queries, keyboard use, an index fetched in part and only on demand, hostile
 * input, nothing off-site.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {HALF_TYPED_QUERIES, MISSPELT_QUERIES, type SearchQuery} from '../../bench/search-queries';
import {collectOffsiteRequests, openHydrated} from './helpers';

const INDEX = /\/search-index\//;
const MANIFEST = /\/search-index\/manifest\.json$/;
const SHARD = /\/search-index\/t\/\d+\.json$/;
const HIT_DATA = /\/search-index\/d\/\d+\.json$/;

/** The navbar's search field. */
function searchBox(page: Page) {
  return page.locator('nav.navbar[aria-label="主导航"] input.navbar__search-input').last();
}

/** The search field once its code and index manifest have loaded. */
function loadedSearchBox(page: Page) {
  return page.locator('nav.navbar[aria-label="主导航"] input[data-search-ready="true"]');
}

/** The suggestion rows of the open dropdown. */
function suggestions(page: Page) {
  return page.locator('.navbar [role="listbox"] [role="option"]');
}

/**
 * Types a query and waits for what the reader waits for: the dropdown showing
 * the answer to this query (its index parts and hit data fetched), however
 * long a busy machine takes, within the test's own time limit.
 */
async function search(page: Page, box: Locator, query: string): Promise<void> {
  await box.fill(query);
  await page.waitForFunction(
    (q) => document.querySelector('.navbar [role="listbox"]')?.getAttribute('data-query') === q,
    query,
  );
}

test('the index is not fetched on page load, only once the reader starts to search', async ({
  page,
}) => {
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (INDEX.test(request.url())) indexRequests.push(request.url());
  });
  await openHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);

  const indexLoaded = page.waitForRequest(INDEX);
  await searchBox(page).focus();
  expect(new URL((await indexLoaded).url()).origin).toBe(new URL(page.url()).origin);
});

test('the search box has a Chinese name and both shortcuts focus it', async ({page}) => {
  await openHydrated(page, '/blog');
  const box = searchBox(page);
  await expect(box).toHaveAccessibleName('搜索');
  await expect(box).toHaveAttribute('placeholder', '搜索');

  // Before the search code has loaded, the shortcut focuses the field, which loads it.
  const manifest = page.waitForResponse(MANIFEST);
  await page.keyboard.press('ControlOrMeta+k');
  await manifest;
  const loaded = loadedSearchBox(page);
  await expect(loaded).toBeFocused();
  await expect(loaded).toHaveAccessibleName('搜索');
  await expect(page.locator('nav.navbar input.navbar__search-input')).toHaveCount(1);
  // The field is a combobox, its suggestions a listbox.
  await expect(loaded).toHaveAttribute('role', 'combobox');
  await loaded.blur();
  await expect(loaded).not.toBeFocused();

  // Afterwards both shortcuts focus it again; `/` is not typed into the field.
  await page.keyboard.press('/');
  await expect(loaded).toBeFocused();
  await expect(loaded).toHaveValue('');
  await loaded.blur();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(loaded).toBeFocused();
});

test('a two-character Chinese word finds the moderation post', async ({page}) => {
  await openHydrated(page, '/');
  await search(page, searchBox(page), '审核');
  await expect(suggestions(page).first()).toContainText('审核');
  await expect(
    suggestions(page).filter({hasText: 'MCP Registry 的审核指南'}).first(),
  ).toBeVisible();
  await expect(suggestions(page).locator('mark').first()).toHaveText('审核');
});

test('blog hits are labelled 博客, in the dropdown and on the results page', async ({page}) => {
  await openHydrated(page, '/');
  await search(page, searchBox(page), '审核');
  const paths = suggestions(page).locator('[class*="hitPath"]');
  await expect(paths.first()).toBeVisible();
  await expect(paths.filter({hasText: '博客'}).first()).toBeVisible();
  await expect(paths.filter({hasText: 'Blog'})).toHaveCount(0);

  await openHydrated(page, '/search?q=审核');
  await page.getByRole('status').waitFor();
  const resultPaths = page.locator('article p[class*="searchResultItemPath"]');
  await expect(resultPaths.first()).toBeVisible();
  await expect(resultPaths.filter({hasText: '博客'}).first()).toBeVisible();
  await expect(resultPaths.filter({hasText: 'Blog'})).toHaveCount(0);
});

test('a code token finds its post, and the keyboard opens a result', async ({page}) => {
  await openHydrated(page, '/');
  const box = searchBox(page);
  await search(page, box, 'iscsiadm');
  const options = suggestions(page);
  expect(await options.count()).toBeGreaterThan(1);

  // The first row is preselected; the arrow keys move the selection.
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await box.press('Enter');
  await expect(page).toHaveURL(/\/blog\/2025\/03\/13\/iscsi-initiator-iscsiadm(#.*)?$/);
  await expect(page.locator('article h1')).toContainText('iscsiadm');
});

test('Escape closes the results', async ({page}) => {
  await openHydrated(page, '/');
  const box = searchBox(page);
  await search(page, box, 'server.json');
  await expect(suggestions(page).first()).toBeVisible();
  await box.press('Escape');
  await expect(suggestions(page).first()).toBeHidden();
});

test('the full results page lists more, with a Chinese title', async ({page}) => {
  await openHydrated(page, '/search?q=MCP');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('“MCP”的搜索结果');
  await page.getByRole('status').waitFor();
  await expect(page.getByRole('status')).toHaveText(/^共找到 \d+ 篇文档$/);
  expect(await page.locator('main article h2 a, section article h2 a').count()).toBeGreaterThan(8);
  await expect(page.getByRole('searchbox', {name: '搜索关键词'})).toHaveValue('MCP');
});

test('the search box is there on a narrow screen too', async ({page}) => {
  await page.setViewportSize({width: 600, height: 800});
  await openHydrated(page, '/docs/intro');
  const box = searchBox(page);
  await expect(box).toBeVisible();
  await search(page, box, '中继');
  await expect(suggestions(page).first()).toBeVisible();
  await expect(suggestions(page).first()).toBeInViewport();
});

const HOSTILE = [
  '.*+?^${}()|[]\\',
  '"><img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '🚀🔥 MCP',
  '審核'.repeat(500),
  // A whole sentence pasted in: one long run of Chinese with no spaces.
  '如何在服务器上用命令行发现并登录远程的磁盘目标然后开机自动挂载',
];

test('hostile input shows results or a Chinese "no results" line, and injects nothing', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const offsite = collectOffsiteRequests(
    page,
    new URL(test.info().project.use.baseURL ?? '').origin,
  );
  await openHydrated(page, '/');
  const box = searchBox(page);
  const listbox = page.locator('.navbar [role="listbox"]');
  for (const input of HOSTILE) {
    // An empty box closes the dropdown, so what shows next is this input's answer.
    await box.fill('');
    await expect(listbox).toBeHidden();
    await search(page, box, input);
    await expect(
      listbox.locator('[role="option"]').or(listbox.getByText('没有找到任何文档')).first(),
    ).toBeVisible();
  }
  // The search still answers afterwards: no earlier query keeps it busy.
  await search(page, box, 'zqxjkv');
  await expect(listbox.getByText('没有找到任何文档')).toBeVisible();
  expect(await page.evaluate(() => 'window.__pwned' in window || '__pwned' in window)).toBe(false);
  await expect(page.locator('.navbar img[src="x"]')).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(offsite.map((r) => r.url())).toEqual([]);
});

test("the first query fetches only the index shards of its terms and its hits' data", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (INDEX.test(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  await openHydrated(page, '/');
  const manifestResponse = page.waitForResponse(MANIFEST);
  const box = searchBox(page);
  await box.focus();
  const manifest = (await (await manifestResponse).json()) as {shards: number; sections: number};
  await search(page, box, 'Mcp-Session-Id');
  await expect(suggestions(page).first()).toContainText('Streamable HTTP');

  // mcp-session-id and its three parts: at most four of the shards.
  const shards = fetched.filter((path) => SHARD.test(path));
  expect(shards.length).toBeGreaterThan(0);
  expect(shards.length).toBeLessThanOrEqual(4);
  expect(manifest.shards).toBeGreaterThan(20 * shards.length);
  // Data only for the hits shown (at most eight).
  const data = fetched.filter((path) => HIT_DATA.test(path));
  expect(data.length).toBeGreaterThan(0);
  expect(data.length).toBeLessThanOrEqual(8);
  expect(manifest.sections).toBeGreaterThan(10 * data.length);
  expect(fetched.filter((path) => !SHARD.test(path) && !HIT_DATA.test(path))).toEqual([
    '/search-index/manifest.json',
  ]);
});

test('search works after client-side navigation, and a hit opens its section', async ({page}) => {
  await openHydrated(page, '/');
  await page.locator('nav.navbar').getByRole('link', {name: 'Blog', exact: true}).click();
  await expect(page).toHaveURL(/\/blog$/);
  // The address changes first; the new page, with its own navbar, renders once its code is in.
  await expect(page.locator('html')).toHaveClass(/blog-list-page/);
  const box = searchBox(page);
  await search(page, box, '游标分页');
  await expect(suggestions(page).first()).toContainText('游标分页');
  await suggestions(page).first().click();
  await expect(page).toHaveURL(/\/blog\/2025\/09\/15\/official-registry-api(#.*)?$/);
  await expect(page.locator('html')).toHaveClass(/blog-post-page/);
  await expect(suggestions(page)).toHaveCount(0);

  // The results page, reached from the dropdown's last row, answers the same query.
  await search(page, box, '游标分页');
  await suggestions(page).last().click();
  await expect(page).toHaveURL(/\/search\?q=%E6%B8%B8%E6%A0%87%E5%88%86%E9%A1%B5$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('“游标分页”的搜索结果');
  await page.getByRole('status').waitFor();
  await expect(page.locator('main article h2 a').first()).toHaveAttribute(
    'href',
    /\/blog\/2025\/09\/15\/official-registry-api/,
  );
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bench query of that text, with the post(s) it must find. */
function benchQuery(set: readonly SearchQuery[], query: string): SearchQuery {
  const found = set.find((q) => q.query === query);
  if (!found) throw new Error(`${query} is not in bench/search-queries.ts`);
  return found;
}

/** The titles of the pages a bench query must find, as the built pages give them. */
async function expectedTitles(page: Page, q: SearchQuery): Promise<string[]> {
  const paths = typeof q.expect === 'string' ? [q.expect] : q.expect;
  return page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(async (url) => {
          const html = await (await fetch(url)).text();
          const h1 = new DOMParser().parseFromString(html, 'text/html').querySelector('h1');
          return h1?.textContent?.trim() ?? url;
        }),
      ),
    paths,
  );
}

/** The page titles of the first `n` suggestions, or of the first `n` results on /search. */
async function topTitles(rows: Locator, n: number): Promise<string[]> {
  const texts = await rows.allTextContents();
  return texts.slice(0, n).map((text) => text.split(' › ')[0] ?? '');
}

/** Opens /search?q= and waits for its answer (the count, or "no results"). */
async function openResults(page: Page, query: string): Promise<void> {
  await openHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  await page.getByRole('status').waitFor();
}

/** The title lines (page › section) of the open dropdown's suggestions. */
const suggestionTitles = (page: Page) => suggestions(page).locator('[class*="hitTitle"]');
/** The title links (page › section) of the results on /search. */
const resultTitles = (page: Page) => page.locator('main article h2 a');

for (const query of ['iscsia', 'targetc', 'mcp-pub']) {
  test(`half a word (${query}) finds its post in the box and on the results page`, async ({
    page,
  }) => {
    const q = benchQuery(HALF_TYPED_QUERIES, query);
    await openHydrated(page, '/');
    const titles = await expectedTitles(page, q);
    await search(page, searchBox(page), query);
    expect(await topTitles(suggestionTitles(page), 3)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^(${titles.map(escape).join('|')})$`)),
      ]),
    );
    // The typed part is what is marked in the longer word.
    await expect(suggestions(page).locator('mark').first()).toHaveText(
      new RegExp(`^${escape(query)}$`, 'i'),
    );

    await openResults(page, query);
    await expect(page.getByRole('status')).toHaveText(/^共找到 \d+ 篇文档$/);
    expect(await topTitles(resultTitles(page), 3)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^(${titles.map(escape).join('|')})$`)),
      ]),
    );
  });
}

for (const query of ['targtcli', 'iscsiamd', 'relyd']) {
  test(`a word with one typo (${query}) still finds its post`, async ({page}) => {
    const q = benchQuery(MISSPELT_QUERIES, query);
    await openHydrated(page, '/');
    const titles = await expectedTitles(page, q);
    await search(page, searchBox(page), query);
    const wanted = new RegExp(`^(${titles.map(escape).join('|')})$`);
    expect(await topTitles(suggestionTitles(page), 3)).toEqual(
      expect.arrayContaining([expect.stringMatching(wanted)]),
    );
    // What is marked is the word it was read as: one edit from what was typed.
    const marked = (await suggestions(page).locator('mark').first().textContent()) ?? '';
    expect(marked.toLowerCase()).not.toBe(query);
    expect(Math.abs(marked.length - query.length)).toBeLessThanOrEqual(1);

    await openResults(page, query);
    await expect(page.getByRole('status')).toContainText(marked.toLowerCase());
    expect(await topTitles(resultTitles(page), 3)).toEqual(
      expect.arrayContaining([expect.stringMatching(wanted)]),
    );
  });
}

test('a failed index load says so in the box, offers a retry, and the next keystroke retries too', async ({
  page,
}) => {
  await page.route(INDEX, (route) => route.abort('internetdisconnected'));
  await openHydrated(page, '/');
  const box = searchBox(page);
  const container = page.locator('nav.navbar[aria-label="主导航"] .navbar__search').last();
  await box.fill('iscsiadm');
  const alert = container.getByRole('alert');
  await expect(alert).toHaveText(/搜索暂时无法加载/);
  await expect(box).toHaveAccessibleDescription(/搜索暂时无法加载/);
  await expect(container.getByText('没有找到任何文档')).toHaveCount(0);
  await expect(page.locator('.navbar [role="listbox"]')).toHaveCount(0);

  // The retry button, once the network is back.
  await page.unroute(INDEX);
  await container.getByRole('button', {name: '重试'}).click();
  await expect(alert).toHaveCount(0);
  await expect(suggestions(page).first()).toContainText('iscsiadm');
  await expect(box).toBeFocused();

  // The hit data fails for the next query; the next keystroke, with the network back, recovers.
  await page.route(HIT_DATA, (route) => route.abort('internetdisconnected'));
  await box.fill('targetc');
  await expect(alert).toHaveText(/搜索暂时无法加载/);
  await page.unroute(HIT_DATA);
  await box.press('l');
  await page.waitForFunction(
    () =>
      document.querySelector('.navbar [role="listbox"]')?.getAttribute('data-query') === 'targetcl',
  );
  await expect(alert).toHaveCount(0);
  await expect(suggestions(page).first()).toContainText('targetcli');
});

test('a failed load on the results page says so, and the retry button or the next keystroke recovers', async ({
  page,
}) => {
  await page.route(INDEX, (route) => route.abort('internetdisconnected'));
  await openHydrated(page, '/search?q=iscsiadm');
  const alert = page.locator('main').getByRole('alert');
  await expect(alert).toHaveText(/搜索暂时无法加载/);
  await expect(page.getByText('没有找到任何文档')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveCount(0);

  await page.unroute(INDEX);
  await page.locator('main').getByRole('button', {name: '重试'}).click();
  await expect(page.getByRole('status')).toHaveText(/^共找到 \d+ 篇文档$/);
  await expect(alert).toHaveCount(0);
  await expect(resultTitles(page).first()).toContainText('iscsiadm');

  // A new query whose files fail; typing on, with the network back, answers it.
  await page.route(INDEX, (route) => route.abort('internetdisconnected'));
  const field = page.getByRole('searchbox', {name: '搜索关键词'});
  await field.fill('targetc');
  await expect(alert).toHaveText(/搜索暂时无法加载/);
  await page.unroute(INDEX);
  await field.press('l');
  await expect(page.getByRole('status')).toHaveText(/^共找到 \d+ 篇文档$/);
  await expect(resultTitles(page).first()).toContainText('targetcli');
});

/** Whether a post's text has `word` outside its 参考资料 section, and inside it. */
async function whereInPost(page: Page, word: string): Promise<{prose: boolean; list: boolean}> {
  return page.evaluate((w) => {
    const root = document.querySelector('article .markdown');
    if (!root) throw new Error('no post body');
    let inList = false;
    const found = {prose: false, list: false};
    for (const node of Array.from(root.children)) {
      // The heading's text, without its "#" link.
      if (/^H[23]$/.test(node.tagName))
        inList = node.firstChild?.textContent?.trim() === '参考资料';
      else if (node.textContent?.toLowerCase().includes(w.toLowerCase())) {
        found[inList ? 'list' : 'prose'] = true;
      }
    }
    return found;
  }, word);
}

test("a word that only appears in a post's 参考资料 still finds the post", async ({page}) => {
  const word = 'ToolAnnotations';
  await openHydrated(page, '/');
  await search(page, searchBox(page), word);
  const first = suggestions(page).first();
  await expect(first.locator('[class*="hitTitle"]')).toHaveText(/ › 参考资料$/);
  await first.click();
  await expect(page).toHaveURL(/\/blog\/.+#/);
  await page.locator('article h1').waitFor();
  expect(await whereInPost(page, word)).toEqual({prose: false, list: true});
});

test('a passage in a post ranks above a 参考资料 list that names the same word', async ({page}) => {
  for (const word of ['handshake', 'rtslib-fb']) {
    await openResults(page, word);
    const titles = await resultTitles(page).allTextContents();
    const isList = titles.map((title) => title.endsWith(' › 参考资料'));
    // Both kinds are there, and every passage comes before every list.
    expect(isList, word).toContain(true);
    expect(isList, word).toContain(false);
    expect(isList.indexOf(true), word).toBeGreaterThan(isList.lastIndexOf(false));
  }
});
