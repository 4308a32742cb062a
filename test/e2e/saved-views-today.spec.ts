import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { firstFreeSlot } from './support/slots.js';

test('a saved view of a list follows the staff member: saved, reloaded, picked by its name', async ({ page, request, baseURL }) => {
  // Something in the audit log (a booking's status changed by the admin), so its list and filters show.
  const slot = await firstFreeSlot(request, 'Toowong QLD 4066');
  const created = await request.post('/api/bookings', {
    data: {
      name: 'Sam Saved',
      email: 'sam.saved@example.com.au',
      phone: '0400 444 555',
      suburb: 'Toowong QLD 4066',
      address: '3 Coronation Drive',
      preferred_date: slot.date,
      preferred_time: slot.time,
      message: 'Roots',
    },
  });
  expect(created.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { Origin: baseURL! } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).accessToken as string;
  const changed = await request.put(`/api/admin/bookings/${(await created.json()).id}`, {
    data: { status: 'contacted' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(changed.status()).toBe(200);

  await adminLogIn(page);
  await page.goto('/admin/audit');
  await page.getByPlaceholder('Search who, record id, action').fill('e2e-admin');
  await expect(page).toHaveURL(/filter=.*e2e-admin/);
  const name = `Mine ${Date.now()}`;
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText('View saved')).toBeVisible();

  // After a reload, with the search cleared: picking the view brings its filter back.
  await page.reload();
  await page.getByPlaceholder('Search who, record id, action').fill('');
  await expect(page).not.toHaveURL(/e2e-admin/);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByPlaceholder('Search who, record id, action')).toHaveValue('e2e-admin');
  await expect(page).toHaveURL(/filter=.*e2e-admin/);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Today page shows its figures in one column, nothing scrolling sideways', async ({ page }) => {
    await adminLogIn(page);
    await page.goto('/admin/today');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    for (const title of ['New bookings', 'New enquiries', 'Rebates due this week', 'E-mails that failed']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Appointments today' })).toBeVisible();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
    await page.getByRole('link', { name: /New bookings/ }).click();
    await expect(page).toHaveURL(/\/admin\/bookings\?filter=.*status.*new/);
  });
});
