import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { logIn, registerAndVerify } from './support/plumber.js';

test('a plumber registers, verifies the e-mail, signs in, edits the profile and signs out', async ({ page, request }) => {
  const email = `plumber-${Date.now()}@example.com.au`;
  await registerAndVerify(page, request, email, 'Jordan Journey');
  await logIn(page, email);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Plumber Portal' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page.getByText('Jordan Journey')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Business name').fill('Journey Plumbing & Drains');
  await page.getByLabel('Phone').fill('');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Your profile has been updated successfully')).toBeVisible();
  await expect(page.getByText('Journey Plumbing & Drains')).toBeVisible();
  await expect(page.getByText('Not provided')).toBeVisible();

  // The session survives a reload (the refresh cookie), then Sign Out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Plumber Portal' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/plumber-referral$/);
  await page.goto('/plumber-dashboard');
  await expect(page).toHaveURL(/\/plumber-referral$/);
});

test('an admin changes a plumber’s role, which takes effect on the plumber’s next request', async ({ page, browser, request }) => {
  const email = `promoted-${Date.now()}@example.com.au`;
  const plumberContext = await browser.newContext();
  const plumber = await plumberContext.newPage();
  await registerAndVerify(plumber, request, email, 'Riley Promoted');
  await logIn(plumber, email);
  await expect(plumber).toHaveURL(/\/plumber-dashboard$/);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome to the admin dashboard')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('admin-email')).toHaveText(E2E_ADMIN.email);

  await page.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'Manage admin users' })).toBeVisible();
  await page.getByPlaceholder('Search email, name, business').fill(email);
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Make Plumber' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(page.getByText('User role updated to admin')).toBeVisible();

  // The plumber's next request: the old session no longer works, so they are signed out…
  await plumber.reload();
  await expect(plumber).toHaveURL(/\/plumber-referral$/);
  // …and signing in again lands them in the staff console.
  await logIn(plumber, email);
  await expect(plumber).toHaveURL(/\/admin\/dashboard$/);
  await expect(plumber.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
  await plumberContext.close();
});

test('the console refuses to create admin accounts', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await page.getByLabel('Email').fill('someone@example.com.au');
  await page.getByLabel('Password').fill('whatever password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Signup disabled')).toBeVisible();
  await expect(page.getByText('Admin accounts must be created by existing administrators. Please contact your system administrator.')).toBeVisible();
});

test('the console keeps its session across a reload, shows account links as hidden in the outbox, and signs out', async ({ page, browser, request }) => {
  // A plumber's confirmation e-mail: its link works from the mailbox (registerAndVerify follows it).
  const email = `hidden-link-${Date.now()}@example.com.au`;
  const plumberContext = await browser.newContext();
  await registerAndVerify(await plumberContext.newPage(), request, email, 'Harper Hidden');
  await plumberContext.close();

  await adminLogIn(page);
  // A reload restores the session from the refresh cookie (JSON, same origin).
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('admin-email')).toHaveText(E2E_ADMIN.email);

  // The outbox keeps the message, with its link hidden.
  await page.goto(`/admin/notifications?filter=${encodeURIComponent(JSON.stringify({ to: email }))}`);
  await page.getByRole('cell', { name: 'Confirm your email address' }).click();
  const message = page.frameLocator('iframe[title="Rendered e-mail"]');
  await expect(message.getByText(/verify-email\?token=\[link hidden\]/).first()).toBeVisible();
  await expect(message.getByText(/token=[A-Za-z0-9_-]{43}/)).toHaveCount(0);

  // Logout ends the session: a reload stays signed out.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
