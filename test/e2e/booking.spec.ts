import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { adminLogIn } from './support/admin.js';
import { expectNoSuggestions, staffRecords } from './support/addresses.js';
import { waitForMail } from './support/mail.js';

function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

async function fillBooking(scope: ReturnType<Page['locator']> | Page, page: Page, prefix: string, details: { name: string; email: string; phone: string }) {
  await scope.locator(`#${prefix}-name`).fill(details.name);
  await scope.locator(`#${prefix}-email`).fill(details.email);
  await scope.locator(`#${prefix}-phone`).fill(details.phone);
  await scope.locator(`#${prefix}-suburb`).fill('Toowo');
  await page.getByRole('option', { name: 'Toowong QLD 4066' }).click();
  await expect(scope.locator(`#${prefix}-suburb`)).toHaveValue('Toowong QLD 4066');
  // The street-address field offers street addresses only: a suburb's name alone gets nothing.
  await expectNoSuggestions(page, scope.locator(`#${prefix}-address`), 'Toowong');
  await scope.locator(`#${prefix}-address`).fill('12 Station Street');
  await scope.locator(`#${prefix}-preferred_date`).fill(inDays(5));
  await scope.locator(`#${prefix}-preferred_time`).selectOption('10:00 AM');
  await scope.locator(`#${prefix}-how_heard_about_us`).selectOption('Word of Mouth');
  await scope.locator(`#${prefix}-message`).fill('Water pooling near the sewer inspection point');
}

test('a visitor books from the home page form, with the errors shown first, then again from the dialog', async ({ page, request }) => {
  const email = `home-${Date.now()}@example.com.au`;
  await page.goto('/');
  const form = page.locator('#book');
  const toasts = page.locator('[data-sonner-toast]');
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(toasts.getByText('Please fill in the name field')).toBeVisible();
  // The same message at the field.
  await expect(form.locator('#home-booking-name')).toHaveAccessibleDescription('Please fill in the name field');

  await fillBooking(form, page, 'home-booking', { name: 'Hannah Home', email: 'hannah-at-example', phone: '0400 222 333' });
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(page.getByText('Invalid Email')).toBeVisible();
  await expect(toasts.getByText('Please enter a valid email address')).toBeVisible();

  await form.locator('#home-booking-email').fill(email);
  await form.locator('#home-booking-phone').fill('12ab');
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(toasts.getByText('Please enter a valid phone number')).toBeVisible();

  await form.locator('#home-booking-phone').fill('0400 222 333');
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(page.getByText("We'll be in touch shortly to confirm your appointment.")).toBeVisible();
  await expect(form.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();
  const autoresponse = await waitForMail(request, email, 'Thanks for your booking request!');
  expect(autoresponse.text).toContain('Hi Hannah,');

  await form.getByRole('button', { name: 'Submit Another Booking' }).click();
  await expect(form.locator('#home-booking-name')).toHaveValue('');

  // The same form in the booking dialog, from the navigation.
  await page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  const dialogEmail = `dialog-${Date.now()}@example.com.au`;
  await fillBooking(dialog, page, 'dialog-booking', { name: 'Dylan Dialog', email: dialogEmail, phone: '(07) 3000 1234' });
  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(dialog.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();

  // The suburb picked from the suggestions is stored apart from its state and postcode, from both forms.
  for (const stored of [email, dialogEmail]) {
    const [record] = await staffRecords(request, 'bookings', stored);
    expect(record).toMatchObject({ email: stored, suburb: 'Toowong', state: 'QLD', postcode: '4066', address: '12 Station Street' });
  }
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('staff find a booking, change its status and export the CSV', async ({ page, request }) => {
  const name = `Stella Staff ${Date.now()}`;
  const created = await request.post('/api/bookings', {
    data: {
      name,
      email: 'stella@example.com.au',
      phone: '0400 444 555',
      suburb: 'Toowong QLD 4066',
      address: '3 Coronation Drive',
      preferred_date: inDays(3),
      preferred_time: '2:00 PM',
      message: 'Roots in the stormwater',
    },
  });
  expect(created.status()).toBe(201);

  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Booking Requests' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Requests', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Search name, email, phone, suburb').fill(name);
  await page.getByRole('cell', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('link', { name: 'stella@example.com.au' })).toHaveAttribute('href', 'mailto:stella@example.com.au');
  await expect(dialog.getByRole('link', { name: '0400 444 555' })).toHaveAttribute('href', 'tel:+61400444555');
  await dialog.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(page.getByText('Booking status updated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Contacted')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file!, 'utf8');
  expect(csv.split('\n')[0]).toContain('"full_name","email","phone"');
  expect(csv).toContain(name);
  expect(csv).toContain('contacted');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor can still book', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#book form');
    await form.locator('[name="name"]').fill('Nora NoScript');
    await form.locator('[name="email"]').fill(`noscript-${Date.now()}@example.com.au`);
    await form.locator('[name="phone"]').fill('0400 777 888');
    await form.locator('[name="suburb"]').fill('Toowong QLD 4066');
    await form.locator('[name="address"]').fill('9 Sylvan Road');
    await form.locator('[name="preferred_date"]').fill(inDays(4));
    await form.locator('[name="preferred_time"]').selectOption('11:00 AM');
    await form.locator('[name="message"]').fill('Booked without JavaScript');
    await form.getByRole('button', { name: 'Book My Clean & View' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { name: 'Booking Submitted Successfully!' })).toBeVisible();
  });
});
