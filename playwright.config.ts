import {join} from 'node:path';
import {defineConfig, devices} from '@playwright/test';
import {browserPath} from './scripts/lib/browser';
import {CHROME_FLAGS} from './scripts/lib/serve';
import {testCertificatePaths} from './scripts/lib/test-certificate';

/**
 * Tests run against the production build, served on loopback only. The ports
 * can be moved (E2E_PORT, E2E_NGINX_PORT, E2E_NGINX_TLS_PORT, E2E_CADDY_PORT,
 * E2E_CADDY_TLS_PORT, E2E_GROWN_PORT, E2E_SWITCHED_OFF_PORT) to run two checkouts side by side.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The same build behind the production nginx config (deploy/nginx.conf): plain
 * HTTP on E2E_NGINX_PORT (with the config's redirect to HTTPS for the site's
 * name), its HTTPS server on E2E_NGINX_TLS_PORT.
 */
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 4174);
const NGINX_URL = `http://127.0.0.1:${NGINX_PORT}`;
const NGINX_TLS_PORT = Number(process.env.E2E_NGINX_TLS_PORT ?? 4176);
/** And behind the production Caddy config (deploy/Caddyfile), the same way. */
const CADDY_PORT = Number(process.env.E2E_CADDY_PORT ?? 4177);
const CADDY_URL = `http://127.0.0.1:${CADDY_PORT}`;
const CADDY_TLS_PORT = Number(process.env.E2E_CADDY_TLS_PORT ?? 4178);
/** A copy of the site with posts added (scripts/grown-site.ts), built and served. */
const GROWN_PORT = Number(process.env.E2E_GROWN_PORT ?? 4175);
const GROWN_URL = `http://127.0.0.1:${GROWN_PORT}`;
const GROWN_DIR = process.env.E2E_GROWN_DIR ?? '.grown';
/** E2E_GROWN_REUSE=1 serves a copy built before (a 1,000-post one, say) as it is. */
const GROWN_ARGS = `--dir=${GROWN_DIR} --port=${GROWN_PORT}${process.env.E2E_GROWN_REUSE ? ' --reuse' : ''}`;
/**
 * The site built with everything that can switch off switched off
 * (scripts/switched-off-site.ts), served; E2E_SWITCHED_OFF_REUSE=1 serves the
 * folder as built before (scripts/switch-offs.ts builds one per switch-off).
 */
const SWITCHED_OFF_PORT = Number(process.env.E2E_SWITCHED_OFF_PORT ?? 4179);
const SWITCHED_OFF_URL = `http://127.0.0.1:${SWITCHED_OFF_PORT}`;
const SWITCHED_OFF_ARGS = `--dir=${process.env.E2E_SWITCHED_OFF_DIR ?? '.switched-off/all'} --port=${SWITCHED_OFF_PORT}${process.env.E2E_SWITCHED_OFF_REUSE ? ' --reuse' : ''}`;
/** The tests whose expectations depend on how many posts there are. */
const BLOG_GROWTH_SPECS =
  /(routes|blog|blog-series|site-config|social-cards|llms-txt|diagrams|article-once|list-previews|budgets)\.spec\.ts$/;
/**
 * E2E_PROJECTS=chromium,nginx runs those projects only, and starts only their
 * servers (the grown site takes minutes to build). Unset: every project.
 */
const SELECTED = process.env.E2E_PROJECTS?.split(',').map((name) => name.trim());
const selected = <T extends {name: string}>(items: T[]): T[] =>
  items.filter((item) => !SELECTED || SELECTED.includes(item.name));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      // The machine's Chromium or Chrome (scripts/lib/browser.ts; CHROMIUM_PATH
      // names any other): browsers are never downloaded.
      executablePath: browserPath(),
      args: CHROME_FLAGS,
    },
  },
  projects: selected([
    {name: 'chromium', testDir: './tests/e2e', use: {...devices['Desktop Chrome']}},
    {
      // The deploy tests on the real servers: plain HTTP for the browser, and
      // HTTPS with the certificate the server script made (tests/deploy/https.spec.ts).
      name: 'nginx',
      testDir: './tests/deploy',
      metadata: {
        tlsPort: NGINX_TLS_PORT,
        certificate: testCertificatePaths(join(__dirname, `test-results/nginx-${NGINX_PORT}`)).cert,
      },
      use: {...devices['Desktop Chrome'], baseURL: NGINX_URL},
    },
    {
      name: 'caddy',
      testDir: './tests/deploy',
      metadata: {
        tlsPort: CADDY_TLS_PORT,
        certificate: testCertificatePaths(join(__dirname, `test-results/caddy-${CADDY_PORT}`)).cert,
      },
      use: {...devices['Desktop Chrome'], baseURL: CADDY_URL},
    },
    {
      // The same blog tests on a blog that has grown past today's posts.
      name: 'grown',
      testDir: './tests/e2e',
      testMatch: BLOG_GROWTH_SPECS,
      metadata: {siteDir: GROWN_DIR},
      use: {...devices['Desktop Chrome'], baseURL: GROWN_URL},
    },
    {
      // Every switch-off path at once: the site works as stock Docusaurus would.
      name: 'switched-off',
      testDir: './tests/switch-offs',
      use: {...devices['Desktop Chrome'], baseURL: SWITCHED_OFF_URL},
    },
  ]),
  webServer: selected([
    {
      name: 'chromium',
      command: `npx docusaurus serve --host 127.0.0.1 --port ${PORT} --no-open`,
      url: BASE_URL,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: 'nginx',
      command: `npx tsx scripts/nginx-serve.ts ${NGINX_PORT} --tls=${NGINX_TLS_PORT}`,
      url: NGINX_URL,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      name: 'caddy',
      command: `npx tsx scripts/caddy-serve.ts ${CADDY_PORT} --tls=${CADDY_TLS_PORT}`,
      url: CADDY_URL,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Copies the site, adds posts, builds the copy and serves it: minutes on a busy machine.
      name: 'grown',
      command: `npx tsx scripts/grown-site.ts ${GROWN_ARGS}`,
      url: GROWN_URL,
      reuseExistingServer: false,
      timeout: 600_000,
    },
    {
      // Builds the site into .switched-off/all/ and serves it: a minute or more on a busy machine.
      name: 'switched-off',
      command: `npx tsx scripts/switched-off-site.ts ${SWITCHED_OFF_ARGS}`,
      url: SWITCHED_OFF_URL,
      reuseExistingServer: false,
      timeout: 600_000,
    },
  ]),
});
