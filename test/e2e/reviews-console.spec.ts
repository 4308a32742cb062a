import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { linkIn, waitForMail } from './support/mail.js';

/**
 * Issue 20, the console's Reviews: staff import reviews written elsewhere from a CSV (a second
 * import of the same file skips them), see them waiting for moderation, publish one, reply to it
 * publicly and hide it again, then publish another from the list in bulk. The list and a review's
 * page fit a phone and a laptop.
 */
test('staff import reviews from a CSV, publish one, reply, hide it, and bulk-publish another', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = `Rv${Date.now() % 1_000_000}`;
  const first = { name: `Avery${stamp}`, text: `Relined our sewer in a day ${stamp}, no digging at all.` };
  const second = { name: `Blake${stamp}`, text: `Tidy crew and fair price ${stamp}.` };
  const csv = [
    'rating,text,name,suburb,postcode,date,source',
    `5,"${first.text}",${first.name},Carlton,3053,2026-10-02,`,
    `4,"${second.text}",${second.name},Newtown,2042,2026-10-05,`,
  ].join('\n');
  const file = { name: `reviews-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  await page.setViewportSize({ width: 1280, height: 900 });
  await adminLogIn(page);
  await page.getByRole('menuitem', { name: /^Reviews/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews', exact: true })).toBeVisible();

  // Import the file, naming its source; the same file again imports nothing new.
  for (const expected of ['Imported 2 reviews (0 were already there)', 'Imported 0 reviews (2 were already there)']) {
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import reviews from a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect(dialog).toContainText(file.name);
    await dialog.getByLabel('Source').fill('Google');
    await expect(dialog.getByLabel('Publish them now')).not.toBeChecked();
    if (expected.startsWith('Imported 2')) await screenshot(page, 'reviews-import-dialog');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(expected);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }

  // Both wait for moderation, with their stars, source and suburb.
  await page.goto(`/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', q: stamp }))}`);
  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(rowOf(first.name)).toContainText('Waiting for moderation');
  await expect(rowOf(first.name)).toContainText('Google');
  await expect(rowOf(first.name)).toContainText('Carlton');
  await expect(rowOf(first.name).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(rowOf(second.name)).toContainText('Waiting for moderation');
  await screenshot(page, 'reviews-list-laptop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(first.text)).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
  await screenshot(page, 'reviews-list-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Open the first: publish it, reply publicly, then hide it again.
  await rowOf(first.name).getByText(first.name).click();
  await expect(page).toHaveURL(/\/admin\/reviews\/[^/]+$/);
  const reviewId = page.url().split('/').pop()!;
  await expect(page.getByText(first.text)).toBeVisible();
  await expect(page.getByText("The author did not consent to publication: this review can't be published")).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Review published')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.getByText('Shown on the website.', { exact: true })).toBeVisible();

  const reply = `Thanks ${first.name}, glad we could help!`;
  await page.getByLabel('Public reply').fill(reply);
  await page.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Reply saved')).toBeVisible();
  await screenshot(page, 'review-page-laptop');

  const token = await apiToken(request, baseURL!);
  const saved = await request.get(`/api/admin/reviews/${reviewId}`, { headers: token });
  expect(await saved.json()).toMatchObject({ status: 'published', reply, source: 'Google', consent: true });

  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByText('Kept, never shown.', { exact: true })).toBeVisible();
  await expect(page.getByText('Last published')).toBeVisible();
  const hidden = await request.get(`/api/admin/reviews/${reviewId}`, { headers: token });
  expect(await hidden.json()).toMatchObject({ status: 'hidden', reply });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(first.text)).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
  await screenshot(page, 'review-page-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Back on the list, the second is published in bulk.
  await page.goto(`/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`);
  await expect(rowOf(first.name)).toContainText('Hidden');
  await expect(rowOf(first.name).getByRole('img', { name: 'Replied' })).toBeVisible();
  await rowOf(second.name).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('1 review published')).toBeVisible();
  await expect(rowOf(second.name)).toContainText('Published');
});

/**
 * A customer who says no to publication: staff see their review as a verified job's, with the note
 * that it cannot be published and 'Publish' disabled; publishing it in bulk is refused with the
 * server's words, and it stays waiting for moderation.
 */
test("a review without the author's consent cannot be published from the console", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = `Nc${Date.now() % 1_000_000}`;
  const email = `no-consent-${stamp.toLowerCase()}@example.com.au`;
  const auth = await apiToken(request, baseURL!);
  const created = await request.post('/api/admin/jobs', {
    headers: auth,
    data: {
      jobNumber: `JOB-${stamp}`,
      customerName: `Casey ${stamp}`,
      customerEmail: email,
      customerPhone: '0412 345 678',
      address: '3 High St, Kew VIC 3101',
    },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: string };
  expect((await request.put(`/api/admin/jobs/${job.id}/status`, { headers: auth, data: { status: 'completed', notify: false } })).status()).toBe(200);
  const text = `Good work on the drains ${stamp}, but please keep this private.`;
  await page.goto(linkIn(await waitForMail(request, email, /How did we do/), '/review/'));
  await page.getByLabel('4 stars').check();
  await page.getByLabel('Your review').fill(text);
  await expect(page.getByLabel('You may publish my review on your website')).not.toBeChecked();
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(page.getByText(/Thank you/).first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await adminLogIn(page);
  await page.goto(`/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`);
  const row = page.getByRole('row').filter({ hasText: stamp });
  await expect(row).toContainText('Verified job');
  await expect(row).toContainText('Waiting for moderation');

  // In bulk: refused, with the server's reason, and nothing changed.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Not published')).toBeVisible();
  await expect(page.getByText(REVIEW_MESSAGES.publishWithoutConsent)).toBeVisible();
  await expect(row).toContainText('Waiting for moderation');

  // On its page: the note, and no way to publish it.
  await row.getByText(/Good work on the drains/).click();
  await expect(page.getByText("The author did not consent to publication: this review can't be published")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.getByRole('link', { name: `JOB-${stamp}` })).toHaveAttribute('href', `/admin/job-tracking/${job.id}/show`);
  await screenshot(page, 'review-no-consent-laptop');
});

/** The signed-in console's access token, to read what the server kept. */
async function apiToken(request: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseURL } });
  return { authorization: `Bearer ${(await login.json()).accessToken}`, origin: baseURL };
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
