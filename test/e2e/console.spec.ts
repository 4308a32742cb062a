import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import type { AvailabilityAnswer } from '@relining/contracts/availability';
import { formatDateTimeIn, isoDayIn } from '@relining/contracts/date-format';
import { adminLogIn } from './support/admin.js';
import { waitForMail } from './support/mail.js';
import { logIn, registerAndVerify } from './support/plumber.js';
import { firstFreeSlot } from './support/slots.js';

const MELBOURNE = 'Australia/Melbourne';

/** The calendar day `days` after today in Perth. */
function perthDayIn(days: number): string {
  const date = new Date(`${isoDayIn('Australia/Perth')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('a signed-in plumber who opens a staff page arrives at the dashboard, still signed in', async ({ page, request }) => {
  const email = `wanderer-${Date.now()}@example.com.au`;
  await registerAndVerify(page, request, email, 'Wendy Wanderer');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);

  for (const path of ['/admin/bookings', '/admin', '/admin/email-templates']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/plumber-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Plumber Portal' })).toBeVisible();
  }
  // Still signed in: a fresh load restores the session from the refresh cookie.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Plumber Portal' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
});

test.describe('in a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the console shows Melbourne times: lists, detail, filters and the export', async ({ page, request }) => {
    const name = `Tilly Timezone ${Date.now()}`;
    // A free slot of the suburb's region: an arbitrary date can be a Sunday, a holiday or within the notice.
    const slot = await firstFreeSlot(request, 'Toowong QLD 4066');
    const before = Date.now();
    const created = await request.post('/api/bookings', {
      data: {
        name,
        email: 'tilly@example.com.au',
        phone: '0400 444 555',
        suburb: 'Toowong QLD 4066',
        address: '3 Coronation Drive',
        preferred_date: slot.date,
        preferred_time: slot.time,
        message: 'Roots',
      },
    });
    expect(created.status()).toBe(201);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

    // When it was received, as a Melbourne clock read it (to the minute, either side of the request).
    const minutes = [...new Set([before - 60_000, before, Date.now(), Date.now() + 60_000].map((at) => formatDateTimeIn(MELBOURNE, at)))];
    expect(minutes[0]).toMatch(/ AE[DS]T$/);
    const received = new RegExp(minutes.map((text) => text.replace(/[/.]/g, '\\$&')).join('|'));

    await adminLogIn(page);

    // The list, filtered to today's Melbourne date (the range filter's days are Melbourne days).
    const today = isoDayIn(MELBOURNE);
    await page.goto(`/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ q: name, createdFrom: today, createdTo: today }))}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText(received)).toBeVisible();
    await row.getByRole('cell', { name }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByText(received)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`bookings-${isoDayIn(MELBOURNE)}.csv`);

    // The outbox too: the booking's e-mails, queued at a Melbourne time.
    await page.getByRole('menuitem', { name: 'Outbox' }).click();
    await page.getByPlaceholder('Search recipient or subject').fill('tilly@example.com.au');
    await expect(
      page
        .getByRole('row', { name: /tilly@example.com.au/ })
        .first()
        .getByText(/\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T/)
        .first(),
    ).toBeVisible();
  });
});

test.describe('the template editor on a 1366×768 screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('fits: the body starts at 200 px and grows to a maximum, both buttons visible; says why a preview fails; the test e-mail links here', async ({
    page,
    request,
    baseURL,
  }) => {
    await adminLogIn(page);
    await page.getByRole('menuitem', { name: 'Email Templates' }).click();
    await page.getByRole('tab', { name: 'Reline Scheduled' }).click();
    const body = page.getByLabel('Email Body');
    const save = page.getByRole('button', { name: 'Save Template' });
    const sendTest = page.getByRole('button', { name: 'Send Test Email' });

    const inView = async () => {
      expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
      for (const button of [save, sendTest]) {
        const box = (await button.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(768);
      }
    };
    const height = async () => (await body.boundingBox())!.height;

    await body.fill('Short');
    await expect.poll(height).toBeGreaterThanOrEqual(199);
    expect(await height()).toBeLessThanOrEqual(210);
    await inView();

    await body.fill(Array.from({ length: 80 }, (_, i) => `Line ${i + 1} for {customerName}`).join('\n'));
    await expect.poll(height).toBeGreaterThan(250);
    const tall = await height();
    expect(tall).toBeLessThanOrEqual(420);
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await inView();

    // A preview that cannot render says why, inline.
    await body.fill('Hello {foo}');
    await expect(page.getByText('Unknown variable {foo}. Available variables: {customerName}, {jobId}, {trackingLink}')).toBeVisible();

    // Only whitespace is empty.
    await body.fill('   \n  ');
    await save.click();
    await expect(page.getByText('Email body is required')).toBeVisible();

    // The test e-mail (of the wording on screen) links to this product.
    await body.fill('Hi {customerName}, follow your job: {trackingLink}');
    await sendTest.click();
    await expect(page.getByText('Check your inbox for the test email.')).toBeVisible();
    const mail = await waitForMail(request, E2E_ADMIN.email, 'Your pipe repair is scheduled');
    expect(mail.text).toContain(`follow your job: ${baseURL}/job-status/`);
  });
});

test('staff correct a job, archive it (its page is then Invalid Job ID) and restore it; codes work in any case', async ({ page, browser }) => {
  const jobNumber = `JOB-${Date.now() % 100000}`;
  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Job Tracking' }).click();
  await page.getByRole('textbox', { name: 'Job ID', exact: true }).fill(jobNumber);
  await page.getByLabel('Customer Name').fill('Corey Typo');
  await page.getByLabel('Customer Email').fill(`corey-${Date.now()}@example.com.au`);
  await expect(page.getByLabel('Address')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Tracking Link' }).click();
  await expect(page.getByText('A tracking link has been created for Corey Typo')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(jobNumber) });
  await row.getByRole('cell', { name: jobNumber, exact: true }).click();
  await expect(page.getByText('Not specified')).toBeVisible();
  const link = await page.getByTestId('tracking-link').textContent();
  expect(link).toMatch(/\/job-status\/booked-job\d+-[a-z2-7]{26}$/);
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Customer Name').fill('Corey Correct');
  await page.getByLabel('Address').fill('7 Fixed Street, Geelong VIC 3220');
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Corey Correct', { exact: true })).toBeVisible();
  await expect(page.getByText('7 Fixed Street, Geelong VIC 3220', { exact: true })).toBeVisible();

  // Tracking codes whatever their case: the home page's lookup and the page itself.
  const code = link!.split('/job-status/')[1]!;
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/');
  await customer.locator('#track-job-code').fill(code.toUpperCase());
  await customer.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(customer.getByText(jobNumber)).toBeVisible();
  await customer.goto(`/job-status/${code.toUpperCase()}`);
  await expect(customer.getByRole('heading', { name: 'Your Job Status' })).toBeVisible();
  await expect(customer.getByText(jobNumber)).toBeVisible();

  // Archive: gone from the active list, the page says Invalid Job ID.
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`Job ${jobNumber} archived`)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Job Tracking' }).click();
  await page.getByPlaceholder('Search job ID, customer, email').fill(jobNumber);
  await expect(page).toHaveURL(/filter=.*JOB/);
  await expect(page.getByText(/^No .+ found/)).toBeVisible();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { name: 'Invalid Job ID' })).toBeVisible();

  await page.getByLabel('Show archived').check();
  await page
    .getByRole('row', { name: new RegExp(jobNumber) })
    .getByRole('cell', { name: jobNumber, exact: true })
    .click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Job ${jobNumber} restored`)).toBeVisible();
  await customer.goto(link!);
  await expect(customer.getByRole('heading', { name: 'Your Job Status' })).toBeVisible();
});

test('an enquiry is archived, not deleted, and nothing offers a Delete that fails; /admin/referrals leads to the dashboard', async ({ page, request }) => {
  const organisation = `City of Archive ${Date.now()}`;
  const posted = await request.post('/api/enquiries', {
    data: {
      kind: 'corporate',
      organisationName: organisation,
      contactPerson: 'Jordan Lee',
      email: 'jordan@example.gov.au',
      phone: '03 9000 0000',
      siteAddress: '1 Civic Drive, Example VIC 3000',
      issueType: 'roots',
      timing: 'planned',
    },
  });
  expect(posted.status()).toBe(201);
  await adminLogIn(page);
  const toasts: string[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'DELETE') toasts.push(`${response.status()} ${response.url()}`);
  });

  await page.getByRole('menuitem', { name: 'Enquiries' }).click();
  await page.getByPlaceholder('Search contact, organisation, email').fill(organisation);
  // The search is applied (debounced) before a row is opened.
  await expect(page).toHaveURL(/filter=.*Archive/);
  await page
    .getByRole('row', { name: new RegExp(organisation) })
    .first()
    .click();
  await expect(page.getByText(organisation)).toBeVisible();
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Enquiry archived')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Enquiries' }).click();
  await page.getByPlaceholder('Search contact, organisation, email').fill(organisation);
  await expect(page).toHaveURL(/filter=.*Archive/);
  await expect(page.getByText(/^No .+ found/)).toBeVisible();
  await page.getByLabel('Show archived').check();
  await page
    .getByRole('row', { name: new RegExp(organisation) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Enquiry restored')).toBeVisible();
  expect(toasts).toEqual([]);

  await page.goto('/admin/referrals');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
});

test('staff close a date for WA on the Availability page, and Cottesloe has that day closed', async ({ page, request }) => {
  const availability = async (from: string, days: number) => {
    const response = await request.get(`/api/availability?suburb=${encodeURIComponent('Cottesloe WA 6011')}&from=${from}&days=${days}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as AvailabilityAnswer;
  };
  // An open WA day well after the days other journeys book (the first free slot within 28 days).
  const open = (await availability(perthDayIn(40), 14)).days.find((day) => day.open);
  expect(open, 'an open WA day').toBeDefined();
  const day = open!.date;
  const saved = () => page.waitForResponse((response) => response.url().endsWith('/api/admin/settings/availability') && response.request().method() === 'PUT');

  await adminLogIn(page);
  await page.getByRole('menuitem', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/\/admin\/availability$/);
  await expect(page.getByRole('heading', { name: 'Availability', level: 1 })).toBeVisible();
  await expect(page.getByText('public holidays are closed automatically')).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill(day);
  await page.getByRole('combobox', { name: 'Closed in' }).click();
  await page.getByRole('option', { name: 'Western Australia' }).click();
  await page.getByRole('button', { name: 'Add date' }).click();
  const remove = page.getByRole('button', { name: new RegExp(`^Remove \\w{3} ${day.split('-').reverse().join('/')}, Western Australia$`) });
  await expect(remove).toBeVisible();

  let answer = saved();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText('Availability saved')).toBeVisible();
  expect((await availability(day, 1)).days[0]).toMatchObject({ date: day, open: false });

  // Open again, so the day stays bookable for the other journeys.
  await remove.click();
  answer = saved();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await answer).status()).toBe(200);
  expect((await availability(day, 1)).days[0]).toMatchObject({ date: day, open: true });
});
