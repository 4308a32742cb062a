import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const customer = { jobNumber: 'JOB-2001', customerName: 'Alex Citizen', customerEmail: 'alex.citizen@example.com.au' };

describe('job tracking', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'staff@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  async function mailsTo(address: string, count: number) {
    await smtp.waitFor(count);
    return smtp.received.filter((mail) => mail.to.includes(address));
  }

  it('creates a tracking link with an unguessable code and e-mails it to the customer', async () => {
    const created = await sut.http().post('/api/admin/jobs').set(admin.auth).send(customer).expect(201);
    expect(created.body).toMatchObject({
      jobNumber: 'JOB-2001',
      customerName: 'Alex Citizen',
      customerEmail: 'alex.citizen@example.com.au',
      status: 'booked',
      statusLabel: 'Clean & View Booked',
      address: null,
      notification: { to: 'alex.citizen@example.com.au', status: 'queued' },
    });
    expect(created.body.trackingCode).toMatch(/^booked-job2001-[a-z2-7]{26}$/);
    expect(created.body.trackingLink).toBe(`http://localhost:3000/job-status/${created.body.trackingCode}`);

    const [mail] = await mailsTo(customer.customerEmail, 1);
    expect(mail!.subject).toBe('Your pipe inspection is booked');
    expect(mail!.text).toContain('Hi Alex Citizen,');
    expect(mail!.text).toContain('JOB-2001');
    expect(mail!.text).toContain(created.body.trackingLink);
    expect(mail!.html).toContain('View Your Job Status');

    const detail = await sut.http().get(`/api/admin/jobs/${created.body.id}`).set(admin.auth).expect(200);
    expect(detail.body.timeline).toEqual([
      expect.objectContaining({ status: 'booked', previousStatus: null, changedBy: 'staff@example.com.au', customerNotified: true }),
    ]);
    expect(detail.body.emails).toEqual([expect.objectContaining({ subject: 'Your pipe inspection is booked', templateKey: 'booking_confirmed' })]);
  });

  it.each([
    [{ ...customer, jobNumber: ' ' }, 'jobNumber', 'Please enter job ID, customer name, and email'],
    [{ ...customer, customerName: undefined }, 'customerName', 'Please enter job ID, customer name, and email'],
    [{ ...customer, customerEmail: '' }, 'customerEmail', 'Please enter job ID, customer name, and email'],
    [{ ...customer, customerEmail: 'alex@nowhere' }, 'customerEmail', 'Please enter a valid email address'],
  ])('refuses %j', async (body, field, message) => {
    const response = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...body, jobNumber: body.jobNumber === ' ' ? ' ' : 'JOB-BAD' })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message, errors: [{ field, message }] });
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM jobs WHERE job_number = 'JOB-BAD'`);
    expect(count).toBe(0);
  });

  it('refuses a second link for the same job number with a clear 409', async () => {
    await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...customer, jobNumber: 'JOB-2002' })
      .expect(201);
    const duplicate = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...customer, jobNumber: 'job-2002' })
      .expect(409);
    expect(duplicate.body).toMatchObject({ code: 'JOB_EXISTS', message: 'A tracking link already exists for job job-2002.' });
  });

  it('changes status with exactly one e-mail, rendered from the edited template', async () => {
    const job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, jobNumber: 'JOB-2003', notify: false })
        .expect(201)
    ).body;
    expect(job.notification).toBeNull();
    const template = (await sut.http().get('/api/admin/email-templates/quote_sent').set(admin.auth).expect(200)).body;
    await sut
      .http()
      .put('/api/admin/email-templates/quote_sent')
      .set(admin.auth)
      .send({ ...template, subject: 'Quote for {jobId} is ready, {customerName}' })
      .expect(200);

    const changed = await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'quoted', notify: true }).expect(200);
    expect(changed.body).toMatchObject({ status: 'quoted', statusLabel: 'Quote Sent', trackingCode: job.trackingCode, notification: { status: 'queued' } });

    const mails = await mailsTo(customer.customerEmail, 1);
    expect(mails.map((mail) => mail.subject)).toEqual(['Quote for JOB-2003 is ready, Alex Citizen']);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM notifications WHERE entity_id = $1`, [job.id]);
    expect(count).toBe(1);
  });

  it("allows any status from any status; accepted sends its own 'We've received your go-ahead'", async () => {
    const job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, jobNumber: 'JOB-2004', status: 'completed', notify: false })
        .expect(201)
    ).body;
    await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'accepted', notify: true }).expect(200);
    const [mail] = await mailsTo(customer.customerEmail, 1);
    expect(mail!.subject).toBe("We've received your go-ahead");
    await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'shipped' }).expect(400);
  });

  it('sends nothing on a status change when automatic notifications are off, unless asked', async () => {
    await sut.http().put('/api/admin/settings/email').set(admin.auth).send({ autoNotify: false }).expect(200, { autoNotify: false, includeTrackingLink: true });
    try {
      const job = (
        await sut
          .http()
          .post('/api/admin/jobs')
          .set(admin.auth)
          .send({ ...customer, jobNumber: 'JOB-2005' })
          .expect(201)
      ).body;
      expect(job.notification).toBeNull();
      const silent = await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'inspected' }).expect(200);
      expect(silent.body.notification).toBeNull();
      const asked = await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'quoted', notify: true }).expect(200);
      expect(asked.body.notification).not.toBeNull();
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM notifications WHERE entity_id = $1`, [job.id]);
      expect(count).toBe(1);
      const detail = await sut.http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200);
      expect(detail.body.timeline.map((e: { status: string; customerNotified: boolean }) => [e.status, e.customerNotified])).toEqual([
        ['booked', false],
        ['inspected', false],
        ['quoted', true],
      ]);
    } finally {
      await sut.http().put('/api/admin/settings/email').set(admin.auth).send({ autoNotify: true }).expect(200);
    }
  });

  it('leaves the View Your Job Status button out when the setting is off', async () => {
    await sut.http().put('/api/admin/settings/email').set(admin.auth).send({ includeTrackingLink: false }).expect(200);
    try {
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, jobNumber: 'JOB-2006' })
        .expect(201);
      const [mail] = await mailsTo(customer.customerEmail, 1);
      expect(mail!.html).not.toContain('View Your Job Status');
    } finally {
      await sut.http().put('/api/admin/settings/email').set(admin.auth).send({ includeTrackingLink: true }).expect(200);
    }
  });

  it("re-sends the current status's e-mail on request", async () => {
    const job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, jobNumber: 'JOB-2007', status: 'scheduled', notify: false })
        .expect(201)
    ).body;
    const resent = await sut.http().post(`/api/admin/jobs/${job.id}/notify`).set(admin.auth).expect(202);
    expect(resent.body.notification).toMatchObject({ to: customer.customerEmail });
    const [mail] = await mailsTo(customer.customerEmail, 1);
    expect(mail!.subject).toBe('Your pipe repair is scheduled');
  });

  it('lists, searches and filters in the react-admin dialect', async () => {
    const all = await sut
      .http()
      .get('/api/admin/jobs')
      .query({ filter: '{"q":"JOB-200"}', sort: '["jobNumber","ASC"]', range: '[0,2]' })
      .set(admin.auth)
      .expect(200);
    expect(all.headers['content-range']).toMatch(/^jobs 0-2\/\d+$/);
    expect(all.body.map((job: { jobNumber: string }) => job.jobNumber)).toEqual(['JOB-2001', 'JOB-2002', 'JOB-2003']);
    const quoted = await sut.http().get('/api/admin/jobs').query({ filter: '{"status":"quoted"}' }).set(admin.auth).expect(200);
    expect(quoted.body.every((job: { status: string }) => job.status === 'quoted')).toBe(true);
    const byEmail = await sut.http().get('/api/admin/jobs').query({ filter: '{"q":"alex.citizen"}' }).set(admin.auth).expect(200);
    expect(byEmail.body.length).toBeGreaterThan(0);
  });

  it('is for staff only', async () => {
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'jobs-plumber@example.com.au' }));
    await sut.http().get('/api/admin/jobs').set(plumber.auth).expect(403);
    await sut.http().post('/api/admin/jobs').set(plumber.auth).send(customer).expect(403);
    await sut.http().get('/api/admin/jobs').expect(401);
    await sut.http().get('/api/admin/email-templates').set(plumber.auth).expect(403);
    await sut.http().get('/api/admin/notifications').set(plumber.auth).expect(403);
    await sut.http().get('/api/admin/settings/email').set(plumber.auth).expect(403);
  });

  describe('the public job-status endpoint', () => {
    it('shows the stage and timeline but never the contact details', async () => {
      const job = (
        await sut
          .http()
          .post('/api/admin/jobs')
          .set(admin.auth)
          .send({ ...customer, jobNumber: 'JOB-2010', customerPhone: '0400 999 888', address: '1 Secret Lane, Hobart TAS 7000' })
          .expect(201)
      ).body;
      await sut.http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'quoted', notify: false }).expect(200);
      const response = await sut.http().get(`/api/job-status/${job.trackingCode}`).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.body).toMatchObject({
        jobNumber: 'JOB-2010',
        customerFirstName: 'Alex',
        status: 'quoted',
        statusLabel: 'Quote Sent',
        progress: 0.4,
        progressPercent: 40,
      });
      expect(response.body.stages.map((s: { status: string; state: string }) => `${s.status}:${s.state}`)).toEqual([
        'booked:completed',
        'inspected:completed',
        'quoted:current',
        'accepted:upcoming',
        'scheduled:upcoming',
        'completed:upcoming',
      ]);
      expect(response.body.stages[0].reachedAt).toMatch(/^\d{4}-/);
      expect(response.body.stages[1].reachedAt).toBeNull(); // skipped straight to quoted
      expect(response.body.stages[2].reachedAt).toMatch(/^\d{4}-/);
      const text = JSON.stringify(response.body);
      for (const secret of ['alex.citizen@example.com.au', '0400 999 888', 'Secret Lane', 'Citizen']) expect(text).not.toContain(secret);
    });

    it.each(['invalid', 'booked-job2010-aaaaaaaaaaaaaaaaaaaaaaaaaa', 'nothing'])('answers 404 for %s', async (code) => {
      const response = await sut.http().get(`/api/job-status/${code}`).expect(404);
      expect(response.body).toMatchObject({ code: 'JOB_NOT_FOUND', message: 'The job ID provided is not valid or has expired.' });
    });
  });
});

describe('job-status rate limit', () => {
  it('limits lookups per IP', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 60; i += 1) await sut.http().get('/api/job-status/invalid').expect(404);
      await sut.http().get('/api/job-status/invalid').expect(429);
    } finally {
      await sut.close();
    }
  });

  it('counts the server-rendered page with the API: one limit per IP, and a readable 429 page with Retry-After', async () => {
    const sut = await startTestApp();
    try {
      // Half the minute's lookups through the page, half through the API: the same 60 in all.
      for (let i = 0; i < 30; i += 1) await sut.http().get('/job-status/booked-job1001-abc').expect(200);
      for (let i = 0; i < 30; i += 1) await sut.http().get('/api/job-status/invalid').expect(404);

      const page = await sut
        .http()
        .get('/job-status/booked-job1001-abc')
        .set('accept', 'text/html')
        .expect(429)
        .expect('content-type', /text\/html/);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(page.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<h1>Too many requests</h1>');
      expect(page.text).toContain('Too many requests. Please wait a minute and try again.');
      expect(page.text).not.toContain('RATE_LIMITED');

      const api = await sut.http().get('/api/job-status/invalid').expect(429).expect('content-type', /json/);
      expect(api.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await sut.close();
    }
  });

  it('limits the page alone exactly like the API: 60 a minute, then 429', async () => {
    const sut = await startTestApp();
    try {
      for (let i = 0; i < 60; i += 1) await sut.http().get(`/job-status/booked-job1001-${i}`).expect(200);
      await sut.http().get('/job-status/booked-job1001-61').expect(429);
      // Other pages are not limited.
      await sut.http().get('/about').expect(200);
    } finally {
      await sut.close();
    }
  });
});

describe('e-mail templates, settings and the outbox', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'editor@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('lists every template, the six job templates first, with their variables', async () => {
    const response = await sut.http().get('/api/admin/email-templates').set(admin.auth).expect(200);
    expect(response.body.slice(0, 6).map((t: { key: string; subject: string }) => [t.key, t.subject])).toEqual([
      ['booking_confirmed', 'Your pipe inspection is booked'],
      ['inspection_completed', "We've completed your inspection"],
      ['quote_sent', 'Your quote is ready'],
      ['quote_accepted', "We've received your go-ahead"],
      ['reline_scheduled', 'Your pipe repair is scheduled'],
      ['job_completed', 'Your pipe has been repaired'],
    ]);
    expect(response.body[0]).toMatchObject({
      id: 'booking_confirmed',
      name: 'Booking Confirmed',
      group: 'job',
      variables: ['customerName', 'jobId', 'trackingLink'],
    });
    expect(response.body[0].body).toMatch(/^Hi \{customerName\},/);
    expect(response.body.length).toBeGreaterThan(6);
    expect(response.body.map((t: { key: string }) => t.key)).toContain('referral_status_changed');
    expect(response.headers['content-range']).toBe(`email-templates 0-${response.body.length - 1}/${response.body.length}`);
  });

  it.each([
    [{ subject: '', body: 'x' }, 'subject', 'Subject is required'],
    [{ subject: 'x', body: '' }, 'body', 'Email body is required'],
    [{ subject: 'Hi {firstName}', body: 'x' }, 'subject', 'Unknown variable {firstName}. Available variables: {customerName}, {jobId}, {trackingLink}'],
    [{ subject: 'x', body: '{{#each x}}{{/each}}' }, 'body', 'Use single braces for variables, for example {customerName}.'],
    [{ subject: 'x', body: '{{constructor.constructor}}' }, 'body', 'Use single braces for variables, for example {customerName}.'],
    [{ subject: 'line\r\nBcc: x@y.com', body: 'x' }, 'subject', 'The subject must be a single line.'],
  ])('refuses to save %j', async (changes, field, message) => {
    const response = await sut.http().put('/api/admin/email-templates/booking_confirmed').set(admin.auth).send(changes).expect(400);
    expect(response.body.errors).toContainEqual({ field, message });
    const [row] = await sut.dataSource.query(`SELECT subject FROM email_templates WHERE key = 'booking_confirmed'`);
    expect(row.subject).toBe('Your pipe inspection is booked');
  });

  it('saves a template, previews unsaved wording and sends a test to the signed-in admin', async () => {
    const saved = await sut
      .http()
      .put('/api/admin/email-templates/job_completed')
      .set(admin.auth)
      .send({ subject: 'Done: {jobId}', body: 'Hi {customerName}, all done. {trackingLink}' })
      .expect(200);
    expect(saved.body).toMatchObject({ subject: 'Done: {jobId}', updatedAt: expect.any(String) });

    const preview = await sut
      .http()
      .post('/api/admin/email-templates/job_completed/preview')
      .set(admin.auth)
      .send({ body: 'Draft for {customerName}' })
      .expect(200);
    expect(preview.body).toMatchObject({ subject: 'Done: JOB-1001', text: expect.stringContaining('Draft for Alex Citizen') });
    expect(preview.body.html).toContain('<!DOCTYPE html>');

    const test = await sut.http().post('/api/admin/email-templates/job_completed/test').set(admin.auth).expect(202);
    expect(test.body).toMatchObject({ message: 'Check your inbox for the test email.' });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ['editor@example.com.au'], subject: 'Done: JOB-1001' });

    await sut.http().get('/api/admin/email-templates/no_such_template').set(admin.auth).expect(404);
  });

  it('reads and saves the e-mail settings', async () => {
    await sut.http().get('/api/admin/settings/email').set(admin.auth).expect(200, { autoNotify: true, includeTrackingLink: true });
    await sut
      .http()
      .put('/api/admin/settings/email')
      .set(admin.auth)
      .send({ includeTrackingLink: false })
      .expect(200, { autoNotify: true, includeTrackingLink: false });
    await sut.http().get('/api/admin/settings/email').set(admin.auth).expect(200, { autoNotify: true, includeTrackingLink: false });
    await sut.http().put('/api/admin/settings/email').set(admin.auth).send({ autoNotify: 'yes' }).expect(400);
  });

  it('shows the outbox with filters, and resends a dead message', async () => {
    smtp.rejectWith(550, 'Mailbox unavailable');
    const job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, jobNumber: 'JOB-3001', customerEmail: 'bounce@example.com.au' })
        .expect(201)
    ).body;
    const deadline = Date.now() + 10_000;
    let dead: Array<{ id: string; status: string; to: string }> = [];
    while (Date.now() < deadline) {
      dead = (await sut.http().get('/api/admin/notifications').query({ filter: '{"status":"dead","to":"Bounce@example.com.au"}' }).set(admin.auth).expect(200))
        .body;
      if (dead.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(dead).toEqual([expect.objectContaining({ to: 'bounce@example.com.au', status: 'dead', attempts: 1, templateKey: 'booking_confirmed' })]);
    const detail = await sut.http().get(`/api/admin/notifications/${dead[0]!.id}`).set(admin.auth).expect(200);
    expect(detail.body).toMatchObject({ entityType: 'job', entityId: job.id, lastError: expect.stringContaining('550') });
    expect(detail.body.html).toContain('JOB-3001');

    smtp.accept();
    const resent = await sut.http().post(`/api/admin/notifications/${dead[0]!.id}/resend`).set(admin.auth).expect(200);
    expect(resent.body.status).toBe('queued');
    await smtp.waitFor(2);
    expect(smtp.received.some((mail) => mail.to.includes('bounce@example.com.au'))).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await sut.http().post(`/api/admin/notifications/${dead[0]!.id}/resend`).set(admin.auth).expect(409);
    expect(again.body.message).toBe('Only failed or dead messages can be resent.');
    await sut.http().post('/api/admin/notifications/00000000-0000-4000-8000-000000000000/resend').set(admin.auth).expect(404);
  });
});

describe('demo jobs', () => {
  it('seeds the five sample jobs of the spec into an empty database', async () => {
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    const sut = await startTestApp({ env: { DEMO_DATA: 'true' } }).finally(() => {
      process.stdout.write = write;
    });
    try {
      const rows = await sut.dataSource.query(
        // The demo business's own jobs (JOB-1006 on, test/api/demo-business.test.ts) come after these.
        `SELECT job_number, status, to_char(created_at AT TIME ZONE 'Australia/Melbourne', 'YYYY-MM') AS month FROM jobs
         WHERE job_number IN ('JOB-1001', 'JOB-1002', 'JOB-1003', 'JOB-1004', 'JOB-1005') ORDER BY job_number`,
      );
      expect(rows.map((r: { status: string }) => r.status)).toEqual(['quoted', 'scheduled', 'inspected', 'completed', 'booked']);
      expect(new Set(rows.map((r: { month: string }) => r.month))).toEqual(new Set(['2023-11', '2023-12']));
    } finally {
      await sut.close();
    }
  });
});
