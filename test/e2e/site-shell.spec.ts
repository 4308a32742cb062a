import { expect, test } from '@playwright/test';

test('a visitor opens the home page, opens and closes the booking dialog', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Pipe Relining Australia/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Plumbers' })).toHaveAttribute('href', '/plumber-referral');
  await expect(page.getByRole('contentinfo')).toContainText('Australia Wide Service');
  // A 1300 number is called as it is (never +61 1300…).
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '1300 747 354' })).toHaveAttribute('href', 'tel:1300747354');
  for (const badge of ['Licensed Plumber', 'Fully Insured', 'Australian Owned', '25 Year Warranty']) {
    await expect(page.getByRole('contentinfo')).toContainText(badge);
  }

  await page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299 inc. GST' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Escape closes it too.
  await page.getByRole('main').getByRole('button', { name: 'Book Clean & View: From $299 inc. GST' }).first().click();
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

test('from 1024 px wide the links sit in the bar and the menu button is gone; narrower, the menu button takes over', async ({ page }) => {
  const main = page.getByRole('navigation', { name: 'Main' });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  for (const width of [1024, 1280, 1366]) {
    await page.setViewportSize({ width, height: 768 });
    await page.goto('/');
    for (const label of ['Home', 'About Us', 'Why No-Dig', 'For Plumbers', 'For Councils & Corporate']) {
      await expect(main.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(menuButton).toBeHidden();
    const booking = page.getByRole('banner').getByRole('button', { name: 'Book Clean & View: From $299 inc. GST' });
    await expect(booking).toBeVisible();
    // Everything fits: nothing in the bar runs past the window or under its neighbour.
    const boxes = await Promise.all([page.locator('.nav__brand'), main, booking].map(async (locator) => (await locator.boundingBox())!));
    expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(boxes[1]!.x);
    expect(boxes[1]!.x + boxes[1]!.width).toBeLessThanOrEqual(boxes[2]!.x);
    expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(width);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(width);
  }
  await page.setViewportSize({ width: 1023, height: 768 });
  await expect(main).toBeHidden();
  await expect(menuButton).toBeVisible();
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

test('on a phone a call bar appears once the hero has scrolled away; it calls, books, and hides behind a dialog', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/about');
  const bar = page.getByTestId('mobile-call-bar');
  await expect(bar).toBeHidden();
  // Just past the hero's bottom edge.
  await page.locator('main .hero').evaluate((hero) => {
    const view = globalThis as unknown as { scrollTo: (x: number, y: number) => void; scrollY: number };
    view.scrollTo(0, hero.getBoundingClientRect().bottom + view.scrollY + 1);
  });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Call 1300 747 354' })).toHaveAttribute('href', 'tel:1300747354');
  await bar.getByRole('button', { name: /^Book/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  await expect(dialog).toBeVisible();
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();
  // Wider screens never show it.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(bar).toBeHidden();
});
