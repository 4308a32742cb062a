import { expect, test } from '@playwright/test';

test('a visitor opens the home page, opens and closes the booking dialog', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Pipe Relining Australia/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Plumbers' })).toHaveAttribute('href', '/plumber-referral');
  await expect(page.getByRole('contentinfo')).toContainText('Australia Wide Service');
  for (const badge of ['Licensed Plumber', 'Fully Insured', 'Australian Owned', '25 Year Warranty']) {
    await expect(page.getByRole('contentinfo')).toContainText(badge);
  }

  await page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Escape closes it too.
  await page.getByRole('main').getByRole('button', { name: 'Book Clean & View: From $299' }).first().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('on a phone the menu collapses and toggles', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Plumber Portal' })).toHaveAttribute('href', '/plumber-portal');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
});

test('the staff console opens at /admin with its login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(page.url()).not.toContain('#/');
});

test('an unknown path shows the 404 page and logs the attempted path', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => messages.some((text) => text.includes('/this-page-does-not-exist'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Without Digging');
});
