import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';

/** A photo as a phone takes one: large, in colour, with a gradient so every encoder has work to do. */
async function photo(): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3b66"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="900" cy="600" r="300" fill="#ffffff" opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test('staff upload a photo, choose it as the home page hero, and the home page shows it in every size', async ({ page, request }) => {
  // The upload is published in fifteen files (a few seconds) before the journey goes on.
  test.setTimeout(90_000);
  const alt = `Our relining crew at a Richmond job ${Date.now()}`;
  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Media Library' }).click();
  await page.getByRole('link', { name: 'Upload photo' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'crew.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await page.getByLabel('Alt text').fill(alt);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // Published: the photo's page, with its sizes, not yet used anywhere.
  await expect(page.getByText('served 480, 800, 1200, 1600 px wide as AVIF, WebP and JPEG', { exact: false })).toBeVisible({ timeout: 30_000 });
  const imageId = /\/admin\/media\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(imageId).toBeTruthy();

  await page.getByRole('menuitem', { name: 'Website Images' }).click();
  await page.getByRole('row', { name: /Home page: hero/ }).click();
  const picker = page.getByLabel('Photo');
  await picker.fill(alt.slice(0, 30));
  await page.getByRole('option', { name: alt }).click();
  await expect(page.getByRole('img', { name: alt })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/site-slots$/);

  try {
    await page.goto('/');
    await page.reload();
    const hero = page.locator('.hero picture');
    await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`/media/${imageId}/480\\.avif 480w, /media/${imageId}/800\\.avif 800w`),
    );
    await expect(hero.locator('source[type="image/webp"]')).toHaveAttribute('srcset', new RegExp(`/media/${imageId}/1600\\.webp 1600w`));
    const img = hero.getByRole('img', { name: alt });
    await expect(img).toHaveAttribute('width', '1800');
    await expect(img).toHaveAttribute('height', '1200');
    // The browser chose and decoded one of the variants.
    await expect
      .poll(() =>
        img.evaluate((element) => (element as { complete: boolean; naturalWidth: number }).complete && (element as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await img.evaluate((element) => (element as { currentSrc: string }).currentSrc)).toMatch(new RegExp(`/media/${imageId}/\\d+\\.(avif|webp|jpg)$`));
    // The hero is preloaded with the page.
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute('imagesrcset', new RegExp(`/media/${imageId}/`));
  } finally {
    // The other journeys see the home page as built.
    const token = ((await (await request.post('/api/auth/login', { data: E2E_ADMIN })).json()) as { accessToken: string }).accessToken;
    const reset = await request.put('/api/admin/site-slots/home.hero', { data: { imageId: null }, headers: { authorization: `Bearer ${token}` } });
    expect(reset.status()).toBe(200);
  }
});
