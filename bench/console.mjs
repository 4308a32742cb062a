// `npm run bench:console` (issue 7, part 1 "Public pages"): the staff console's first screen, and the
// code splitting of the public site, in Debian's Chromium driven by playwright-core.
//   - A signed-in admin opens /admin/dashboard in a new page of the same browser context (the refresh
//     cookie restores the session): time from navigation start until the Referrals table (or its
//     'No referrals found' text) is visible and the Status filter is clickable. Median of 3 ≤ 2 s.
//   - Loading `/` downloads no staff-console asset and neither the plumber dashboard's nor the
//     referral form's chunk; the JavaScript bytes `/` downloads are reported.
import { chromium } from 'playwright-core';
import { adminSession, BENCH_ADMIN, createReport, ensureBuilt, median, startProduct } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const CHROME_PATH = CHROMIUM_PATH;
const ARGS = CHROMIUM_ARGS;
const RUNS = Number(process.env.CONSOLE_RUNS ?? 3);
const PORT = 3311;
const KB = 1000;

ensureBuilt();
const report = createReport('console');
const inUse = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
  () => true,
  () => false,
);
if (inUse) throw new Error(`port ${PORT} is already in use: stop that server first`);
const product = await startProduct({ name: 'console', port: PORT, env: { DEMO_DATA: 'true' } });
let browser;
const extra = {};
try {
  await adminSession(product); // creates (or resets) the benchmarks' admin
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: ARGS });

  // 1. The console's first screen, signed in.
  const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 900 } });
  const login = await context.newPage();
  await login.goto('/admin/login');
  await login.getByLabel('Email').fill(BENCH_ADMIN.email);
  await login.getByLabel('Password').fill(BENCH_ADMIN.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await login.waitForURL(/\/admin\/dashboard$/);
  await login.close();

  const timings = { cold: [], warm: [] };
  for (let run = 0; run < RUNS * 2; run += 1) {
    // Alternately with an empty HTTP cache (as after a release) and with the cache of the last load.
    const cache = run % 2 === 0 ? 'cold' : 'warm';
    const page = await context.newPage();
    if (cache === 'cold') await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.goto('/admin/dashboard', { waitUntil: 'commit' });
    const table = page.getByRole('table', { name: 'Referrals' }).or(page.getByText('No referrals found'));
    await table.first().waitFor({ state: 'visible', timeout: 30_000 });
    // Clickable: visible, stable, enabled and not covered (Playwright's actionability checks).
    await page.getByRole('combobox', { name: 'Status' }).click({ trial: true, timeout: 30_000 });
    // performance.now() counts from the navigation's start in the page itself.
    const ms = await page.evaluate(() => performance.now());
    if (!page.url().endsWith('/admin/dashboard')) throw new Error(`the dashboard did not stay signed in: ${page.url()}`);
    timings[cache].push(ms);
    console.log(`  dashboard run ${Math.floor(run / 2) + 1} (${cache} cache): interactive after ${Math.round(ms)} ms`);
    await page.close();
  }
  await context.close();
  report.check('console: /admin/dashboard interactive, signed in, empty cache (median)', Math.round(median(timings.cold)), 'ms', '<=', 2000);
  report.check('console: /admin/dashboard interactive, signed in, cached (median)', Math.round(median(timings.warm)), 'ms', '<=', 2000);
  extra.dashboardMs = timings;

  // 2. Code splitting: what `/` downloads.
  const visitor = await browser.newContext({ baseURL: product.url, viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await visitor.newPage();
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto('/', { waitUntil: 'load' });
  // The page's code loads after the first paint: wait until it is interactive and the network is quiet.
  await page.waitForFunction(() => document.querySelector('form.booking-form')?.noValidate === true, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const paths = requests.map((request) => new URL(request.url()).pathname);
  const adminAssets = paths.filter((path) => path.startsWith('/admin'));
  const plumberChunks = paths.filter((path) => /\/assets\/(PlumberDashboardPage|ReferralForm)[-.]/.test(path));
  const scripts = requests.filter((request) => request.resourceType() === 'script');
  let scriptBytes = 0;
  for (const request of scripts) scriptBytes += (await request.sizes()).responseBodySize;
  await visitor.close();
  report.check('/: staff-console assets downloaded', adminAssets.length, '', '<=', 0);
  report.check('/: PlumberDashboardPage or ReferralForm chunks downloaded', plumberChunks.length, '', '<=', 0);
  report.check('/: JavaScript downloaded (bytes on the wire, compressed)', Math.round((scriptBytes / KB) * 10) / 10, 'KB');
  report.note(`/ downloads ${scripts.length} script(s): ${scripts.map((request) => new URL(request.url()).pathname).join(', ')}`);
  for (const path of [...adminAssets, ...plumberChunks]) report.note(`/ downloaded ${path}`);
  extra.homeScripts = scripts.map((request) => request.url());
} finally {
  await browser?.close();
  await product.stop();
}
report.finish(extra);
