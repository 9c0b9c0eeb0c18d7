/** The three sites the bench compares and the route it measures for each kind of page. */
import {join} from 'node:path';
import type {Site} from './types';
import {ROOT, TMP} from './util';

export const OURS: Site = {
  name: 'ours',
  dir: ROOT,
  buildDir: join(ROOT, 'build'),
  securityHeaders: true,
  routes: {
    home: '/',
    'blog list': '/blog',
    post: '/blog/2025/09/15/publish-server',
    archive: '/blog/archive',
    author: '/blog/authors/linshen',
    doc: '/docs/tutorial-basics/markdown-features',
    category: '/docs/category/tutorial---basics',
    'markdown page': '/markdown-page',
    '404': '/no-such-page',
  },
};

export const STOCK: Site = {
  name: 'stock',
  dir: join(TMP, 'stock'),
  buildDir: join(TMP, 'stock/build'),
  securityHeaders: false,
  routes: {
    home: '/',
    'blog list': '/blog',
    post: '/blog/long-blog-post',
    archive: '/blog/archive',
    author: '/blog/authors/yangshun',
    doc: '/docs/tutorial-basics/markdown-features',
    category: '/docs/category/tutorial---basics',
    'markdown page': '/markdown-page',
    '404': '/no-such-page',
  },
};

/**
 * Our build with every script removed (see limit.ts): what our HTML and CSS
 * cost alone. Served like ours, CSP included; with no scripts it changes nothing.
 */
export const LIMIT: Site = {...OURS, name: 'limit', buildDir: join(TMP, 'limit')};

/**
 * Each server its own port, clear of the ports of playwright.config.ts,
 * tests/docs and check:upgrade (tests/content/readme.test.ts checks it).
 * `trace` and `article` serve one build per column, on that port and the
 * ones after it; they move with TRACE_PORT and ARTICLE_PORT, `search` with
 * `bench:search -- --port=`.
 */
export const PORTS = {
  ours: 4301,
  stock: 4302,
  limit: 4303,
  scale: 4304,
  longtasks: 4305,
  before: 4306,
  search: 4307,
  trace: 4331,
  article: 4341,
} as const;
