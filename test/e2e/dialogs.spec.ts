import { expect, test, type Page } from '@playwright/test';
import { chooseFreeSlot } from './support/slots.js';

// The site's dialogs on a phone (issue 12, items 19 and 28): Escape in an address list closes only
// the list; typed data survives closing the dialog; the booking dialog's errors show in front of it,
// at their fields, announced, cleared once corrected; its confirmation is scrolled into view.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

async function openBooking(page: Page) {
  // The menu stays open behind the dialog (focus returns to its button when the dialog closes).
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Book Clean & View: From $299 inc. GST' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Escape in the suburb suggestions closes only the list, and what was typed survives closing the booking dialog', async ({ page }) => {
  await page.goto('/about');
  let dialog = await openBooking(page);
  await dialog.getByLabel(/^Full name/).fill('Dana Draft');
  const suburb = dialog.getByLabel(/^Suburb/);
  await suburb.fill('Parramat');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: 'Parramatta NSW 2150' })).toBeVisible();
  await suburb.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(suburb).toHaveValue('Parramat');

  // Escape again closes the dialog; the draft is there when the visitor comes back, and can be cleared.
  await suburb.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openBooking(page);
  await expect(dialog.getByLabel(/^Full name/)).toHaveValue('Dana Draft');
  await expect(dialog.getByLabel(/^Suburb/)).toHaveValue('Parramat');
  await expect(dialog.getByText('We kept what you typed earlier.')).toBeVisible();

  // The close button and a tap on the backdrop keep it too, and so does another page of the site.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.goto('/why-no-dig');
  dialog = await openBooking(page);
  await expect(dialog.getByLabel(/^Full name/)).toHaveValue('Dana Draft');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  dialog = await openBooking(page);
  await expect(dialog.getByLabel(/^Full name/)).toHaveValue('Dana Draft');
  await dialog.getByRole('button', { name: 'Clear the form' }).click();
  await expect(dialog.getByLabel(/^Full name/)).toHaveValue('');
  await expect(dialog.getByText('We kept what you typed earlier.')).toBeHidden();
});

test('the product enquiry dialog keeps what was typed when closed, like the booking dialog', async ({ page }) => {
  await page.goto('/rapidresin');
  await page.getByRole('button', { name: 'Enquire Now' }).click();
  let dialog = page.getByRole('dialog', { name: 'Product enquiry' });
  await dialog.getByLabel(/^Name/).fill('Petra Product');
  await dialog.getByLabel(/^Message/).fill('Price for 5 kits?');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Enquire Now' }).click();
  dialog = page.getByRole('dialog', { name: 'Product enquiry' });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue('Petra Product');
  await expect(dialog.getByLabel(/^Message/)).toHaveValue('Price for 5 kits?');
  await expect(dialog.getByText('We kept what you typed earlier.')).toBeVisible();
});

test("the booking dialog's errors show in front of it and at their fields, clear once corrected, and the confirmation comes into view", async ({ page }) => {
  await page.goto('/');
  const dialog = await openBooking(page);
  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();

  // The spec's toast, in front of the dialog: it can be read and dismissed.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
  await expect(toast).toContainText('Please fill in the name field');
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toBeHidden();

  // At the field: marked invalid, described by its message, focused.
  const name = dialog.getByLabel(/^Full name/);
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please fill in the name field');
  await expect(dialog.getByLabel(/^Email/)).toHaveAccessibleDescription('Please fill in the email field');

  // Corrected: the message goes at once, before the next submission.
  await name.fill('Bailey Booker');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Please fill in the name field')).toBeHidden();

  const email = dialog.getByLabel(/^Email/);
  await email.fill('bailey-at-example');
  await dialog.getByLabel(/^Phone/).fill('0412 345 678');
  await dialog.getByLabel(/^Suburb/).fill('Toowong QLD 4066');
  await dialog.getByLabel(/^Street address/).fill('12 Station Street');
  // The suburb typed with its state is enough: the region's open days and free times follow.
  await chooseFreeSlot(dialog, 'dialog-booking');
  await dialog.getByLabel(/^Describe the problem/).fill('Blocked drain');
  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid Email' })).toContainText('Please enter a valid email address');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await email.fill(`bailey-${Date.now()}@example.com.au`);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();
  const confirmation = dialog.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.");
  await expect(confirmation).toBeInViewport();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Booking Submitted Successfully!' })).toBeVisible();
});
