// `npm run screenshots` (issue 14): full-page screenshots of every public page at a phone's width
// (375 px) and a laptop's (1,366 px), to look at the site as visitors see it. Starts the built
// product on its own data folder with the demo data (or uses BASE_URL, a product already running),
// drives the system Chromium, and writes the PNGs outside the repository:
//   SCREENSHOTS_DIR (default /tmp/relining-screenshots)/<width>/<page>.png
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { adminSession, ensureBuilt, startProduct } from '../bench/lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const OUT = path.resolve(process.env.SCREENSHOTS_DIR ?? '/tmp/relining-screenshots');
const WIDTHS = [375, 1366];
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3320);

/** Every public page: the marketing pages, the plumber pages, the thank-you page, a job's status page and the 404 page. */
const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['why-no-dig', '/why-no-dig'],
  ['corporate', '/corporate'],
  ['rapidresin', '/rapidresin'],
  ['plumber-referral', '/plumber-referral'],
  ['plumbers', '/plumbers'],
  ['plumber-portal', '/plumber-portal'],
  ['plumber-onboarding', '/plumber-onboarding'],
  ['plumber-dashboard', '/plumber-dashboard'],
  ['plumber-new-referral', '/plumber-dashboard/new-referral'],
  ['privacy', '/privacy'],
  ['terms', '/terms'],
  ['local-melbourne', '/pipe-relining/melbourne'],
  ['local-gold-coast', '/pipe-relining/gold-coast'],
  ['thank-you', '/thank-you'],
  ['job-status', '/job-status/:code'],
  ['job-status-invalid', '/job-status/invalid'],
  ['not-found', '/this-page-does-not-exist'],
];

/** A demo job's tracking code, for its status page (the product started here has the demo data). */
async function demoTrackingCode(product) {
  const { auth } = await adminSession(product);
  const response = await fetch(`${product.url}/api/admin/jobs?range=${encodeURIComponent('[0,9]')}`, { headers: auth });
  const jobs = response.ok ? await response.json() : [];
  return jobs.find((job) => job.trackingCode)?.trackingCode;
}

let product;
let baseUrl = process.env.BASE_URL?.replace(/\/$/, '');
let code = process.env.JOB_CODE;
if (!baseUrl) {
  ensureBuilt();
  console.log(`starting the product on port ${PORT} (demo data)...`);
  product = await startProduct({ name: 'screenshots', port: PORT, env: { DEMO_DATA: 'true' } });
  baseUrl = product.url;
  code ??= await demoTrackingCode(product);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const width of WIDTHS) {
    const dir = path.join(OUT, String(width));
    mkdirSync(dir, { recursive: true });
    const phone = width < 768;
    const context = await browser.newContext({
      viewport: { width, height: phone ? 812 : 768 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
    });
    const page = await context.newPage();
    for (const [name, route] of PAGES) {
      // Without a demo job (a product given by BASE_URL), the page as it shows an unknown code.
      const target = route.replace(':code', code ?? 'no-such-job');
      await page.goto(`${baseUrl}${target}`, { waitUntil: 'networkidle' });
      // Fonts in, and the page hydrated (its loading states gone), before the picture is taken.
      await page.evaluate(() => globalThis.document.fonts.ready);
      await page
        .getByText(/Loading/)
        .first()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => undefined);
      // A full-page picture shows what a visitor sees while scrolling: every lazy image loaded, and the
      // sections the page skips rendering while off screen (content-visibility) drawn.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      await page.evaluate(() =>
        Promise.all(
          [...globalThis.document.images].map((image) => {
            image.loading = 'eager';
            return image.decode().catch(() => undefined);
          }),
        ),
      );
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product?.stop();
}
console.log(`${PAGES.length * WIDTHS.length} screenshots (${WIDTHS.join(' and ')} px wide) in ${OUT}`);
