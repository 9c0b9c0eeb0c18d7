/**
 * Byte budgets (never time): each route type's first-load JS and CSS, gzip, as
 * the browser fetches them until the page has hydrated, against
 * tests/budgets.json. Raise a budget only on purpose, with the reason in the
 * commit message.
 */
import {expect, test} from '@playwright/test';
import {measurePageWeight} from '../../scripts/lib/page-weight';
import budgets from '../budgets.json';

/**
 * What no page may load before the reader interacts: search runs on demand.
 * The search results page is the exception: the index is what it shows.
 */
const ON_DEMAND_ONLY = [/\/search-index\//, /worker/i, /lunr/i, /\/pagefind\//];
const SEARCH_PAGE = '/search';

for (const [type, budget] of Object.entries(budgets.routes)) {
  test(`${type} (${budget.path}) stays within its first-load byte budget`, async ({page}) => {
    const weight = await measurePageWeight(page, budget.path);
    const measured = {jsGzip: weight.js.gzip, cssGzip: weight.css.gzip};
    test.info().annotations.push({type: 'bytes', description: JSON.stringify(measured)});

    expect(measured.jsGzip, `first-load JS (gzip) of ${type}`).toBeLessThanOrEqual(budget.jsGzip);
    expect(measured.cssGzip, `first-load CSS (gzip) of ${type}`).toBeLessThanOrEqual(
      budget.cssGzip,
    );
    if (budget.path !== SEARCH_PAGE) {
      const early = weight.urls.filter((url) =>
        ON_DEMAND_ONLY.some((pattern) => pattern.test(url)),
      );
      expect(early, 'search files fetched before any interaction').toEqual([]);
    }
  });
}
