import { expect, test } from '@playwright/test';
import { adminLogIn } from './support/admin.js';
import { waitForMail } from './support/mail.js';

test('an admin creates a tracking link, the customer follows it, and a status change reaches the page and the inbox', async ({
  page,
  browser,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const jobNumber = `JOB-${Date.now() % 100000}`;
  const email = `customer-${Date.now()}@example.com.au`;
  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Job Tracking' }).click();
  await expect(page.getByText('Create Customer Tracking Link')).toBeVisible();

  // The spec's checks before anything is sent.
  await page.getByRole('button', { name: 'Generate Tracking Link' }).click();
  await expect(page.getByText('Please enter job ID, customer name, and email')).toBeVisible();

  await page.getByRole('textbox', { name: 'Job ID', exact: true }).fill(jobNumber);
  await page.getByLabel('Customer Name').fill('Casey Customer');
  await page.getByLabel('Customer Email').fill(email);
  await page.getByRole('button', { name: 'Generate Tracking Link' }).click();
  await expect(page.getByText('A tracking link has been created for Casey Customer')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(jobNumber) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Clean & View Booked')).toBeVisible();

  const booked = await waitForMail(request, email, 'Your pipe inspection is booked');
  await row.getByRole('button', { name: `Copy link for ${jobNumber}` }).click();
  await expect(page.getByText('Tracking link copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  );
  expect(link).toMatch(/\/job-status\/booked-job\d+-[a-z2-7]{26}$/);
  expect(booked.text).toContain(link);

  // The page arrives rendered with the job (the customer sees it in the first paint), private.
  const served = await request.get(link);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('no-store');
  expect(served.headers()['referrer-policy']).toBe('no-referrer');
  const html = await served.text();
  expect(html).toContain(`Job ID: <strong>${jobNumber}</strong>`);
  expect(html).toContain('Hi Casey, here is where your job is up to.');

  // The customer opens the link; the page becomes interactive without re-rendering differently.
  const customer = await (await browser.newContext()).newPage();
  const consoleErrors: string[] = [];
  customer.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name: 'Your Job Status' })).toBeVisible();
  await expect(customer.getByText(jobNumber)).toBeVisible();
  await expect(customer.locator('[aria-current="step"]')).toContainText('Clean & View Booked');

  // The admin moves the job on, with the notification.
  await row.getByRole('button', { name: `Update status of ${jobNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Job Status' });
  await expect(dialog.getByText('Change the status and notify the customer.')).toBeVisible();
  await expect(dialog.getByLabel('Send notification email to customer')).toBeChecked();
  await dialog.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Quote Sent' }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(`Status update email sent to ${email}`)).toBeVisible();
  await expect(row.getByText('Quote Sent')).toBeVisible();

  const quoted = await waitForMail(request, email, 'Your quote is ready');
  expect(quoted.text).toContain(jobNumber);
  expect(quoted.html).toContain('View Your Job Status');

  await customer.reload();
  await expect(customer.locator('[aria-current="step"]')).toContainText('Quote Sent');
  await expect(customer.getByRole('progressbar', { name: 'Job progress' })).toHaveAttribute('aria-valuenow', '40');
  await expect(customer.getByText('Your quote is ready. Review it')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an unknown tracking code shows Invalid Job ID', async ({ page, request }) => {
  const served = await request.get('/job-status/booked-job1-aaaaaaaaaaaaaaaaaaaaaaaaaa');
  expect(served.status()).toBe(404);
  expect(await served.text()).toContain('Invalid Job ID');
  await page.goto('/job-status/invalid');
  await expect(page.getByRole('heading', { name: 'Invalid Job ID' })).toBeVisible();
  await expect(page.getByText('The job ID provided is not valid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an admin edits a template and sees it in the live preview', async ({ page }) => {
  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Email Templates' }).click();
  await page.getByRole('tab', { name: 'Quote Sent' }).click();
  await expect(page.getByText('Available variables: {customerName}, {jobId}, {trackingLink}')).toBeVisible();
  const subject = page.getByLabel('Email Subject');
  await subject.fill('');
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await subject.fill('Quote {jobId} for {customerName}');
  await expect(page.getByText('Preview: Quote JOB-1001 for Alex Citizen')).toBeVisible();
  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Email template has been successfully updated.')).toBeVisible();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Check your inbox for the test email.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Email settings have been updated.')).toBeVisible();
});
