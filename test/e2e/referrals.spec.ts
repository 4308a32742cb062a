import { expect, test, type Page } from '@playwright/test';
import { adminLogIn } from './support/admin.js';
import { waitForMail } from './support/mail.js';
import { completeRegistration, logIn, registerAndVerify } from './support/plumber.js';

/** A small real PNG (1×1), so the server's content check accepts it as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function fillClientAndIssue(form: ReturnType<Page['getByRole']>, page: Page, client: string) {
  await form.getByLabel(/^Client name/).fill(client);
  await form.getByLabel(/^Client contact number/).fill('+61 400 555 666');
  await form.getByLabel(/^Job address/).fill('12 River Road');
  // The address field's suggestions (the built-in Australian localities).
  await form.getByLabel(/^Suburb/).fill('Geelong');
  await form.getByRole('option', { name: 'Geelong VIC 3220', exact: true }).click();
  await expect(form.getByLabel(/^Suburb/)).toHaveValue('Geelong VIC 3220');
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
  await expect(card(page, 'Total Referrals')).toHaveText(/^Total Referrals\s*1$/);
});

test('the new-referral page asks a signed-out visitor to log in, then goes to the portal', async ({ page }) => {
  await page.goto('/plumber-dashboard/new-referral');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-portal$/, { timeout: 5_000 });
});


test('a plumber refers a job with a photo; staff complete the Clean & View, then pay; the dashboard follows', async ({ page, browser, request }) => {
  const email = `referrer-${Date.now()}@example.com.au`;
  const client = `Casey Camera ${Date.now()}`;
  await registerAndVerify(page, request, email, 'Robin Referrer');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  await expect(page.getByText('No referrals yet')).toBeVisible();
  await expect(page.getByText('Get started by submitting your first referral!')).toBeVisible();

  await page.getByRole('link', { name: 'Submit New Referral' }).click();
  await expect(page).toHaveURL(/\/plumber-dashboard\/new-referral$/);
  await expect(page.getByRole('heading', { name: 'Submit New Referral' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Submit New Referral' });
  // Prefilled from the account.
  await expect(form.getByLabel(/^Your name/)).toHaveValue('Robin Referrer');
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  await fillClientAndIssue(form, page, client);
  await form.getByLabel('Clean & View (drain clean and CCTV inspection)').uncheck();
  await form.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(form.getByText('Please select at least one service type')).toBeVisible();
  await form.getByLabel('Pipe relining').check();
  await page.locator('input[type="file"]').setInputFiles({ name: 'roots.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('roots.png')).toBeVisible();
  await form.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(page.getByText('Referral submitted successfully')).toBeVisible();
  await expect(page.getByText("Thank you! You'll see updates in your dashboard.")).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-dashboard$/);

  const row = page.getByRole('row', { name: new RegExp(client) });
  await expect(row).toContainText(/R-\d{6}/);
  await expect(row).toContainText('12 River Road, Geelong VIC 3220');
  await expect(row).toContainText('Referred');
  await expect(row).toContainText(/C&V\s*\$80\s*Pending/);
  await expect(row).toContainText(/Reline\s*\$400\s*Pending/);
  const refId = (await row.getByRole('button', { name: /View referral/ }).textContent())!.trim();
  await row.getByRole('button', { name: /View referral/ }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'roots.png' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Staff, in the console.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await adminLogIn(staff);
  await staff.getByRole('searchbox', { name: 'Search' }).fill(refId);
  await staff.getByRole('button', { name: `Open referral ${refId}` }).click();
  const detail = staff.getByRole('dialog');
  await detail.getByRole('button', { name: 'Open photo roots.png' }).click();
  await expect(staff.getByRole('img', { name: 'roots.png' })).toBeVisible();
  await staff.getByRole('button', { name: 'Close photo' }).click();
  await setStatus(staff, 'Clean & View Completed');

  await page.reload();
  await expect(row).toContainText('Clean & View Completed');
  await expect(row).toContainText(/C&V\s*\$80\s*Processing/);
  await expect(card(page, 'Rebate Paid')).toContainText('$0');
  await expect(card(page, 'Rebate Pending')).toContainText('$480');

  await setStatus(staff, 'Rebate Paid');

  // 'Send Email to Plumber' really sends it.
  await detail.getByRole('button', { name: 'Send Email to Plumber' }).click();
  const compose = staff.getByRole('dialog', { name: 'Send Email to Plumber' });
  await compose.getByLabel('Subject').fill(`Your rebate for ${refId} is paid`);
  await compose.getByLabel('Message').fill('Thanks for the referral: $480 is on its way to your account.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByText('Email sent', { exact: true })).toBeVisible();
  const mail = await waitForMail(request, email, `Your rebate for ${refId} is paid`);
  expect(mail.text).toContain('$480 is on its way to your account.');
  await staffContext.close();

  await page.reload();
  await expect(row).toContainText('Rebate Paid');
  await expect(row).toContainText(/C&V\s*\$80\s*Paid/);
  await expect(row).toContainText(/Reline\s*\$400\s*Paid/);
  await expect(card(page, 'Rebate Paid')).toContainText('$480');
  await expect(card(page, 'Rebate Pending')).toContainText('$0');
});

/** One of the dashboard's summary cards (Total Referrals, Rebate Paid, Rebate Pending). */
function card(page: Page, label: string) {
  return page.getByRole('list', { name: 'Referral summary' }).getByRole('listitem').filter({ hasText: label });
}

async function setStatus(staff: Page, label: string) {
  const detail = staff.getByRole('dialog');
  await detail.getByRole('combobox', { name: 'Status' }).click();
  await staff.getByRole('option', { name: label }).click();
  await expect(staff.getByText('Status updated', { exact: true }).last()).toBeVisible();
  await expect(staff.getByText('Referral status updated successfully').last()).toBeVisible();
  // Saved for real: the change is in the referral's history.
  await expect(detail.getByText(new RegExp(`Status: .+ → ${label}`))).toBeVisible();
}
