import {defineConfig, devices} from '@playwright/test';
import {CHROME_FLAGS, CHROMIUM} from './scripts/lib/serve';

/**
 * Tests run against the production build, served on loopback only. The ports
 * can be moved (E2E_PORT, E2E_NGINX_PORT) to run two checkouts side by side.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The same build behind the production nginx config (deploy/nginx.conf). */
const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 4174);
const NGINX_URL = `http://127.0.0.1:${NGINX_PORT}`;

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
      // Debian's Chromium: browser downloads are not possible here.
      executablePath: CHROMIUM,
      args: CHROME_FLAGS,
    },
  },
  projects: [
    {name: 'chromium', testDir: './tests/e2e', use: {...devices['Desktop Chrome']}},
    {
      name: 'nginx',
      testDir: './tests/deploy',
      use: {...devices['Desktop Chrome'], baseURL: NGINX_URL},
    },
  ],
  webServer: [
    {
      command: `npx docusaurus serve --host 127.0.0.1 --port ${PORT} --no-open`,
      url: BASE_URL,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx scripts/nginx-serve.ts ${NGINX_PORT}`,
      url: NGINX_URL,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
