import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config.js';

/** Signs the journeys' admin in to the staff console. */
export async function adminLogIn(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
