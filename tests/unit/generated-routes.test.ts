import assert from 'node:assert/strict';
import {test} from 'node:test';
import {chunkNamesOf, matchBranch, parseRoutes} from '../../src/lib/generated-routes';

const ROUTES_JS = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/blog',
    component: ComponentCreator('/blog', '483'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'a1b'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'c2d'),
        routes: [
          {
            path: '/docs/intro',
            component: ComponentCreator('/docs/intro', 'e3f'),
            exact: true
          }
        ]
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

test('routes.js is read as data, each route keyed as in routesChunkNames.json', () => {
  const routes = parseRoutes(ROUTES_JS);
  assert.deepEqual(
    routes.map((r) => r.key),
    ['/blog-483', '/docs-a1b', '/-e5f', '*'],
  );
});

test('a pathname matches its branch of nested routes, outermost first, or the catch-all', () => {
  const routes = parseRoutes(ROUTES_JS);
  const keys = (pathname: string) => matchBranch(routes, pathname).map((r) => r.key);
  assert.deepEqual(keys('/docs/intro'), ['/docs-a1b', '/docs-c2d', '/docs/intro-e3f']);
  assert.deepEqual(keys('/blog'), ['/blog-483']);
  assert.deepEqual(keys('/'), ['/-e5f']);
  // An exact route does not match deeper paths.
  assert.deepEqual(keys('/blog/page/9'), ['*']);
});

test('a routes.js this reader does not understand fails loudly', () => {
  assert.throws(() =>
    parseRoutes(`export default [{path: '/x', component: ComponentCreator(x)}];`),
  );
});

test('chunk names are collected from nested entries', () => {
  assert.deepEqual(
    chunkNamesOf({__comp: 'a', __context: {plugin: 'b'}, items: [{content: 'c'}, {content: 'd'}]}),
    ['a', 'b', 'c', 'd'],
  );
});
