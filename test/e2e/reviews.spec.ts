import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { linkIn, waitForMail } from './support/mail.js';

/**
 * Issue 20: a completed job's customer leaves five stars from the link in the e-mail that asks for a
 * review; staff publish it in the console; the home page's review count goes up by one.
 */
test('a customer leaves five stars from the e-mailed link, staff publish it, and the home page counts one review more', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  const stamp = `Rev${Date.now() % 100000}`;
  const email = `review-${stamp.toLowerCase()}@example.com.au`;
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseURL! } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}`, origin: baseURL! };

  // The home page's count before (none published yet states no rating at all).
  const countOnHomePage = async (): Promise<number> => {
    await page.goto('/');
    const claim = page.getByText(/Rated \d\.\d out of 5 from \d+ reviews?/).first();
    if ((await claim.count()) === 0) return 0;
    return Number(/from (\d+) review/.exec((await claim.textContent()) ?? '')?.[1]);
  };
  const before = await countOnHomePage();

  // Staff finish a job: its customer is asked for a review (REVIEW_REQUEST_DELAY_DAYS=0 in journeys).
  const created = await request.post('/api/admin/jobs', {
    headers: auth,
    data: {
      jobNumber: `JOB-${stamp}`,
      customerName: `Robin ${stamp}`,
      customerEmail: email,
      customerPhone: '0412 345 678',
      address: '12 Smith St, Richmond VIC 3121',
    },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: string };
  const completed = await request.put(`/api/admin/jobs/${job.id}/status`, { headers: auth, data: { status: 'completed', notify: false } });
  expect(completed.status()).toBe(200);

  const mail = await waitForMail(request, email, /How did we do/);
  const reviewLink = linkIn(mail, '/review/');
  expect(mail.text).toContain('Unsubscribe');

  // The customer opens the link on their phone and leaves five stars.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(reviewLink);
  await expect(page.getByLabel('First name to show')).toHaveValue('Robin');
  await page.getByLabel('5 stars').check();
  await page.getByLabel('Your review').fill('Found the root intrusion on camera and relined it in a day without digging up the garden.');
  await page.getByLabel('Suburb').fill('Richmond');
  await page.getByLabel('You may publish my review on your website').check();
  await screenshot(page, 'review-form-phone');
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();
  await screenshot(page, 'review-thanks-phone');

  // The link works once.
  await page.goto(reviewLink);
  await expect(page.getByText(/already been used/)).toBeVisible();

  // Nothing is published before staff moderate it.
  expect(await countOnHomePage()).toBe(before);

  // Staff publish it from the console.
  await page.setViewportSize({ width: 1280, height: 900 });
  await adminLogIn(page);
  await page.goto('/admin/reviews');
  const row = page.getByRole('row').filter({ hasText: 'relined it in a day' });
  await expect(row).toBeVisible();
  await row.getByText(/relined it in a day/).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published').first()).toBeVisible();
  await screenshot(page, 'review-published-console');

  // The home page counts it.
  await expect.poll(countOnHomePage, { timeout: 15_000 }).toBe(before + 1);
  await expect(page.getByText('relined it in a day').first()).toBeVisible();
  await screenshot(page, 'home-reviews-laptop');
});

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
