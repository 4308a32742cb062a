import { expect, test, type Page } from '@playwright/test';
import { formatMoney, REFERRAL_FEE_DOLLARS } from '@relining/contracts/business';
import { RELINE_NOT_EARNED_MESSAGE } from '@relining/contracts/referral-rules';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';
import { pick, staffRecords } from './support/addresses.js';
import { linkIn, waitForMail } from './support/mail.js';
import { chooseFreeSlot } from './support/slots.js';
import { completeRegistration, logIn, PLUMBER_PASSWORD, registerAndVerify } from './support/plumber.js';

/** A small real PNG (1×1), so the server's content check accepts it as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function fillClientAndIssue(form: ReturnType<Page['getByRole']>, page: Page, client: string) {
  await form.getByLabel(/^Client name/).fill(client);
  await form.getByLabel(/^Client contact number/).fill('+61 400 555 666');
  await form.getByLabel(/^Job address/).fill('12 River Road');
  // The address field's suggestions (the built-in Australian localities).
  await form.getByLabel(/^Suburb/).fill('Geelong');
  await form.getByRole('option', { name: 'Geelong VIC 3220', exact: true }).click();
  await expect(form.getByLabel(/^Suburb/)).toHaveValue('Geelong VIC 3220');
  await form.getByLabel(/^Urgency/).selectOption({ label: 'Within 24 hours' });
  await form.getByLabel(/^Describe the issue/).fill('Tree roots in the sewer line, recurring blockage');
}

test('a plumber sends a quick referral, registers with that e-mail and adds it to their account from the dashboard', async ({ page, request }) => {
  const email = `quick-${Date.now()}@example.com.au`;
  await page.goto('/plumber-portal');
  const form = page.getByRole('form', { name: 'Submit a Quick Referral' });

  // The checks of spec §5 first, shown on the fields.
  await form.getByRole('button', { name: 'Submit Referral & Register' }).click();
  await expect(form.getByText('Plumber name is required')).toBeVisible();
  await expect(form.getByText('Client name is required')).toBeVisible();

  await form.getByLabel(/^Your name/).fill('Quinn Quick');
  await form.getByLabel(/^Company name/).fill('Quick Drains');
  await form.getByLabel(/^Contact number/).fill('+61 400 121 212');
  await form.getByLabel(/^Email/).fill(email);
  await fillClientAndIssue(form, page, 'Riley Roots');
  await expect(form.getByLabel('Permission to contact client')).toBeChecked();
  await form.getByRole('button', { name: 'Submit Referral & Register' }).click();
  await expect(page.getByText('Thank you for your referral!')).toBeVisible();
  await expect(page.getByText('To track this referral and access your dashboard, please register for a plumber account.')).toBeVisible();

  // After 2 seconds: registration, with the e-mail already filled in.
  await expect(page).toHaveURL(/\/plumber-referral$/, { timeout: 5_000 });
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  // Someone else used the same address on the quick form: that one must never join the account silently.
  await request.post('/api/referrals/quick', {
    data: {
      plumberName: 'Not Quinn',
      plumberCompany: 'Other Drains',
      plumberPhone: '0400 999 111',
      plumberEmail: email,
      clientName: 'Stranger Danger',
      jobAddress: '1 Other Street',
      suburb: 'Toowong',
      clientPhone: '0400 222 333',
      urgency: 'low',
      description: 'Not from Quinn',
    },
  });
  await completeRegistration(page, request, email, 'Quinn Quick');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  const offer = page.getByRole('region', { name: '2 referrals were submitted with your e-mail address — add them to your account?' });
  await expect(offer).toContainText('Riley Roots');
  await expect(offer).toContainText('12 River Road, Geelong VIC 3220');
  await expect(offer).toContainText('Stranger Danger');
  await expect(card(page, 'Total Referrals')).toHaveText(/^Total Referrals\s*0$/);
  await offer.getByRole('checkbox', { name: /Stranger Danger/ }).uncheck();
  await offer.getByRole('button', { name: 'Add 1 to my account' }).click();
  await expect(page.getByText('1 referral added to your account.')).toBeVisible();
  const row = page.getByRole('row', { name: /Riley Roots/ });
  await expect(row).toContainText('12 River Road, Geelong VIC 3220');
  await expect(row).toContainText('Referred');
  await expect(card(page, 'Total Referrals')).toHaveText(/^Total Referrals\s*1$/);

  // The other one stays on offer until Quinn says it is not theirs; then it is gone from the dashboard for good.
  const rest = page.getByRole('region', { name: '1 referral was submitted with your e-mail address — add it to your account?' });
  await expect(rest).toContainText('Stranger Danger');
  await rest.getByRole('button', { name: 'Not mine' }).click();
  await expect(page.getByText('1 referral kept off your account. Our team can see you said it is not yours.')).toBeVisible();
  await expect(rest).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row', { name: /Riley Roots/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Stranger Danger/ })).toHaveCount(0);
  await expect(page.getByText(/submitted with your e-mail address/)).toHaveCount(0);
});

test('the new-referral page asks a signed-out visitor to log in, then goes to the portal', async ({ page }) => {
  await page.goto('/plumber-dashboard/new-referral');
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-portal$/, { timeout: 5_000 });
});

test('a plumber refers a job with a photo; staff complete the Clean & View, then pay; the dashboard follows', async ({ page, browser, request }) => {
  // Two people in two browsers, a photo decoded and five e-mails: 20 to 50 s on this 2-core machine,
  // so three times the usual allowance keeps it from failing on a busy one.
  test.setTimeout(90_000);
  const email = `referrer-${Date.now()}@example.com.au`;
  const client = `Casey Camera ${Date.now()}`;
  await registerAndVerify(page, request, email, 'Robin Referrer');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  await expect(page.getByText('No referrals yet')).toBeVisible();
  await expect(page.getByText('Get started by submitting your first referral!')).toBeVisible();

  await page.getByRole('link', { name: 'Submit New Referral' }).click();
  await expect(page).toHaveURL(/\/plumber-dashboard\/new-referral$/);
  await expect(page.getByRole('heading', { name: 'Submit New Referral' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Submit New Referral' });
  // Prefilled from the account.
  await expect(form.getByLabel(/^Your name/)).toHaveValue('Robin Referrer');
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  await fillClientAndIssue(form, page, client);
  await form.getByLabel('Clean & View (drain clean and CCTV inspection)').uncheck();
  await form.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(form.getByText('Please select at least one service type')).toBeVisible();
  await form.getByLabel('Pipe relining').check();
  await page.locator('input[type="file"]').setInputFiles({ name: 'roots.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('roots.png')).toBeVisible();
  await form.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(page.getByText('Referral submitted successfully')).toBeVisible();
  await expect(page.getByText("Thank you! You'll see updates in your dashboard.")).toBeVisible();
  await expect(page).toHaveURL(/\/plumber-dashboard$/);

  const row = page.getByRole('row', { name: new RegExp(client) });
  await expect(row).toContainText(/R-\d{6}/);
  await expect(row).toContainText('12 River Road, Geelong VIC 3220');
  await expect(row).toContainText('Referred');
  // Nothing earned yet: each part reads as what it could become, never as money owed.
  await expect(row).toContainText(/C&V:\s*up to \$80 once inspected/);
  await expect(row).toContainText(/Reline:\s*up to \$400 if relined/);
  await expect(card(page, 'Rebate Pending')).toContainText('$0');
  await expect(page.getByText('Up to $480 more if your referred jobs go ahead.')).toBeVisible();
  const refId = (await row.getByRole('button', { name: /View referral/ }).textContent())!.trim();
  await row.getByRole('button', { name: /View referral/ }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: 'roots.png' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

  // Staff, in the console.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await adminLogIn(staff);
  await staff.getByRole('searchbox', { name: 'Search' }).fill(refId);
  // The search is applied (debounced) and kept in the address, react-admin's way.
  await expect(staff).toHaveURL(/filter=.*R-\d{6}/);
  await staff.getByRole('button', { name: `Open referral ${refId}` }).click();
  const detail = staff.getByRole('dialog');
  // Phones shown as typed, called in +61 form without the trunk 0.
  await expect(detail.getByRole('link', { name: '+61 400 555 666' })).toHaveAttribute('href', 'tel:+61400555666');
  await expect(detail.getByRole('link', { name: '0400 222 333' })).toHaveAttribute('href', 'tel:+61400222333');
  await detail.getByRole('button', { name: 'Open photo roots.png' }).click();
  await expect(staff.getByRole('img', { name: 'roots.png' })).toBeVisible();
  await staff.getByRole('button', { name: 'Close photo' }).click();
  await setStatus(staff, 'Clean & View Completed');

  await page.reload();
  await expect(row).toContainText('Clean & View Completed');
  await expect(row).toContainText(/C&V:\s*\$80\s*Earned, processing/);
  await expect(row).toContainText(/Reline:\s*up to \$400 if relined/);
  // Rebate Pending is what was earned and is not paid yet; the reline is only possible.
  await expect(card(page, 'Rebate Paid')).toContainText('$0');
  await expect(card(page, 'Rebate Pending')).toContainText('$80');
  await expect(page.getByText('Up to $400 more if your referred jobs go ahead.')).toBeVisible();

  // Only the Clean & View is paid, and staff are told why the reline is not.
  await setStatus(staff, 'Rebate Paid', RELINE_NOT_EARNED_MESSAGE);

  // 'Send Email to Plumber' really sends it.
  await detail.getByRole('button', { name: 'Send Email to Plumber' }).click();
  const compose = staff.getByRole('dialog', { name: 'Send Email to Plumber' });
  await compose.getByLabel('Subject').fill(`Your rebate for ${refId} is paid`);
  await compose.getByLabel('Message').fill('Thanks for the referral: $80 is on its way to your account.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByText('Email sent', { exact: true })).toBeVisible();
  const mail = await waitForMail(request, email, `Your rebate for ${refId} is paid`);
  expect(mail.text).toContain('$80 is on its way to your account.');

  // The referral has its own address: the dialog's 'Open as page', and the same page opened afresh.
  await detail.getByRole('link', { name: 'Open as page' }).click();
  await expect(staff).toHaveURL(/\/admin\/referrals\/[0-9a-f-]{36}$/);
  const own = await staffContext.newPage();
  await own.goto(staff.url());
  await expect(own.getByRole('heading', { name: `Referral ${refId}`, level: 1 })).toBeVisible();
  await expect(own.getByText(/Status: .+ → Rebate Paid/)).toBeVisible();
  await expect(own.getByText(`E-mail sent: Your rebate for ${refId} is paid`)).toBeVisible();
  await staffContext.close();

  await page.reload();
  await expect(row).toContainText('Rebate Paid');
  // Only what was earned is paid: the job was never relined.
  await expect(row).toContainText(/C&V:\s*\$80\s*Paid/);
  await expect(row).not.toContainText(/Reline:\s*\$400\s*Paid/);
  await expect(row).toContainText(/Reline:\s*up to \$400 if relined/);
  await expect(card(page, 'Rebate Paid')).toContainText('$80');
  await expect(card(page, 'Rebate Pending')).toContainText('$0');
  await expect(page.getByText('Up to $400 more if your referred jobs go ahead.')).toBeVisible();
});

/** One of the dashboard's summary cards (Total Referrals, Rebate Paid, Rebate Pending). */
function card(page: Page, label: string) {
  return page.getByRole('list', { name: 'Referral summary' }).getByRole('listitem').filter({ hasText: label });
}

/** Sets the open referral's status; `notice` is what the server says the change could not do, if anything. */
async function setStatus(staff: Page, label: string, notice?: string) {
  const detail = staff.getByRole('dialog');
  await detail.getByRole('combobox', { name: 'Status' }).click();
  await staff.getByRole('option', { name: label }).click();
  await expect(staff.getByText('Status updated', { exact: true }).last()).toBeVisible();
  await expect(staff.getByText(notice ?? 'Referral status updated successfully').last()).toBeVisible();
  // Saved for real: the change is in the referral's history.
  await expect(detail.getByText(new RegExp(`Status: .+ → ${label}`))).toBeVisible();
}

test('on a 360 px phone every status chip and rebate badge of the dashboard fits inside its card', async ({ page, request }) => {
  const email = `narrow-${Date.now()}@example.com.au`;
  const registered = await request.post('/api/auth/register', {
    data: { email, password: PLUMBER_PASSWORD, fullName: 'Nadia Narrow', businessName: 'Narrow Drains', phone: '0400 333 444' },
  });
  expect(registered.status()).toBe(201);
  const confirm = await waitForMail(request, email, 'Confirm your email address');
  const token = new URL(linkIn(confirm, '/verify-email?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  const plumber = (await (await request.post('/api/auth/login', { data: { email, password: PLUMBER_PASSWORD } })).json()) as { accessToken: string };
  const admin = (await (await request.post('/api/auth/login', { data: E2E_ADMIN })).json()) as { accessToken: string };
  // One referral in each status, with the longest labels ('Clean & View Completed', 'Processing').
  for (const status of ['referred', 'cleanview_completed', 'reline_completed', 'rebate_paid']) {
    const created = await request.post('/api/me/referrals', {
      headers: { Authorization: `Bearer ${plumber.accessToken}` },
      data: {
        clientName: `Client ${status}`,
        clientPhone: '0412 345 678',
        jobAddress: '1024 Extraordinarily Long Boulevard',
        suburb: 'Parramatta NSW 2150',
        urgency: 'medium',
        description: 'Tree roots',
        serviceTypes: { cleanView: true, reline: true },
      },
    });
    expect(created.status()).toBe(201);
    if (status === 'referred') continue;
    const { id } = (await created.json()) as { id: string };
    const updated = await request.put(`/api/admin/referrals/${id}`, { headers: { Authorization: `Bearer ${admin.accessToken}` }, data: { status } });
    expect(updated.status()).toBe(200);
  }

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/plumber-referral');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);
  const rows = page.getByRole('row').filter({ hasText: /R-\d{6}/ });
  await expect(rows).toHaveCount(4);
  await expect(page.getByText('Clean & View Completed')).toBeVisible();
  for (const row of await rows.all()) {
    const card = (await row.boundingBox())!;
    const chips = row.locator('.status-badge, .rebate-status');
    await expect(chips).toHaveCount(3);
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    }
  }
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(360);

  // The same chips in a referral's detail dialog.
  await rows
    .filter({ hasText: 'Client cleanview_completed' })
    .getByRole('button', { name: /View referral/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('No photos were added to this referral.')).toBeVisible();
  const panel = (await dialog.boundingBox())!;
  const chips = dialog.locator('.status-badge, .rebate-status');
  await expect(chips).toHaveCount(3);
  for (const chip of await chips.all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  }
});

test("one connected pipeline: a plumber's link copied, a homeowner books through it, staff make the job from the booking and inspect it; the plumber sees $80 pending and has the e-mail", async ({
  page,
  browser,
  request,
  context,
}) => {
  // Three people in three browsers and four e-mails: twice the photo journey's allowance.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `linker-${Date.now()}@example.com.au`;
  const homeowner = `Bea Booker ${Date.now()}`;
  const homeownerEmail = `booker-${Date.now()}@example.com.au`;
  const jobNumber = `JOB-${Date.now() % 100000}`;
  await registerAndVerify(page, request, email, 'Lee Linker');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/plumber-dashboard$/);

  const linkCard = page.getByRole('region', { name: 'Your referral link' });
  const field = linkCard.getByRole('textbox', { name: 'Your referral link' });
  await expect(field).toHaveValue(/[?&]ref=[A-Z0-9]{6,12}$/);
  const url = await field.inputValue();
  const code = new URL(url).searchParams.get('ref')!;
  await expect(linkCard).toContainText(`Your code: ${code}`);
  await expect(linkCard.getByRole('img', { name: /^QR code of your referral link/ }).locator('svg')).toBeVisible();
  await linkCard.getByRole('button', { name: 'Copy link' }).click();
  await expect(linkCard.getByRole('status')).toHaveText('Link copied');
  expect(
    await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()),
  ).toBe(url);

  // The homeowner follows the link: the server remembers the code, the page as prerendered does not carry it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const landing = `${new URL(url).pathname}${new URL(url).search}`;
  const served = await (await request.get(landing)).text();
  const prerendered = served.match(/<input[^>]*name="referral_code"[^>]*>/)?.[0];
  expect(prerendered).toBeDefined();
  expect(prerendered).not.toContain(code);
  await visitor.goto(landing);
  await expect.poll(async () => (await visitorContext.cookies()).find((cookie) => cookie.name === 'relining_ref')?.value).toBe(code);
  await expect(visitor.locator('#home-booking-referral_code')).toHaveValue(code);

  // On another page, without ?ref=, the booking dialog offers the remembered code; that booking is credited.
  await visitor.goto('/about');
  await visitor
    .getByRole('banner')
    .getByRole('button', { name: /^Book Clean & View/ })
    .click();
  const dialog = visitor.getByRole('dialog', { name: 'Book Your Clean & View Inspection' });
  await expect(dialog.getByLabel(/^Referral code/)).toHaveValue(code);
  await dialog.locator('#dialog-booking-name').fill(homeowner);
  await dialog.locator('#dialog-booking-email').fill(homeownerEmail);
  await dialog.locator('#dialog-booking-phone').fill('0400 777 888');
  await pick(visitor, dialog.locator('#dialog-booking-suburb'), 'Toowo', 'Toowong QLD 4066');
  await dialog.locator('#dialog-booking-address').fill('8 Referral Road');
  await chooseFreeSlot(dialog, 'dialog-booking');
  await dialog.locator('#dialog-booking-message').fill('Slow drain in the laundry');
  await dialog.getByRole('button', { name: 'Book My Clean & View' }).click();
  await expect(dialog.getByText("Thanks for booking your Clean & View. We'll be in touch shortly to confirm the appointment.")).toBeVisible();
  await visitorContext.close();

  const [booking] = await staffRecords(request, 'bookings', homeownerEmail);
  expect(booking).toMatchObject({ email: homeownerEmail, referralCode: code, referralCodeStatus: 'attributed' });
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(homeowner) });
  await expect(row).toContainText('Referred');
  await expect(row).not.toContainText('Job:');
  const refId = (await row.getByRole('button', { name: /View referral/ }).textContent())!.trim();
  expect(refId).toMatch(/^R-\d{6}$/);

  // Staff, in their own browser: the booking's own page, the referral it made, and the job made from it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await adminLogIn(staff);
  await staff.getByRole('menuitem', { name: 'Booking Requests' }).click();
  await staff.getByPlaceholder('Search name, email, phone, suburb').fill(homeowner);
  await expect(staff).toHaveURL(/filter=.*Bea/);
  const bookingRow = staff.getByRole('row', { name: new RegExp(homeowner) });
  await expect(bookingRow.getByText(code, { exact: true })).toBeVisible();
  await bookingRow.getByRole('link', { name: 'Open as page' }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/bookings/${String(booking!.id)}/show$`));
  await expect(staff.getByRole('heading', { name: homeowner, level: 1 })).toBeVisible();
  const codeSection = staff.getByRole('region', { name: 'Referral code', exact: true });
  await expect(codeSection.getByText(code, { exact: true })).toBeVisible();
  await expect(codeSection.getByRole('link', { name: new RegExp(`^Lee Linker .*· ${refId}$`) })).toBeVisible();
  const jobSection = staff.getByRole('region', { name: 'Job', exact: true });
  await expect(jobSection.getByText(/^No job yet\./)).toBeVisible();

  await jobSection.getByRole('button', { name: 'Create job' }).click();
  const create = staff.getByRole('dialog', { name: 'Create job' });
  await expect(create.getByLabel('Customer Name')).toHaveValue(homeowner);
  await expect(create.getByLabel('Customer Email')).toHaveValue(homeownerEmail);
  // The plumber's referral is offered, first referrer and preselected.
  const offered = create.getByRole('radio', { name: new RegExp(refId) });
  await expect(offered).toBeChecked();
  await expect(create.getByRole('radiogroup', { name: 'Referral' })).toContainText(/Lee Linker.*First referrer|First referrer.*Lee Linker/s);
  await create.getByRole('textbox', { name: 'Job ID', exact: true }).fill(jobNumber);
  await create.getByRole('button', { name: 'Create job' }).click();
  await expect(staff.getByText(`${jobNumber}: a tracking link has been created for ${homeowner}`)).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/job-tracking\/[^/]+\/show$/);
  await expect(staff.getByRole('link', { name: `${refId} · Lee Linker` })).toBeVisible();

  // Inspected, with the console's own status control on the job's page.
  await staff.getByRole('button', { name: 'Update Status' }).click();
  const update = staff.getByRole('dialog', { name: 'Update Job Status' });
  await update.getByLabel('Status').click();
  await staff.getByRole('option', { name: 'Inspection Completed' }).click();
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(staff.getByText('Job status updated to Inspection Completed')).toBeVisible();
  await expect(update).toBeHidden();
  // The page follows: the status chip (the history line says more than the stage).
  await expect(staff.getByRole('main').getByText('Inspection Completed', { exact: true })).toBeVisible();
  await staffContext.close();

  // The plumber's dashboard: the Clean & View is earned, not paid; the reline is still possible.
  const fee = formatMoney(REFERRAL_FEE_DOLLARS.cleanView);
  await page.reload();
  await expect(row).toContainText('Clean & View Completed');
  await expect(row).toContainText('Job: Inspection Completed');
  await expect(row).toContainText(new RegExp(`C&V:\\s*\\${fee}\\s*Earned, processing`));
  await expect(row).toContainText(/Reline:\s*up to \$400 if relined/);
  await expect(card(page, 'Rebate Pending').locator('.summary-card__value')).toHaveText(fee);
  await expect(card(page, 'Rebate Paid').locator('.summary-card__value')).toHaveText('$0');

  // And the plumber's inbox.
  const mail = await waitForMail(request, email, `Update on your referral ${refId}`);
  expect(mail.text).toContain('Clean & View Completed');
  expect(mail.text).toContain(`Your Clean & View rebate of ${fee} has been earned`);
  expect(mail.text).toContain('The job is at: Inspection Completed.');
});
