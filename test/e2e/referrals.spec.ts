import { expect, test, type Page } from '@playwright/test';
import { completeRegistration, logIn } from './support/plumber.js';

/** A small real PNG (1×1), so the server's content check accepts it as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function fillClientAndIssue(form: ReturnType<Page['getByRole']>, page: Page, client: string) {
  await form.getByLabel(/^Client name/).fill(client);
  await form.getByLabel(/^Client contact number/).fill('+61 400 555 666');
  await form.getByLabel(/^Job address/).fill('12 River Road');
  await form.getByLabel(/^Suburb/).fill('Geelong VIC 3220');
  await page.keyboard.press('Escape');
  await form.getByLabel(/^Urgency/).selectOption({ label: 'Within 24 hours' });
  await form.getByLabel(/^Describe the issue/).fill('Tree roots in the sewer line, recurring blockage');
}

test('a plumber sends a quick referral, registers with that e-mail and finds it on the dashboard', async ({ page, request }) => {
  const email = `quick-${Date.now()}@example.com.au`;
  await page.goto('/plumber-portal');
  const form = page.getByRole('form', { name: 'Submit a Quick Referral' });

  // The checks of spec §5 first, shown on the fields.
  await form.getByRole('button', { name: 'Submit Referral & Register' }).click();
  await expect(form.getByText('Plumber name is required')).toBeVisible();
  await expect(form.getByText('Client name is required')).toBeVisible();

  await form.getByLabel(/^Your name/).fill('Quinn Quick');
  await form.getByLabel(/^Company name/).fill('Quick Drains');
  await form.getByLabel(/^Contact number/).fill('+61 400 121 212');
  await form.getByLabel(/^Email/).fill(email);
  await fillClientAndIssue(form, page, 'Riley Roots');
  await expect(form.getByLabel('Permission to contact client')).toBeChecked();
  await form.getByRole('button', { name: 'Submit Referral & Register' }).click();
  await expect(page.getByText('Thank you for your referral!')).toBeVisible();
  await expect(page.getByText('To track this referral and access your dashboard, please register for a plumber account.')).toBeVisible();

  // After 2 seconds: registration, with the e-mail already filled in.
  await expect(page).toHaveURL(/\/plumber-referral$/, { timeout: 5_000 });
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await completeRegistration(page, request, email, 'Quinn Quick');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  const row = page.getByRole('row', { name: /Riley Roots/ });
  await expect(row).toContainText('12 River Road, Geelong VIC 3220');
  await expect(row).toContainText('Referred');
  await expect(page.getByText('Total Referrals').locator('..')).toContainText('1');
});

test('the new-referral page asks a signed-out visitor to log in, then goes to the portal', async ({ page }) => {
  await page.goto('/plumber-dashboard/new-referral');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-portal$/, { timeout: 5_000 });
});

