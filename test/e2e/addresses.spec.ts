import { expect, test } from '@playwright/test';
import { expectNoSuggestions, pick, staffRecords } from './support/addresses.js';
import { logIn, registerAndVerify } from './support/plumber.js';

// Address suggestions through the real forms (issue 12, items 16 and 29): a suburb picked from the
// suggestions keeps its state and postcode on the stored record, and a street-address field is never
// offered a bare suburb. The booking form and dialog: booking.spec.ts (bookings are 5 a minute per IP).

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

  for (const [client, address] of [
    [quickClient, '3 George Street'],
    [signedClient, '5 Macquarie Street'],
  ] as const) {
    const [record] = await staffRecords(request, 'referrals', client);
    expect(record).toMatchObject({ clientName: client, jobAddress: address, suburb: 'Parramatta', state: 'NSW', postcode: '2150' });
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
  expect(record).toMatchObject({ contactPerson: contact, siteAddress: '126 Church Street, Parramatta NSW 2150', state: 'NSW', postcode: '2150' });
});
