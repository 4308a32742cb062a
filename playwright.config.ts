import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;
/** The journeys' first admin, created by the test server with `npm run admin:create`. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com.au', password: 'e2e admin password 2026' };
export const E2E_MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3198}/messages`;

/**
 * Browser journeys against the built product (`npm run build`), in Debian's Chromium: never a
 * browser downloaded by Playwright. The product runs on its own data folder and port.
 */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node test/e2e/support/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the product stop its embedded PostgreSQL; Playwright's default would kill it outright.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), PUBLIC_BASE_URL: baseURL, E2E_ADMIN_EMAIL: E2E_ADMIN.email, E2E_ADMIN_PASSWORD: E2E_ADMIN.password },
  },
});
