import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  chunkNamesModule,
  entryModule,
  isRouteData,
  lazyIndexModule,
  parseRegistry,
  planLazyRoutes,
  registryModule,
  routesModule,
  type RoutesChunkNames,
} from '../../src/plugins/lazy-routes/plan';
import {parseRoutes} from '../../src/lib/generated-routes';
import {pageJsonLd} from '../../src/plugins/lazy-routes/jsonLd';

/** The shape of 3.7.0's routes.js: a post, the blog list, the docs tree, home and catch-all. */
const ROUTES_JS = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/blog',
    component: ComponentCreator('/blog', '483'),
    exact: true
  },
  {
    path: '/blog/2025/09/15/publish-server',
    component: ComponentCreator('/blog/2025/09/15/publish-server', '0e7'),
    exact: true
  },
  {
    path: '/docs/exact-under-docs',
    component: ComponentCreator('/docs/exact-under-docs', '9a9'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', '733'),
    routes: [
      {
        path: '/docs/intro',
        component: ComponentCreator('/docs/intro', '61d'),
        exact: true,
        sidebar: "tutorialSidebar"
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

const REGISTRY_JS = `export default {
  "a6aa9e1f": [() => import(/* webpackChunkName: "a6aa9e1f" */ "@theme/BlogListPage"), "@theme/BlogListPage", require.resolveWeak("@theme/BlogListPage")],
  "ccc49370": [() => import(/* webpackChunkName: "ccc49370" */ "@theme/BlogPostPage"), "@theme/BlogPostPage", require.resolveWeak("@theme/BlogPostPage")],
  "814f3328": [() => import(/* webpackChunkName: "814f3328" */ "~blog/default/blog-post-list-prop-default.json"), "~blog/default/blog-post-list-prop-default.json", require.resolveWeak("~blog/default/blog-post-list-prop-default.json")],
  "dc548f65": [() => import(/* webpackChunkName: "dc548f65" */ "@site/blog/2025-09-15-publish-server.md"), "@site/blog/2025-09-15-publish-server.md", require.resolveWeak("@site/blog/2025-09-15-publish-server.md")],
  "29c5846e": [() => import(/* webpackChunkName: "29c5846e" */ "@site/blog/2025-09-15-publish-server.md?truncated=true"), "@site/blog/2025-09-15-publish-server.md?truncated=true", require.resolveWeak("@site/blog/2025-09-15-publish-server.md?truncated=true")],
  "c15d9823": [() => import(/* webpackChunkName: "c15d9823" */ "@generated/docusaurus-plugin-content-blog/default/p/blog-bd9.json"), "@generated/docusaurus-plugin-content-blog/default/p/blog-bd9.json", require.resolveWeak("@generated/docusaurus-plugin-content-blog/default/p/blog-bd9.json")],
  "0e384e19": [() => import(/* webpackChunkName: "0e384e19" */ "@site/docs/intro.md"), "@site/docs/intro.md", require.resolveWeak("@site/docs/intro.md")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "1df93b7f": [() => import(/* webpackChunkName: "1df93b7f" */ "@site/src/pages/index.tsx"), "@site/src/pages/index.tsx", require.resolveWeak("@site/src/pages/index.tsx")],};
`;

const CHUNK_NAMES: RoutesChunkNames = {
  '/blog-483': {
    __comp: 'a6aa9e1f',
    sidebar: '814f3328',
    items: [{content: '29c5846e'}],
    __props: 'c15d9823',
  },
  '/blog/2025/09/15/publish-server-0e7': {
    __comp: 'ccc49370',
    sidebar: '814f3328',
    content: 'dc548f65',
  },
  '/docs/exact-under-docs-9a9': {__comp: '17896441'},
  '/docs-733': {__comp: '17896441'},
  '/docs/intro-61d': {__comp: '17896441', content: '0e384e19'},
  '/-e5f': {__comp: '1df93b7f'},
};

const routes = parseRoutes(ROUTES_JS);
const registry = parseRegistry(REGISTRY_JS);
const plan = planLazyRoutes(routes, CHUNK_NAMES, registry, '/');

test('registry.js is read as key → module, including its last line', () => {
  assert.equal(registry.size, 9);
  assert.equal(registry.get('dc548f65'), '@site/blog/2025-09-15-publish-server.md');
  assert.equal(registry.get('1df93b7f'), '@site/src/pages/index.tsx');
  assert.throws(() => parseRegistry('export default {"x": [() => import("y")]};'), /does not read/);
});

test('route data is the Markdown a route renders and its own props; components are not', () => {
  assert.ok(isRouteData('@site/blog/2025-09-15-publish-server.md'));
  assert.ok(isRouteData('@site/blog/2025-09-15-publish-server.md?truncated=true'));
  assert.ok(isRouteData('@site/src/pages/markdown-page.mdx'));
  assert.ok(isRouteData('@generated/docusaurus-plugin-content-blog/default/p/blog-bd9.json'));
  assert.ok(!isRouteData('@theme/BlogPostPage'));
  assert.ok(!isRouteData('~blog/default/blog-post-list-prop-default.json'));
  assert.ok(!isRouteData('@generated/docusaurus-plugin-content-blog/default/__plugin.json'));
});

test('top-level page routes become lazy; home, the docs tree and the catch-all stay', () => {
  assert.deepEqual(
    plan.lazy.map((route) => route.path),
    ['/blog', '/blog/2025/09/15/publish-server'],
  );
  assert.deepEqual(
    plan.shell.map((route) => route.path),
    ['/docs/exact-under-docs', '/docs', '/', '*'],
  );
});

test('a route that a staying route would also match stays, so matching order is kept', () => {
  // /docs (not exact) matches /docs/exact-under-docs: moving it after /docs would change
  // which route renders it.
  assert.ok(plan.shell.some((route) => route.path === '/docs/exact-under-docs'));
});

test("a lazy route carries its own data; shared components and data stay in main's registry", () => {
  const post = plan.lazy.find((route) => route.path === '/blog/2025/09/15/publish-server');
  assert.deepEqual(post?.ownKeys, ['dc548f65']);
  assert.deepEqual(post?.sharedKeys, ['ccc49370', '814f3328']);
  const list = plan.lazy.find((route) => route.path === '/blog');
  assert.deepEqual(list?.ownKeys, ['29c5846e', 'c15d9823']);
  assert.deepEqual(
    [...plan.registryKeys].sort(),
    ['0e384e19', '17896441', '1df93b7f', '814f3328', 'a6aa9e1f', 'ccc49370'].sort(),
  );
});

test('each lazy route gets its own entry name', () => {
  const names = plan.lazy.map((route) => route.entry);
  assert.equal(new Set(names).size, names.length);
  for (const name of names) assert.match(name, /^route-[0-9a-f]{10}$/);
});

test("the browser's route table lists no lazy route and hangs the catch-all on LazyRoute", () => {
  const source = routesModule(plan.shell);
  assert.doesNotMatch(source, /publish-server/);
  assert.match(
    source,
    /import LazyRoute from '@site\/src\/plugins\/lazy-routes\/client\/LazyRoute'/,
  );
  const evaluated = new Function(
    'ComponentCreator',
    'LazyRoute',
    source.replace(/^import .*$/gm, '').replace('export default', 'return'),
  )((path: string, hash?: string) => `${path}-${hash ?? ''}`, 'LazyRoute') as {
    path: string;
    component: string;
    sidebar?: string;
    routes?: {sidebar?: string}[];
  }[];
  assert.deepEqual(
    evaluated.map((route) => [route.path, route.component]),
    [
      ['/docs/exact-under-docs', '/docs/exact-under-docs-9a9'],
      ['/docs', '/docs-733'],
      ['/', '/-e5f'],
      ['*', 'LazyRoute'],
    ],
  );
  assert.equal(evaluated[1]?.routes?.[0]?.sidebar, 'tutorialSidebar');
  assert.throws(() => routesModule(plan.shell.filter((route) => route.path !== '*')), /catch-all/);
});

test("the browser's registry and chunk names keep only what the staying routes and shared keys need", () => {
  const source = registryModule(registry, plan.registryKeys);
  assert.equal(parseRegistry(source).size, plan.registryKeys.size);
  assert.doesNotMatch(source, /publish-server/);
  const names = JSON.parse(chunkNamesModule(CHUNK_NAMES, plan.shell)) as RoutesChunkNames;
  assert.deepEqual(Object.keys(names).sort(), [
    '/-e5f',
    '/docs-733',
    '/docs/exact-under-docs-9a9',
    '/docs/intro-61d',
  ]);
});

test("a lazy route's module imports only its own modules and exports its registration", () => {
  const post = plan.lazy.find((route) => route.path === '/blog/2025/09/15/publish-server');
  assert.ok(post);
  const source = entryModule(post, CHUNK_NAMES, registry);
  assert.deepEqual(
    [...source.matchAll(/^import .* from (".*");$/gm)].map((m) => JSON.parse(m[1] ?? '""')),
    ['@site/blog/2025-09-15-publish-server.md'],
  );
  assert.match(source, /path: "\/blog\/2025\/09\/15\/publish-server",/);
  assert.match(source, /key: "\/blog\/2025\/09\/15\/publish-server-0e7",/);
  assert.match(
    source,
    /chunkNames: \{"__comp":"ccc49370","sidebar":"814f3328","content":"dc548f65"\},/,
  );
  assert.match(source, /"dc548f65": \[\(\) => Promise\.resolve\(m0\)/);
  assert.doesNotMatch(source, /BlogPostPage/);
});

test('the lazy routes hang off one entry: an import() per route, named for the route', () => {
  const files = plan.lazy.map((route) => `/gen/entries/${route.entry}.js`);
  const source = lazyIndexModule(plan.lazy, files, '/core/lib/client/clientEntry.js');
  const imports = [
    ...source.matchAll(/import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\)/g),
  ];
  assert.deepEqual(
    imports.map((m) => [m[1], m[2]]),
    plan.lazy.map((route, i) => [route.entry, files[i]]),
  );
  // main.js's entry, so no route chunk carries its own copy of what main.js has.
  assert.match(source, /^import "\/core\/lib\/client\/clientEntry\.js";$/m);
});

/** Posts' and docs' Markdown are article-once candidates, and so are their previews (`?truncated=true`). */
const isArticle = (modulePath: string) => /^@site\/(blog|docs)\/[^?]+\.md(\?.*)?$/.test(modulePath);

test('pages with an article file: a lazy post or list says so in its manifest; a doc’s registry loader fetches it beside its module', () => {
  const withArticles = planLazyRoutes(routes, CHUNK_NAMES, registry, '/', isArticle);
  assert.deepEqual(
    withArticles.lazy.map((route) => [route.path, route.article]),
    [
      ['/blog', true],
      ['/blog/2025/09/15/publish-server', true],
    ],
  );
  assert.deepEqual([...withArticles.articleKeys], [['0e384e19', '/docs/intro']]);
  const source = registryModule(registry, withArticles.registryKeys, withArticles.articleKeys);
  assert.match(
    source,
    /^import \{withArticle\} from '@site\/src\/plugins\/lazy-routes\/client\/lazyRoutes';$/m,
  );
  assert.match(
    source,
    /"0e384e19": \[withArticle\("\/docs\/intro", \(\) => import\(\/\* webpackChunkName: "0e384e19" \*\/ "@site\/docs\/intro\.md"\)\), "@site\/docs\/intro\.md", require\.resolveWeak\("@site\/docs\/intro\.md"\)\],/,
  );
  // The other entries load as Docusaurus writes them.
  assert.match(source, /"17896441": \[\(\) => import\(/);
});

test('a list that stays in main.js (the home page of a blog-only site) has its previews’ loaders fetch its article file', () => {
  const names: RoutesChunkNames = {
    ...CHUNK_NAMES,
    '/-e5f': {__comp: 'a6aa9e1f', items: [{content: '29c5846e'}]},
  };
  const withList = planLazyRoutes(routes, names, registry, '/', isArticle);
  assert.deepEqual([...withList.articleKeys].sort(), [
    ['0e384e19', '/docs/intro'],
    ['29c5846e', '/'],
  ]);
  // The lazy /blog shares that preview with the home page: it loads through main's registry.
  const blog = withList.lazy.find((route) => route.path === '/blog');
  assert.ok(blog?.sharedKeys.includes('29c5846e'));
  assert.equal(blog?.ownKeys.includes('29c5846e'), false);
});

test('a page’s JSON-LD is the text of its first ld+json script, as the page has it', () => {
  const json = '{"@type":"BlogPosting","headline":"a &amp; b"}';
  assert.equal(
    pageJsonLd(
      `<head><script data-rh=true type=application/ld+json>${json}</script><script type=application/ld+json>{"second":1}</script></head>`,
    ),
    json,
  );
  assert.equal(pageJsonLd('<head><script>var x = 1;</script></head>'), undefined);
});
