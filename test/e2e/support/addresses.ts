import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config.js';

let staffToken: string | undefined;

/** A staff list's records matching `q`, read through the staff API. */
export async function staffRecords(request: APIRequestContext, resource: string, q: string): Promise<Array<Record<string, unknown>>> {
  // One sign-in for the run: sign-ins are 10 a minute per address and per account.
  staffToken ??= ((await (await request.post('/api/auth/login', { data: E2E_ADMIN })).json()) as { accessToken: string }).accessToken;
  const response = await request.get(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`, {
    headers: { Authorization: `Bearer ${staffToken}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Array<Record<string, unknown>>;
}

/** Types into an address field and picks the suggestion named `option` (waiting for it, never for time). */
export async function pick(page: Page, field: Locator, typed: string, option: string) {
  await field.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field).toHaveValue(option);
}

/** Types into a street-address field and waits for its suggestions' answer: it must offer nothing. */
export async function expectNoSuggestions(page: Page, field: Locator, typed: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/addresses/suggest') && response.url().includes(`q=${encodeURIComponent(typed)}`),
  );
  await field.fill(typed);
  const response = await answered;
  expect(new URL(response.url()).searchParams.get('kind')).toBe('address');
  expect(await response.json()).toEqual([]);
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
}
