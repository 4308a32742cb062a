import { expect, test } from '@playwright/test';
import { adminLogIn } from './support/admin.js';
import { pick, staffRecords } from './support/addresses.js';
import { linkIn, waitForMail } from './support/mail.js';
import { chooseFreeSlot } from './support/slots.js';

/**
 * Issue 16, end to end: a homeowner in Perth books a free slot, staff confirm it, the e-mail gives
 * the time in AWST, the customer moves it through the private link, and the staff calendar shows the
 * new time.
 * Every browser here runs in New York's time zone: what people see must still be Perth's.
 */
test.use({ timezoneId: 'America/New_York' });

test('a Perth homeowner books a free slot, staff confirm it, the customer moves it by link, the calendar shows the new time', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const email = `perth-appointment-${Date.now()}@example.com.au`;

  // The homeowner books on the home page: Perth's open days and free times, in Perth's zone.
  await page.goto('/');
  const form = page.locator('#book');
  await form.locator('#home-booking-name').fill('Robin Perth');
  await form.locator('#home-booking-email').fill(email);
  await form.locator('#home-booking-phone').fill('0400 808 808');
  await pick(page, form.locator('#home-booking-suburb'), 'Cottesl', 'Cottesloe WA 6011');
  await form.locator('#home-booking-address').fill('3 Marine Parade');
  await form.locator('#home-booking-message').fill('Tree roots in the sewer');
  const chosen = await chooseFreeSlot(form, 'home-booking');
  expect(chosen.shown).toBe(`${chosen.time} AWST`);
  await form.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(form.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();
  const [booking] = await staffRecords(request, 'bookings', email);
  expect(booking).toMatchObject({ state: 'WA', preferredDate: chosen.date, preferredTime: chosen.time });

  // Staff confirm it from the booking's page, as asked, and the customer is e-mailed.
  await adminLogIn(page);
  await page.goto(`/admin/bookings/${booking!.id}/show`);
  await page.getByRole('button', { name: 'Confirm appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm appointment' });
  await expect(dialog.getByLabel('Date')).toHaveValue(chosen.date);
  await dialog.getByLabel('Technician').fill('Sam');
  await expect(dialog.getByRole('checkbox', { name: 'Email the customer' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirm appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${chosen.time} AWST`).first()).toBeVisible();

  const confirmation = await waitForMail(request, email, 'Your Clean & View is confirmed');
  expect(confirmation.text).toContain(`${chosen.time} AWST`);
  expect(confirmation.text).toContain('Your technician: Sam');
  const link = linkIn(confirmation, '/booking/');

  // The customer opens the private link (no account), and moves the visit to another day.
  const customer = await browser.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { level: 1, name: 'Your Clean & View appointment' })).toBeVisible();
  await expect(customer.getByText(`${chosen.time} AWST`).first()).toBeVisible();
  const move = customer.locator('section', { has: customer.getByRole('heading', { name: 'Move appointment' }) });
  const dates = move.locator('#move-preferred_date');
  await expect(dates).toBeEnabled();
  const options = await dates
    .locator('option')
    .evaluateAll((items) => items.map((item) => ({ value: item.getAttribute('value') ?? '', text: item.textContent ?? '' })));
  const otherDay = options.find((option) => option.value && option.value !== chosen.date && !option.text.includes('no times left'));
  expect(otherDay, 'another open day with a free time').toBeDefined();
  await dates.selectOption(otherDay!.value);
  const times = move.locator('#move-preferred_time');
  await expect(times).toBeEnabled();
  const lastFree = times.locator('option:not([value=""])').last();
  const newTime = (await lastFree.getAttribute('value'))!;
  await times.selectOption(newTime);
  await move.getByRole('button', { name: 'Move to this time' }).click();
  await expect(customer.getByText('Your appointment has been moved.')).toBeVisible();
  await expect(customer.getByText(`${newTime} AWST`).first()).toBeVisible();

  const moved = await waitForMail(request, email, 'Your Clean & View has a new time');
  expect(moved.text).toContain(`${newTime} AWST`);
  expect(moved.text).toContain(`${chosen.time} AWST`); // 'Was: …'

  // Staff see the new time in Perth's calendar, whatever the browser's zone.
  await page.goto(`/admin/calendar?region=WA&date=${otherDay!.value}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  const visit = page.locator('.rbc-event', { hasText: 'Robin Perth' });
  await expect(visit).toBeVisible();
  await expect(visit).toContainText(`${newTime} AWST`);
  await customer.close();
});
