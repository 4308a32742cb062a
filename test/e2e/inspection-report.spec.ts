import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { linkIn, waitForMail } from './support/mail.js';

/**
 * Issue 17: staff write a report with two sections and a photo, publish it and a quote; the customer
 * opens the e-mailed link on a phone, unlocks it with the postcode, reads the report, downloads the
 * PDF and accepts the quote; the console shows the job Quote Accepted with the signature details.
 */
test('a report and a quote reach the customer’s phone, and the go-ahead comes back to the console', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 100000;
  const jobNumber = `JOB-${stamp}`;
  const email = `homeowner-${stamp}@example.com.au`;

  // The job, made through the API as the console's 'Create job' would (the address carries the postcode).
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseURL! } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}`, origin: baseURL! };
  const created = await request.post('/api/admin/jobs', {
    headers: auth,
    data: { jobNumber, customerName: 'Robin Homeowner', customerEmail: email, customerPhone: '0412 345 678', address: '12 Smith St, Parramatta NSW 2150' },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { id: string };

  // Staff write the report on the job's page.
  await adminLogIn(page);
  await page.goto(`/admin/job-tracking/${job.id}/show/report`);
  const report = page.getByRole('form', { name: 'Inspection report' });
  await expect(report).toBeVisible();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({ name: 'roots.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('button', { name: /^Delete Photo 1/ })).toBeVisible({ timeout: 20_000 });

  await report.getByLabel('Summary').fill('Tree roots have entered the clay line at the boundary. We recommend relining the first section.');
  for (const [index, section] of [
    { from: 'Boundary trap', to: 'Kitchen junction', structural: '4', service: '3', reline: '8' },
    { from: 'Kitchen junction', to: 'Bathroom', structural: '2', service: '1', reline: null },
  ].entries()) {
    await page.getByRole('button', { name: 'Add section' }).click();
    const card = page.getByRole('region', { name: `Section ${index + 1}` });
    await card.getByLabel('From').fill(section.from);
    await card.getByLabel('To').fill(section.to);
    await card.getByLabel('Material').selectOption({ label: 'Vitrified clay' });
    await card.getByLabel('Diameter (mm)').fill('100');
    await card.getByLabel('Length (m)').fill('12');
    await card
      .getByRole('radiogroup', { name: 'Structural grade' })
      .getByRole('radio', { name: new RegExp(`^${section.structural}:`) })
      .click();
    await card
      .getByRole('radiogroup', { name: 'Service grade' })
      .getByRole('radio', { name: new RegExp(`^${section.service}:`) })
      .click();
    if (section.reline) {
      await card.getByRole('button', { name: 'Reline' }).click();
      await card.getByLabel('Metres to reline').fill(section.reline);
      await card.getByRole('button', { name: 'Add observation' }).click();
      await card.getByLabel('Distance (m)').fill('3.2');
      await card.getByLabel('Code').selectOption({ label: 'Root intrusion' });
      await card.getByLabel('Note').fill('Fine roots through the joint.');
      await card.getByRole('button', { name: 'Attach photos' }).click();
      await card
        .getByRole('group', { name: /^Photos of/ })
        .getByRole('button')
        .first()
        .click();
      await card.getByRole('button', { name: 'Done' }).click();
      await expect(card.getByText('1 photo attached')).toBeVisible();
    } else {
      await card.getByRole('button', { name: 'Monitor' }).click();
    }
  }
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText('Report saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish report' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Publish/ })
    .click();
  await expect(page.getByText(/Published version 1/)).toBeVisible({ timeout: 20_000 });
  await waitForMail(request, email, "We've completed your inspection");
  await screenshot(page, 'report-editor-laptop');
  if (process.env.E2E_SCREENSHOTS) {
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, 'report-editor-tablet');
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // The quote, from the report.
  await page.getByRole('tab', { name: 'Quote' }).click();
  await page.getByRole('button', { name: 'Start from the report' }).click();
  await expect(page.getByRole('table', { name: 'Quote lines' }).getByText(/Reline 8 m of 100 mm pipe/)).toBeVisible();
  await page.getByRole('button', { name: 'Save quote' }).click();
  await expect(page.getByText('Quote saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish quote' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Publish/ })
    .click();
  await expect(page.getByText('Quote published')).toBeVisible();
  await screenshot(page, 'quote-editor-laptop');
  if (process.env.E2E_SCREENSHOTS) {
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole('list', { name: 'Quote lines' })).toBeVisible();
    await screenshot(page, 'quote-editor-tablet');
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  const quoted = await waitForMail(request, email, 'Your quote is ready');

  // The customer, on a phone, from the e-mail.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });
  const customer = await phone.newPage();
  const consoleErrors: string[] = [];
  customer.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await customer.goto(linkIn(quoted, '/job-status/'));
  await expect(customer.getByRole('heading', { name: 'See your report and quote' })).toBeVisible();
  await expect(customer.getByText('Tree roots have entered')).toHaveCount(0);
  await customer.getByLabel('Postcode').fill('2151');
  await customer.getByRole('button', { name: 'Unlock' }).click();
  await expect(customer.getByRole('alert')).toContainText('That does not match our records. Please check and try again.');
  // The browser logs the refused try's 400 itself: nothing else may be logged from here on.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  consoleErrors.length = 0;
  await customer.getByLabel('Postcode').fill('2150');
  await customer.getByRole('button', { name: 'Unlock' }).click();

  await expect(customer.getByText('Tree roots have entered the clay line at the boundary.')).toBeVisible();
  await expect(customer.getByRole('heading', { name: /Boundary trap.*Kitchen junction/ })).toBeVisible();
  await expect(customer.getByText('Serious damage').first()).toBeVisible();
  await expect(customer.getByText('The pipe is failing. Repair it soon to avoid blockages and leaks.').first()).toBeVisible();
  await expect(customer.locator('picture img').first()).toBeVisible();
  await screenshot(customer, 'inspection-report-phone');

  const download = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

  const quote = customer.getByRole('region', { name: 'Your quote' });
  await expect(quote.getByText(/^Total \$[\d,]+\.\d\d inc\. GST \(GST \$[\d,]+\.\d\d\)$/)).toBeVisible();
  await quote.getByLabel('Full name').fill('Robin Homeowner');
  await quote.getByRole('checkbox', { name: /I accept this quote/ }).check();
  await quote.getByRole('button', { name: 'Accept quote' }).click();
  await expect(quote.getByRole('heading', { name: 'Quote accepted' })).toBeVisible();
  await expect(customer.locator('[aria-current="step"]')).toContainText('Quote Accepted');
  await waitForMail(request, email, "We've received your go-ahead");
  expect(consoleErrors).toEqual([]);
  await phone.close();

  // The console: Quote Accepted, with who accepted and when.
  await page.goto(`/admin/job-tracking/${job.id}/show`);
  await expect(page.getByText('Quote Accepted').first()).toBeVisible();
  await expect(page.getByText(/Accepted by Robin Homeowner/)).toBeVisible();
  await screenshot(page, 'job-accepted-laptop');
});

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
