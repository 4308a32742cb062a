import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail.js';

export const PLUMBER_PASSWORD = 'plumber journey password';

/** Fills the registration form of /plumber-referral (already open) and confirms the e-mail from the inbox. */
export async function completeRegistration(page: Page, request: APIRequestContext, email: string, fullName: string) {
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Business name').fill('Journey Plumbing');
  await page.getByLabel('Phone').fill('0400 222 333');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PLUMBER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible();

  const mail = await waitForMail(request, email, 'Confirm your email address');
  await page.goto(linkIn(mail, '/verify-email?token='));
  await expect(page.getByText('Your email address is confirmed. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Log In', exact: true }).click();
}

/** Registers a plumber from /plumber-referral and confirms the e-mail; ends on the log-in form. */
export async function registerAndVerify(page: Page, request: APIRequestContext, email: string, fullName: string) {
  await page.goto('/plumber-referral');
  await page.getByRole('button', { name: /Don.t have an account\? Register/ }).click();
  await completeRegistration(page, request, email, fullName);
}

export async function logIn(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PLUMBER_PASSWORD);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}
