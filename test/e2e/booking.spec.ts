import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { adminLogIn } from './support/admin.js';
import { expectNoSuggestions, pick, staffRecords } from './support/addresses.js';
import { waitForMail } from './support/mail.js';
import { chooseFreeSlot, firstFreeSlot } from './support/slots.js';

const SUBURB_FIRST = 'Choose your suburb first to see the times we can come';

async function fillBooking(scope: ReturnType<Page['locator']>, page: Page, prefix: string, details: { name: string; email: string; phone: string }) {
  await scope.locator(`#${prefix}-name`).fill(details.name);
  await scope.locator(`#${prefix}-email`).fill(details.email);
  await scope.locator(`#${prefix}-phone`).fill(details.phone);
  // The date and time wait for the suburb.
  await expect(scope.locator(`#${prefix}-preferred_date`)).toBeDisabled();
  await expect(scope.locator(`#${prefix}-preferred_time`)).toBeDisabled();
  // (After an empty submission, its 'Please select a preferred date' comes first.)
  await expect(scope.locator(`#${prefix}-preferred_date`)).toHaveAccessibleDescription(new RegExp(`${SUBURB_FIRST}$`));
  await scope.locator(`#${prefix}-suburb`).fill('Toowo');
  await page.getByRole('option', { name: 'Toowong QLD 4066' }).click();
  await expect(scope.locator(`#${prefix}-suburb`)).toHaveValue('Toowong QLD 4066');
  // The street-address field offers street addresses only: a suburb's name alone gets nothing.
  await expectNoSuggestions(page, scope.locator(`#${prefix}-address`), 'Toowong');
  await scope.locator(`#${prefix}-address`).fill('12 Station Street');
  // Queensland's open days and free times, labelled with its zone (no daylight saving there).
  const { shown } = await chooseFreeSlot(scope, prefix);
  expect(shown).toMatch(/^\d{1,2}:00 [AP]M AEST$/);
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
  await page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299 inc. GST' }).click();
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
  const slot = await firstFreeSlot(request, 'Toowong QLD 4066');
  const created = await request.post('/api/bookings', {
    data: {
      name,
      email: 'stella@example.com.au',
      phone: '0400 444 555',
      suburb: 'Toowong QLD 4066',
      address: '3 Coronation Drive',
      preferred_date: slot.date,
      preferred_time: slot.time,
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

  test('a visitor can still book', async ({ page, request }) => {
    const slot = await firstFreeSlot(request, 'Toowong QLD 4066');
    await page.goto('/');
    const form = page.locator('#book form');
    await form.locator('[name="name"]').fill('Nora NoScript');
    await form.locator('[name="email"]').fill(`noscript-${Date.now()}@example.com.au`);
    await form.locator('[name="phone"]').fill('0400 777 888');
    await form.locator('[name="suburb"]').fill('Toowong QLD 4066');
    await form.locator('[name="address"]').fill('9 Sylvan Road');
    // The prerendered form: a plain date field and every time (the server checks the day and the time).
    await expect(form.locator('input[type="date"][name="preferred_date"]')).toBeEnabled();
    await form.locator('[name="preferred_date"]').fill(slot.date);
    await form.locator('[name="preferred_time"]').selectOption(slot.time);
    await form.locator('[name="message"]').fill('Booked without JavaScript');
    await form.getByRole('button', { name: 'Book My Clean & View' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { name: 'Booking Submitted Successfully!' })).toBeVisible();
  });
});

test('a time taken while the visitor fills the form: the server says so, and offers the next free times', async ({ page, request }) => {
  const email = `perth-${Date.now()}@example.com.au`;
  await page.goto('/');
  const form = page.locator('#book');
  await form.locator('#home-booking-name').fill('Pat Perth');
  await form.locator('#home-booking-email').fill(email);
  await form.locator('#home-booking-phone').fill('0400 606 606');
  await pick(page, form.locator('#home-booking-suburb'), 'Cottesl', 'Cottesloe WA 6011');
  await form.locator('#home-booking-address').fill('1 Marine Parade');
  await form.locator('#home-booking-message').fill('Roots in the sewer line');
  // Two weeks of Perth's open days at first, later ones on demand.
  const days = form.locator('#home-booking-preferred_date option');
  await expect(form.locator('#home-booking-preferred_date')).toBeEnabled();
  const firstTwoWeeks = await days.count();
  await form.getByRole('button', { name: 'Later dates' }).click();
  await expect.poll(() => days.count()).toBeGreaterThan(firstTwoWeeks);
  await expect(form.getByRole('button', { name: 'Later dates' })).toBeFocused();
  // Perth's times, in Perth's zone.
  const chosen = await chooseFreeSlot(form, 'home-booking');
  expect(chosen.shown).toBe(`${chosen.time} AWST`);

  // Meanwhile other customers take every place of that time.
  for (let other = 0; other < 10; other += 1) {
    const taken = await request.post('/api/bookings', {
      data: {
        name: `Other Perth ${other}`,
        email: `other-perth-${other}-${Date.now()}@example.com.au`,
        phone: '0400 000 111',
        suburb: 'Cottesloe WA 6011',
        address: `${other + 2} Marine Parade`,
        preferred_date: chosen.date,
        preferred_time: chosen.time,
        message: 'Blocked drain',
      },
    });
    if (taken.status() === 409) break;
    expect(taken.status()).toBe(201);
  }

  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  const message = 'Sorry, that time has just been taken. Please choose another time.';
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: message })).toBeVisible();
  // The times as they are now: the taken one is no longer offered.
  await expect(form.locator('#home-booking-preferred_time option', { hasText: chosen.shown })).toHaveCount(0);
  const choices = form.getByRole('list', { name: 'The next free times:' }).getByRole('button');
  await expect(choices.first()).toBeFocused();
  const label = (await choices.first().textContent())!;
  expect(label).toMatch(/^\w+day \d{1,2} \w+, \d{1,2}:00 [AP]M AWST$/);
  await choices.first().click();
  await expect(form.locator('#home-booking-preferred_time')).toBeFocused();
  await expect(form.locator('#home-booking-preferred_time option:checked')).toHaveText(label.split(', ')[1]!);
  await expect(form.getByText(message)).toBeHidden();

  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(form.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();
  const [record] = await staffRecords(request, 'bookings', email);
  expect(record).toMatchObject({ email, suburb: 'Cottesloe', state: 'WA' });
});
