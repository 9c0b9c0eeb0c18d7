/**
 * Site search in the navbar (src/plugins/shard-search): Chinese and code
 * queries, keyboard use, an index fetched in part and only on demand, hostile
 * input, nothing off-site.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
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
  const box = searchBox(page);
  await search(page, box, '游标分页');
  await expect(suggestions(page).first()).toContainText('游标分页');
  await suggestions(page).first().click();
  await expect(page).toHaveURL(/\/blog\/2025\/09\/15\/official-registry-api(#.*)?$/);
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
