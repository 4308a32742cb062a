import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.js';
import { adminLogIn } from './support/admin.js';

/**
 * Issue 19: staff save a view of the job list, bulk-move three jobs to the next stage with
 * notifications off, then open one job and see in its History who moved it. Then the Audit log
 * lists the same change.
 */
test('staff save a view, bulk-move three jobs without e-mails, and a job’s History says who did it', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = `Bulk${Date.now() % 100000}`;
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseURL! } });
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}`, origin: baseURL! };
  const jobs: Array<{ id: string; jobNumber: string; email: string }> = [];
  for (const letter of ['A', 'B', 'C']) {
    const jobNumber = `JOB-${stamp}${letter}`;
    const email = `bulk-${stamp.toLowerCase()}-${letter.toLowerCase()}@example.com.au`;
    const created = await request.post('/api/admin/jobs', {
      headers: auth,
      data: {
        jobNumber,
        customerName: `Morgan ${stamp}${letter}`,
        customerEmail: email,
        customerPhone: '0412 345 678',
        address: '12 Smith St, Parramatta NSW 2150',
      },
    });
    expect(created.status()).toBe(201);
    jobs.push({ id: ((await created.json()) as { id: string }).id, jobNumber, email });
  }
  const queuedFor = async (email: string): Promise<number> => {
    const answer = await request.get(`/api/admin/notifications?filter=${encodeURIComponent(JSON.stringify({ to: email }))}`, { headers: auth });
    return ((await answer.json()) as unknown[]).length;
  };
  const queuedBefore = await Promise.all(jobs.map((job) => queuedFor(job.email)));

  // Staff narrow the job list to these jobs and save the view.
  await adminLogIn(page);
  await page.goto('/admin/job-tracking');
  await page.getByPlaceholder('Search job ID, customer, email').fill(stamp);
  await expect(page.getByRole('row').filter({ hasText: stamp })).toHaveCount(3);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const saveDialog = page.getByRole('dialog');
  await saveDialog.getByLabel('Name').fill(`Bulk jobs ${stamp}`);
  await saveDialog.getByRole('button', { name: 'Save view' }).click();
  await expect(saveDialog).toBeHidden();

  // The view is on the server: a fresh visit of the unfiltered list gets it back from the menu.
  await page.goto(`/admin/job-tracking?filter=${encodeURIComponent(JSON.stringify({ archived: false }))}`);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: `Bulk jobs ${stamp}` }).click();
  await expect(page.getByRole('row').filter({ hasText: stamp })).toHaveCount(3);
  await screenshot(page, 'jobs-saved-view-laptop');

  // Select the three jobs and move them to 'Inspection Completed' without telling the customers.
  for (const job of jobs) await page.getByRole('row').filter({ hasText: job.jobNumber }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to stage' }).click();
  const moveDialog = page.getByRole('dialog');
  await moveDialog.getByLabel('Stage').click();
  await page.getByRole('option', { name: 'Inspection Completed' }).click();
  const notify = moveDialog.getByRole('switch', { name: 'Notify customers' }).or(moveDialog.getByRole('checkbox', { name: 'Notify customers' }));
  await expect(notify).toBeChecked();
  await notify.uncheck();
  await screenshot(page, 'jobs-bulk-move-dialog');
  await moveDialog.getByRole('button', { name: 'Move jobs' }).click();
  await expect(moveDialog).toBeHidden();
  for (const job of jobs) await expect(page.getByRole('row').filter({ hasText: job.jobNumber })).toContainText('Inspection Completed');

  // No customer was e-mailed.
  expect(await Promise.all(jobs.map((job) => queuedFor(job.email)))).toEqual(queuedBefore);

  // One job's History says who moved it, and when.
  await page.getByRole('row').filter({ hasText: jobs[0]!.jobNumber }).getByText(jobs[0]!.jobNumber).click();
  await expect(page).toHaveURL(new RegExp(`/admin/job-tracking/${jobs[0]!.id}/show`));
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Stage changed');
  await expect(history).toContainText(E2E_ADMIN.email);
  await expect(history).toContainText('inspected');
  await screenshot(page, 'job-history-laptop');

  // On a phone the job's page and its History fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(E2E_ADMIN.email);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBe(390);
  await screenshot(page, 'job-history-phone');

  // The Audit log lists the three stage changes by this admin.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/audit?filter=${encodeURIComponent(JSON.stringify({ entity: 'job', action: 'stage_changed', actor: E2E_ADMIN.email }))}`);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  for (const job of jobs) await expect(page.getByRole('row').filter({ hasText: job.id })).toContainText(E2E_ADMIN.email);
  await screenshot(page, 'audit-log-laptop');
});

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}
