import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import { logIn, registerAndVerify } from './support/plumber.js';

// Address suggestions through the real forms (issue 12, items 16 and 29): a suburb picked from the
// suggestions keeps its state and postcode on the stored record, and a street-address field is never
// offered a bare suburb.

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A staff list's records matching `q`, read through the staff API. */
async function staffRecords(request: APIRequestContext, resource: string, q: string): Promise<Array<Record<string, unknown>>> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await request.get(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Array<Record<string, unknown>>;
}

/** Types into an address field and picks the suggestion named `option` (waiting for it, never for time). */
async function pick(page: Page, field: Locator, typed: string, option: string) {
  await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field).toHaveValue(option);
}

/** Types into a street-address field and waits for its suggestions' answer: it must offer nothing. */
async function expectNoSuggestions(page: Page, field: Locator, typed: string) {
  const answered = page.waitForResponse((response) => response.url().includes('/api/addresses/suggest') && response.url().includes(`q=${encodeURIComponent(typed)}`));
  await field.fill(typed);
  const response = await answered;
  expect(new URL(response.url()).searchParams.get('kind')).toBe('address');
  expect(await response.json()).toEqual([]);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
}

async function fillBooking(page: Page, scope: Locator, prefix: string, name: string) {
  await scope.locator(`#${prefix}-name`).fill(name);
  await scope.locator(`#${prefix}-email`).fill(`places-${Date.now()}@example.com.au`);
  await scope.locator(`#${prefix}-phone`).fill('0412 345 678');
  await pick(page, scope.locator(`#${prefix}-suburb`), 'Parramat', 'Parramatta NSW 2150');
  // The street-address field offers no suburbs: a suburb's name alone gets nothing.
  await expectNoSuggestions(page, scope.locator(`#${prefix}-address`), 'Parramatta');
  await scope.locator(`#${prefix}-address`).fill('9 Church Street');
  await scope.locator(`#${prefix}-preferred_date`).fill(inDays(4));
  await scope.locator(`#${prefix}-preferred_time`).selectOption('11:00 AM');
  await scope.locator(`#${prefix}-message`).fill('Slow drain in the laundry');
}

test('a suburb picked in the home booking form and in the booking dialog is stored with its state and postcode', async ({ page, request }) => {
  await page.goto('/');
  const form = page.locator('#book');
  const homeName = `Harper Home ${Date.now()}`;
  await fillBooking(page, form, 'home-booking', homeName);
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(form.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  const dialogName = `Devon Dialog ${Date.now()}`;
  await fillBooking(page, dialog, 'dialog-booking', dialogName);
  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(dialog.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();

  for (const name of [homeName, dialogName]) {
    const [record] = await staffRecords(request, 'bookings', name);
    expect(record).toMatchObject({ full_name: name, suburb: 'Parramatta', state: 'NSW', postcode: '2150', address: '9 Church Street' });
  }
});

test('a suburb picked in the quick and the signed-in referral forms is stored with its state and postcode', async ({ page, request }) => {
  const quickClient = `Quincy Client ${Date.now()}`;
  await page.goto('/plumber-portal');
  const quick = page.getByRole('form', { name: 'Submit a Quick Referral' });
  await quick.getByLabel(/^Your name/).fill('Pat Places');
  await quick.getByLabel(/^Company name/).fill('Places Plumbing');
  await quick.getByLabel(/^Contact number/).fill('0400 121 212');
  await quick.getByLabel(/^Email/).fill(`quick-places-${Date.now()}@example.com.au`);
  await quick.getByLabel(/^Client name/).fill(quickClient);
  await quick.getByLabel(/^Client contact number/).fill('0400 555 666');
  await expectNoSuggestions(page, quick.getByLabel(/^Job address/), 'Parramatta');
  await quick.getByLabel(/^Job address/).fill('3 George Street');
  await pick(page, quick.getByLabel(/^Suburb/), 'Parramat', 'Parramatta NSW 2150');
  await quick.getByLabel(/^Urgency/).selectOption({ label: 'Within 24 hours' });
  await quick.getByLabel(/^Describe the issue/).fill('Roots in the sewer');
  await quick.getByRole('button', { name: 'Submit Referral & Register' }).click();
  await expect(page.getByText('Thank you for your referral!')).toBeVisible();

  const email = `signed-places-${Date.now()}@example.com.au`;
  await registerAndVerify(page, request, email, 'Sam Signed');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  await page.getByRole('link', { name: 'Submit New Referral' }).click();
  const signed = page.getByRole('form', { name: 'Submit New Referral' });
  const signedClient = `Sidney Client ${Date.now()}`;
  await signed.getByLabel(/^Client name/).fill(signedClient);
  await signed.getByLabel(/^Client contact number/).fill('0400 555 777');
  // A street address with its locality begun: the street is kept, the locality completed.
  await signed.getByLabel(/^Job address/).fill('5 Macquarie Street, Parramat');
  await page.getByRole('option', { name: '5 Macquarie Street, Parramatta NSW 2150', exact: true }).click();
  await expect(signed.getByLabel(/^Job address/)).toHaveValue('5 Macquarie Street');
  await expect(signed.getByLabel(/^Suburb/)).toHaveValue('Parramatta NSW 2150');
  await signed.getByLabel(/^Urgency/).selectOption({ label: 'Within 2-3 days' });
  await signed.getByLabel(/^Describe the issue/).fill('Cracked pipe');
  await signed.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(page.getByText('Referral submitted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(signedClient) })).toContainText('5 Macquarie Street, Parramatta NSW 2150');

  for (const [client, address] of [[quickClient, '3 George Street'], [signedClient, '5 Macquarie Street']] as const) {
    const [record] = await staffRecords(request, 'referrals', client);
    expect(record).toMatchObject({ client_name: client, job_address: address, suburb: 'Parramatta', state: 'NSW', postcode: '2150' });
  }
});

test("a corporate enquiry's site address picked from the suggestions keeps its state and postcode", async ({ page, request }) => {
  const contact = `Casey Council ${Date.now()}`;
  await page.goto('/corporate');
  const section = page.getByRole('region', { name: 'Submit Project Enquiry' });
  await section.getByRole('button', { name: 'Submit Project Enquiry' }).click();
  await page.getByLabel(/^Organisation name/).fill('City of Parramatta');
  await page.getByLabel(/^Contact person/).fill(contact);
  await page.getByLabel(/^Email/).fill(`council-${Date.now()}@example.gov.au`);
  await page.getByLabel(/^Phone/).fill('(02) 9806 5050');
  const site = page.getByLabel(/^Site address/);
  await expectNoSuggestions(page, site, 'Parramatta');
  await pick(page, site, '126 Church Street, Parramat', '126 Church Street, Parramatta NSW 2150');
  await page.getByLabel(/^Type of issue/).selectOption({ label: 'Tree Root Intrusion' });
  await page.getByLabel(/^Project timing/).selectOption({ label: 'Planned Maintenance' });
  await section.getByRole('button', { name: 'Submit Project Enquiry' }).click();
  await expect(page.getByText("Thank you for your enquiry. We'll be in touch shortly.")).toBeVisible();

  const [record] = await staffRecords(request, 'enquiries', contact);
  expect(record).toMatchObject({ contact_person: contact, site_address: '126 Church Street, Parramatta NSW 2150', state: 'NSW', postcode: '2150' });
});
