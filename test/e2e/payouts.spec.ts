import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { waitForMail } from './support/mail.js';
import { logIn, registerAndVerify } from './support/plumber.js';

/**
 * Issue 18: a plumber enters their ABN and bank details and accepts the RCTI agreement in the portal;
 * staff enter the business's bank account, make a payout run of the approved rebates, download its
 * ABA file and mark it paid; the plumber gets the remittance e-mail and finds the payout, with its
 * RCTI, in the Payments tab.
 */
test('a plumber is paid by a payout run: details in the portal, the ABA file and the RCTI', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const stamp = Date.now() % 100000;
  const email = `payee-${stamp}@example.com.au`;

  // The plumber registers, then enters their payment details and accepts the RCTI agreement.
  await registerAndVerify(page, request, email, 'Pat Payee');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Add Payment Details' }).click();
  const form = page.getByRole('form', { name: 'Payment details' });
  await form.getByLabel('ABN').fill('51 824 753 557');
  await form.getByLabel('Direct deposit').check();
  await form.getByLabel('Account name').fill('Payee Plumbing');
  await form.getByLabel('BSB').fill('062000');
  await form.getByLabel('Account number').fill('12345678');
  await form.getByRole('button', { name: 'Save Payment Details' }).click();
  await expect(form.getByText('Please enter a valid ABN')).toBeVisible();
  await form.getByLabel('ABN').fill('51 824 753 556');
  await form.getByLabel('Registered for GST').check();
  await form.getByRole('button', { name: 'Save Payment Details' }).click();
  await expect(page.getByText('BSB 062-***, account ****678')).toBeVisible();
  await expect(page.getByText('12345678')).toHaveCount(0);
  await page.getByLabel('I have read and agree').check();
  await page.getByRole('button', { name: 'I Accept' }).click();
  await expect(page.getByText(/You accepted this agreement on/)).toBeVisible();
  await screenshot(page, 'account-payment-details-laptop');

  // A referral of theirs reaches its Clean & View, and staff approve the rebate (through the API, as the pipeline would).
  const plumberToken = (
    await (await request.post('/api/auth/login', { data: { email, password: 'plumber journey password' }, headers: { origin: baseURL! } })).json()
  ).accessToken;
  const referral = await request.post('/api/me/referrals', {
    headers: { authorization: `Bearer ${plumberToken}`, origin: baseURL! },
    data: {
      clientName: `Casey Payout${stamp}`,
      jobAddress: `${stamp} Payout Street`,
      suburb: 'Toowong',
      clientPhone: `0499 ${String(stamp).padStart(6, '0').slice(0, 3)} ${String(stamp).padStart(6, '0').slice(3)}`,
      urgency: 'medium',
      description: 'Blocked sewer line',
      serviceTypes: { cleanView: true, reline: false },
    },
  });
  expect(referral.status()).toBe(201);
  const { id: referralId, refNumber } = (await referral.json()) as { id: string; refNumber: string };
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseURL! } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}`, origin: baseURL! };
  const record = await (await request.get(`/api/admin/referrals/${referralId}`, { headers: auth })).json();
  expect((await request.put(`/api/admin/referrals/${referralId}`, { headers: auth, data: { ...record, status: 'cleanview_completed' } })).status()).toBe(200);
  const [entry] = (await (
    await request.get(`/api/admin/rebates?filter=${encodeURIComponent(JSON.stringify({ referralId }))}`, { headers: auth })
  ).json()) as Array<{ id: string }>;
  expect((await request.post(`/api/admin/rebates/${entry!.id}/approve`, { headers: auth })).status()).toBe(200);

  // Staff enter the business's bank account, then make the run.
  await adminLogIn(page);
  await page.goto('/admin/payout-bank-account');
  const bank = page.getByRole('form', { name: 'Payout bank account' });
  await bank.getByRole('textbox', { name: 'Bank' }).fill('CBA');
  await bank.getByRole('textbox', { name: 'BSB' }).fill('062-000');
  await bank.getByRole('textbox', { name: 'Account number' }).fill('10000001');
  await bank.getByRole('textbox', { name: 'Account name' }).fill('Pipe Relining Australia');
  await bank.getByRole('textbox', { name: 'APCA user id' }).fill('301500');
  await bank.getByRole('textbox', { name: 'Remitter name' }).fill('PIPE RELINING');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText('Payout bank account saved')).toBeVisible();

  await page.goto('/admin/payout-runs');
  await page.getByRole('button', { name: 'New payout run' }).first().click();
  const dialog = page.getByRole('dialog');
  const due = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Pay approved rebates due before').fill(due);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/payout-runs\/[0-9a-f-]+\/show$/);
  await expect(page.getByText('Pat Payee').first()).toBeVisible();
  await screenshot(page, 'payout-run-draft-laptop');

  // The ABA file: 120-character records, our plumber's credit in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ABA file' }).click();
  const confirmDownload = page.getByRole('button', { name: 'Download anyway' });
  if (await confirmDownload.isVisible().catch(() => false)) await confirmDownload.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PR-\d{4}\.aba$/);
  const aba = await readFile((await download.path())!, 'latin1');
  const lines = aba.split('\r\n').filter((line) => line !== '');
  expect(lines.every((line) => line.length === 120)).toBe(true);
  expect(lines.some((line) => line.startsWith('1062-000 12345678'))).toBe(true);

  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(/RCTI-\d{6}/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  if (process.env.E2E_SCREENSHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'payout-run-paid-phone');
    await page.goto('/admin/payout-bank-account');
    await expect(page.getByRole('form', { name: 'Payout bank account' })).toBeVisible();
    await screenshot(page, 'payout-bank-account-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/payout-runs');
    await expect(page.getByText(/PR-\d{4}/).first()).toBeVisible();
    await screenshot(page, 'payout-runs-laptop');
  }

  // The remittance e-mail, and the plumber's Payments tab on a phone.
  const mail = await waitForMail(request, email, /^Remittance advice RCTI-\d{6}/);
  expect(mail.text).toContain(refNumber);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto('/plumber-referral');
  await logIn(phone, email);
  await phone.getByRole('tab', { name: 'Payments' }).click();
  await expect(phone.getByText(refNumber).first()).toBeVisible();
  const rcti = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Download RCTI (PDF)' }).first().click();
  expect((await rcti).suggestedFilename()).toMatch(/^RCTI-\d{6}\.pdf$/);
  expect(await phone.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
  await screenshot(phone, 'payments-tab-phone');
  await phone.close();
});

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
