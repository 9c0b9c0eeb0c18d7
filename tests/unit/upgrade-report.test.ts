// scripts/lib/upgrade-report.ts: what `npm run check:upgrade` reads from the
// browser tests' JSON report, and which failures an upgrade expects.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import budgets from '../budgets.json';
import {
  budgetOverruns,
  e2eResults,
  expectedFailure,
  summary,
  type E2eFailure,
} from '../../scripts/lib/upgrade-report';

const home = budgets.routes.home;
const post = budgets.routes.post;

/** A Playwright JSON report (the fields the reader uses), one spec per test. */
function report(
  tests: readonly {
    file: string;
    title: string;
    status: string;
    error?: string;
    bytes?: unknown;
  }[],
): string {
  return JSON.stringify({
    suites: [
      {
        title: 'e2e',
        suites: tests.map(({file, title, status, error, bytes}) => ({
          file,
          specs: [
            {
              title,
              tests: [
                {
                  annotations:
                    bytes === undefined
                      ? []
                      : [{type: 'bytes', description: JSON.stringify(bytes)}],
                  results: [{status, ...(error ? {error: {message: error}} : {})}],
                },
              ],
            },
          ],
        })),
      },
    ],
  });
}

const run = e2eResults(
  report([
    {
      file: 'e2e/budgets.spec.ts',
      title: `home (${home.path}) stays within its first-load byte budget`,
      status: 'failed',
      error:
        'Error: first-load JS (gzip) of home\n\nexpect(received).toBeLessThanOrEqual(expected)',
      bytes: {jsGzip: home.jsGzip + 17, cssGzip: home.cssGzip},
    },
    {
      file: 'e2e/budgets.spec.ts',
      title: 'every post page costs the same first-load JavaScript, whatever its length',
      status: 'failed',
      error: 'Error: first-load JS (gzip) of /blog/a',
      bytes: [
        ['/blog/a', post.jsGzip + 5],
        ['/blog/b', post.jsGzip - 100],
      ],
    },
    {
      file: 'e2e/budgets.spec.ts',
      title: `post (${post.path}) stays within its first-load byte budget`,
      status: 'failed',
      error: 'Error: search files fetched before any interaction',
      bytes: {jsGzip: post.jsGzip, cssGzip: post.cssGzip},
    },
    {
      file: 'e2e/site-config.spec.ts',
      title: 'pages declare Docusaurus 3.7.0, zh-Hans, left-to-right, and the production URL',
      status: 'failed',
      error:
        'Error: expect(locator).toHaveAttribute(expected) failed\n\nLocator: locator(\'meta[name="generator"]\')',
    },
    {
      file: 'e2e/smoke.spec.ts',
      title: 'every sitemap URL hydrates',
      status: 'failed',
      error: "Error: /blog\n\nApplying inline style violates … 'style-src-attr …'",
    },
    {file: 'e2e/smoke.spec.ts', title: 'a skipped one', status: 'skipped'},
    {file: 'e2e/chrome.spec.ts', title: 'a passing one', status: 'passed'},
  ]),
);

const byTitle = (start: string): E2eFailure => {
  const found = run.failed.find((failure) => failure.title.startsWith(start));
  assert.ok(found, start);
  return found;
};

test('passed, failed and skipped tests are counted apart', () => {
  assert.equal(run.passed, 1);
  assert.equal(run.failed.length, 5);
  assert.equal(byTitle('every sitemap').spec, 'e2e/smoke.spec.ts');
});

test('only the generator meta and byte budgets that went over are expected failures', () => {
  assert.match(expectedFailure(byTitle('pages declare')) ?? '', /3\.7\.0/);
  assert.match(expectedFailure(byTitle('home')) ?? '', /budgets\.json/);
  assert.match(expectedFailure(byTitle('every post page')) ?? '', /budgets\.json/);
  // A budget test failing for another reason, and any other test, is not expected.
  assert.equal(expectedFailure(byTitle('post (')), undefined);
  assert.equal(expectedFailure(byTitle('every sitemap')), undefined);
});

test('each overrun is listed with its bytes and budget; pages within budget are not', () => {
  assert.deepEqual(budgetOverruns(run.measured, budgets), [
    {what: `home \`${home.path}\`: JS`, measured: home.jsGzip + 17, budget: home.jsGzip},
    {what: 'post `/blog/a`: JS', measured: post.jsGzip + 5, budget: post.jsGzip},
  ]);
});

test('the spread of the posts is a budget too', () => {
  const wide = e2eResults(
    report([
      {
        file: 'e2e/budgets.spec.ts',
        title: 'every post page costs the same first-load JavaScript, whatever its length',
        status: 'failed',
        error: 'Error: the spread of the posts’ first-load JS (gzip)',
        bytes: [
          ['/blog/a', 1000],
          ['/blog/b', 1000 + budgets.posts.spreadGzip + 1],
        ],
      },
    ]),
  );
  assert.deepEqual(budgetOverruns(wide.measured, budgets), [
    {
      what: 'spread of the posts’ JS',
      measured: budgets.posts.spreadGzip + 1,
      budget: budgets.posts.spreadGzip,
    },
  ]);
});

test('list pages are held to the list budget, not taken for posts', () => {
  const lists = e2eResults(
    report([
      {
        file: 'e2e/budgets.spec.ts',
        title:
          'every list page (the blog’s, each author’s, each tag’s, and their pages) stays within the list budget',
        status: 'failed',
        error: 'Error: first-load JS (gzip) of /blog/page/2',
        bytes: [
          ['/blog', budgets.lists.jsGzip, budgets.lists.cssGzip],
          ['/blog/page/2', budgets.lists.jsGzip + 9, budgets.lists.cssGzip],
          ['/blog/authors/a', 1000, budgets.lists.cssGzip + 3],
        ],
      },
    ]),
  );
  assert.deepEqual(budgetOverruns(lists.measured, budgets), [
    {
      what: 'list page `/blog/page/2`: JS',
      measured: budgets.lists.jsGzip + 9,
      budget: budgets.lists.jsGzip,
    },
    {
      what: 'list page `/blog/authors/a`: CSS',
      measured: budgets.lists.cssGzip + 3,
      budget: budgets.lists.cssGzip,
    },
  ]);
});

test('a failure is summed up in one line; a CSP violation by its directive and hash', () => {
  const diff = [
    'Error: /blog',
    '',
    'expect(received).toEqual(expected) // deep equality',
    '',
    '- Array []',
    '+ Array [',
    '+   "style-src-attr inline",',
    "+   \"error: Applying inline style violates the following Content Security Policy directive 'style-src-attr 'unsafe-hashes''. Either the 'unsafe-inline' keyword, a hash ('sha256-biLF='), or a nonce ('nonce-...') is required\",",
    '+ ]',
  ].join('\n');
  assert.equal(
    summary(diff),
    "Error: /blog: CSP style-src-attr blocks an inline source ('sha256-biLF=')",
  );
  assert.equal(
    summary('Test timeout of 30000ms exceeded.\n\nError: locator.click: timeout\nCall log:'),
    'Test timeout of 30000ms exceeded. Error: locator.click: timeout',
  );
});
