import { todayIn } from '@relining/contracts/booking-rules';
import { DEFAULT_PRICE_LIST } from '@relining/contracts/quote-proposal';
import { quoteTotals, totalWithGst, type QuoteLine } from '@relining/contracts/quote-rules';
import { FILE_STORAGE, type FileStorage } from '../../src/common/images/file-storage.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 17: the quote, its versions, and the customer's go-ahead on the unlocked tracking page. */

const COMPANY_INBOX = 'quotes-office@example.com.au';
const OUTDATED = 'This quote has been updated. Please review the new version.';

function inDays(days: number): string {
  const date = new Date(`${todayIn('Australia/Sydney')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const LINES: QuoteLine[] = [
  { kind: 'reline', description: 'Reline 6 m of 100 mm pipe, boundary trap → kitchen junction', quantity: 6, unitCents: 55_000 },
  { kind: 'junction', description: 'Junction reinstatement', quantity: 3, unitCents: 45_000 },
  { kind: 'access', description: 'Access and set-up', quantity: 1, unitCents: 30_000 },
];

describe('quotes', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;
  let number = 8100;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', COMPANY_EMAIL: COMPANY_INBOX } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'quotes-staff@example.com.au', role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'quotes-plumber@plumbing.com.au', fullName: 'Quinn Plumber' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  const http = () => sut.http();

  async function mailsTo(address: string) {
    await sut.app.get(NotificationsWorker).drainNow();
    return smtp.received.filter((mail) => mail.to.includes(address));
  }

  async function job(overrides: Record<string, unknown> = {}): Promise<{ id: string; trackingCode: string; jobNumber: string; cookie: string }> {
    const created = await http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber: `JOB-${number++}`,
        customerName: 'Sam Owner',
        customerEmail: 'sam.owner@example.com.au',
        customerPhone: '0412 345 678',
        address: '12 Smith St, Parramatta NSW 2150',
        status: 'inspected',
        notify: false,
        ...overrides,
      })
      .expect(201);
    const unlocked = await http().post(`/api/job-status/${created.body.trackingCode}/unlock`).send({ postcode: '2150' }).expect(204);
    const cookie = ([] as string[])
      .concat(unlocked.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith('job_access='))!
      .split(';')[0]!;
    return { ...created.body, cookie };
  }

  const save = (jobId: string, body: object) => http().put(`/api/admin/jobs/${jobId}/quote`).set(admin.auth).send(body);
  const publish = (jobId: string) => http().post(`/api/admin/jobs/${jobId}/quote/publish`).set(admin.auth).send({});
  const customerQuote = (code: string, cookie: string) => http().get(`/api/job-status/${code}/quote`).set('cookie', cookie);
  const accept = (code: string, cookie: string, body: object) => http().post(`/api/job-status/${code}/quote/accept`).set('cookie', cookie).send(body);
  const decline = (code: string, cookie: string, body: object = {}) => http().post(`/api/job-status/${code}/quote/decline`).set('cookie', cookie).send(body);

  async function published(overrides: Record<string, unknown> = {}) {
    const made = await job(overrides);
    await save(made.id, { lines: LINES, validUntil: inDays(30), notes: 'Excludes making good of paving.' }).expect(200);
    await publish(made.id).expect(200);
    return made;
  }

  describe('price list', () => {
    it('answers the default until saved, then what staff saved', async () => {
      expect((await http().get('/api/admin/settings/price-list').set(admin.auth).expect(200)).body).toEqual(DEFAULT_PRICE_LIST);
      const mine = {
        relinePerMetre: [
          { maxDiameterMm: 100, centsPerMetre: 60_000 },
          { maxDiameterMm: 300, centsPerMetre: 90_000 },
        ],
        junctionCents: 40_000,
        accessCents: 25_000,
      };
      expect((await http().put('/api/admin/settings/price-list').set(admin.auth).send(mine).expect(200)).body).toEqual(mine);
      expect((await http().get('/api/admin/settings/price-list').set(admin.auth).expect(200)).body).toEqual(mine);
      await http().put('/api/admin/settings/price-list').set(admin.auth).send(DEFAULT_PRICE_LIST).expect(200);
      await http().get('/api/admin/settings/price-list').expect(401);
      await http().get('/api/admin/settings/price-list').set(plumber.auth).expect(403);
    });

    it('refuses a bad price list with field errors and changes nothing', async () => {
      const before = (await http().get('/api/admin/settings/price-list').set(admin.auth).expect(200)).body;
      const refused = await http()
        .put('/api/admin/settings/price-list')
        .set(admin.auth)
        .send({
          relinePerMetre: [
            { maxDiameterMm: 150, centsPerMetre: 1 },
            { maxDiameterMm: 100, centsPerMetre: 2.5 },
          ],
          junctionCents: -1,
          accessCents: 'x',
        })
        .expect(400);
      expect(refused.body.errors).toEqual([
        { field: 'relinePerMetre.1.maxDiameterMm', message: 'Bands go up in whole millimetres, up to 1,500' },
        { field: 'relinePerMetre.1.centsPerMetre', message: 'The rate must be whole cents from $0 to $100,000' },
        { field: 'junctionCents', message: 'The price must be whole cents from $0 to $100,000' },
        { field: 'accessCents', message: 'The price must be whole cents from $0 to $100,000' },
      ]);
      expect((await http().get('/api/admin/settings/price-list').set(admin.auth).expect(200)).body).toEqual(before);
    });
  });

  describe('totals and GST', () => {
    it.each([
      [[{ quantity: 1, unitCents: 495_000 }], 495_000, 45_000, 'Total $4,950.00 inc. GST (GST $450.00)'],
      [[{ quantity: 1, unitCents: 100 }], 100, 9, 'Total $1.00 inc. GST (GST $0.09)'],
      [[{ quantity: 1, unitCents: 5 }], 5, 0, 'Total $0.05 inc. GST (GST $0.00)'],
      [[{ quantity: 1, unitCents: 6 }], 6, 1, 'Total $0.06 inc. GST (GST $0.01)'],
      [
        [
          { quantity: 12.5, unitCents: 65_000 },
          { quantity: 2, unitCents: 45_000 },
        ],
        902_500,
        82_045,
        'Total $9,025.00 inc. GST (GST $820.45)',
      ],
      [[{ quantity: 0.1, unitCents: 55_555 }], 5_556, 505, 'Total $55.56 inc. GST (GST $5.05)'],
    ])('lines %j → %d cents, GST %d: %s', (lines, total, gst, text) => {
      const totals = quoteTotals(lines.map((line) => ({ kind: 'other' as const, description: 'x', ...line })));
      expect([totals.totalCents, totals.gstCents, totalWithGst(totals.totalCents)]).toEqual([total, gst, text]);
    });

    it('answers the totals of what was saved, in integer cents', async () => {
      const made = await job();
      const saved = await save(made.id, {
        lines: [{ kind: 'reline', description: 'Reline 9 m', quantity: 9, unitCents: 55_000 }],
        validUntil: inDays(14),
      }).expect(200);
      expect(saved.body).toMatchObject({ version: 1, state: 'draft', totalCents: 495_000, gstCents: 45_000, lineCents: [495_000] });
      expect(saved.body.totalText).toBe('Total $4,950.00 inc. GST (GST $450.00)');
    });
  });

  describe('staff', () => {
    it('answers an empty draft until saved, with the lines the published report proposes', async () => {
      const made = await job();
      const empty = await http().get(`/api/admin/jobs/${made.id}/quote`).set(admin.auth).expect(200);
      expect(empty.body).toMatchObject({
        jobId: made.id,
        version: 0,
        state: 'draft',
        lines: [],
        proposedLines: [],
        publishedVersion: 0,
        acceptance: null,
        declines: [],
      });
      const section = {
        from: 'Boundary trap',
        to: 'Kitchen junction',
        material: 'vitrified_clay',
        diameterMm: 100,
        lengthM: 12,
        observations: [],
        structuralGrade: 4,
        serviceGrade: 3,
        recommendation: { kind: 'reline', metres: 8 },
        junctions: 2,
      };
      // The inspections module's published report (written here as it stores it).
      await sut.dataSource.query(
        `INSERT INTO job_reports (job_id, summary, sections, published_summary, published_sections, published_version, published_at) VALUES ($1, 'x', $2, 'x', $2, 1, now())`,
        [made.id, JSON.stringify([section])],
      );
      const proposed = (await http().get(`/api/admin/jobs/${made.id}/quote`).set(admin.auth).expect(200)).body.proposedLines;
      expect(proposed).toEqual([
        { kind: 'reline', description: 'Reline 8 m of 100 mm pipe, Boundary trap → Kitchen junction', quantity: 8, unitCents: 55_000 },
        { kind: 'junction', description: 'Junction reinstatement, Boundary trap → Kitchen junction', quantity: 2, unitCents: 45_000 },
        { kind: 'access', description: 'Access and set-up, Boundary trap → Kitchen junction', quantity: 1, unitCents: 35_000 },
      ]);
      await http().get(`/api/admin/jobs/00000000-0000-4000-8000-000000000000/quote`).set(admin.auth).expect(404);
    });

    it.each([
      ['no lines', { lines: [], validUntil: inDays(1) }, [{ field: 'lines', message: 'A quote needs at least one line' }]],
      [
        'a bad line',
        { lines: [{ kind: 'digging', description: '', quantity: 0.05, unitCents: 1.5 }], validUntil: inDays(1) },
        [
          { field: 'lines.0.kind', message: 'Choose reline, junction, access or other' },
          { field: 'lines.0.description', message: 'Describe the line (up to 300 characters)' },
          { field: 'lines.0.quantity', message: 'The quantity must be above 0 and at most 1,000, in tenths at most' },
          { field: 'lines.0.unitCents', message: 'The price must be whole cents from $0 to $100,000' },
        ],
      ],
      ['valid until yesterday', { lines: LINES, validUntil: inDays(-1) }, [{ field: 'validUntil', message: 'The valid-until date must be today or later' }]],
      ['no such date', { lines: LINES, validUntil: '2030-02-30' }, [{ field: 'validUntil', message: 'Give the valid-until date as YYYY-MM-DD' }]],
      [
        'notes too long',
        { lines: LINES, validUntil: inDays(1), notes: 'n'.repeat(2001) },
        [{ field: 'notes', message: 'Notes can be at most 2,000 characters' }],
      ],
    ])('refuses %s with field errors and saves nothing', async (_label, body, errors) => {
      const made = await job();
      const refused = await save(made.id, body).expect(400);
      expect(refused.body.errors).toEqual(errors);
      expect(await sut.dataSource.query(`SELECT id FROM quotes WHERE job_id = $1`, [made.id])).toEqual([]);
    });

    it('accepts today as the valid-until date, in Sydney', async () => {
      const made = await job();
      await save(made.id, { lines: LINES, validUntil: inDays(0) }).expect(200);
    });

    it('refuses to publish nothing', async () => {
      const made = await job();
      expect((await publish(made.id).expect(400)).body.message).toBe('There is no quote to publish.');
      await save(made.id, { lines: LINES, validUntil: inDays(10) }).expect(200);
      await publish(made.id).expect(200);
      expect((await publish(made.id).expect(400)).body.message).toBe('Save the quote before publishing');
    });

    it('versions: publish v1, a change is draft v2 the customer does not see until published', async () => {
      const made = await job();
      const draft = await save(made.id, { lines: LINES, validUntil: inDays(30) }).expect(200);
      expect(draft.body).toMatchObject({ version: 1, state: 'draft', publishedVersion: 0 });
      // Saving the draft again changes it in place.
      await save(made.id, { lines: LINES.slice(0, 2), validUntil: inDays(30) }).expect(200);
      expect((await customerQuote(made.trackingCode, made.cookie).expect(404)).body.message).toBe('No quote has been published yet.');
      expect((await http().get(`/api/job-status/${made.trackingCode}`).set('cookie', made.cookie).expect(200)).body.hasQuote).toBe(false);

      const v1 = await publish(made.id).expect(200);
      expect(v1.body).toMatchObject({ version: 1, state: 'published', publishedVersion: 1 });
      expect((await http().get(`/api/admin/jobs/${made.id}`).set(admin.auth).expect(200)).body.status).toBe('quoted');
      expect((await http().get(`/api/job-status/${made.trackingCode}`).set('cookie', made.cookie).expect(200)).body.hasQuote).toBe(true);
      expect((await mailsTo('sam.owner@example.com.au')).map((mail) => mail.subject)).toEqual(['Your quote is ready']);

      const v2 = await save(made.id, { lines: LINES, validUntil: inDays(30), notes: 'Now with the access work' }).expect(200);
      expect(v2.body).toMatchObject({ version: 2, state: 'draft', publishedVersion: 1 });
      const seen = (await customerQuote(made.trackingCode, made.cookie).expect(200)).body;
      expect(seen).toMatchObject({ version: 1, state: 'open', notes: null, totalCents: 330_000 + 135_000 });

      await publish(made.id).expect(200);
      const now = (await customerQuote(made.trackingCode, made.cookie).expect(200)).body;
      expect(now).toMatchObject({
        version: 2,
        notes: 'Now with the access work',
        totalCents: 495_000,
        gstCents: 45_000,
        expired: false,
        state: 'open',
        acceptance: null,
      });
      expect(now.totalText).toBe('Total $4,950.00 inc. GST (GST $450.00)');
      expect(now.lines.map((line: { amountCents: number }) => line.amountCents)).toEqual([330_000, 135_000, 30_000]);
      // A new version is e-mailed too.
      expect((await mailsTo('sam.owner@example.com.au')).map((mail) => mail.subject)).toEqual(['Your quote is ready', 'Your quote is ready']);
      expect(
        await sut.dataSource.query(`SELECT version, published_at IS NOT NULL AS published FROM quotes WHERE job_id = $1 ORDER BY version`, [made.id]),
      ).toEqual([
        { version: 1, published: true },
        { version: 2, published: true },
      ]);
    });

    it('never makes two drafts when saves arrive together', async () => {
      const made = await job();
      const answers = await Promise.all(Array.from({ length: 5 }, () => save(made.id, { lines: LINES, validUntil: inDays(5) })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await sut.dataSource.query(`SELECT version FROM quotes WHERE job_id = $1`, [made.id])).toEqual([{ version: 1 }]);
    });
  });

  describe('the customer', () => {
    it('keeps the quote private until unlocked, and the status answers nothing private', async () => {
      const made = await published();
      const locked = await http().get(`/api/job-status/${made.trackingCode}/quote`).expect(403);
      expect(locked.body.message).toBe('Enter your postcode or the last four digits of your phone to see your report and quote.');
      await http().post(`/api/job-status/${made.trackingCode}/quote/accept`).send({ fullName: 'Sam Owner', agree: true, version: 1 }).expect(403);
      await http().post(`/api/job-status/${made.trackingCode}/quote/decline`).send({}).expect(403);
      const status = await http().get(`/api/job-status/${made.trackingCode}`).expect(200);
      const text = JSON.stringify(status.body);
      for (const secret of ['Reline 6 m', 'Excludes making good', '4,950', 'sam.owner', 'Smith St', '0412']) expect(text).not.toContain(secret);
      expect(status.body).toMatchObject({ hasQuote: true, unlocked: false });
      expect(status.headers['cache-control']).toBe('no-store');
      const open = await customerQuote(made.trackingCode, made.cookie).expect(200);
      expect(open.headers['cache-control']).toBe('no-store');
      expect(open.headers['x-robots-tag']).toBe('noindex');
      await customerQuote('nope-nope', made.cookie).expect(404);
    });

    it('refuses a bad acceptance with field errors and records nothing', async () => {
      const made = await published();
      const refused = await accept(made.trackingCode, made.cookie, { fullName: ' S ', agree: 'yes', version: 'one' }).expect(400);
      expect(refused.body.errors).toEqual([
        { field: 'fullName', message: 'Type your full name to accept' },
        { field: 'agree', message: 'Tick the box to accept the quote and its terms' },
        { field: 'version', message: 'Say which version of the quote you are accepting' },
      ]);
      await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', version: 1 }).expect(400);
      expect(await sut.dataSource.query(`SELECT id FROM quote_acceptances WHERE job_id = $1`, [made.id])).toEqual([]);
    });

    it('refuses an outdated version with the exact message', async () => {
      const made = await published();
      await save(made.id, { lines: LINES.slice(0, 1), validUntil: inDays(30) }).expect(200);
      await publish(made.id).expect(200);
      const refused = await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', agree: true, version: 1 }).expect(409);
      expect(refused.body).toMatchObject({ code: 'QUOTE_OUTDATED', message: OUTDATED });
      expect(await sut.dataSource.query(`SELECT id FROM quote_acceptances WHERE job_id = $1`, [made.id])).toEqual([]);
    });

    it('refuses an expired quote', async () => {
      const made = await published();
      await sut.dataSource.query(`UPDATE quotes SET valid_until = '2020-01-31' WHERE job_id = $1`, [made.id]);
      expect((await customerQuote(made.trackingCode, made.cookie).expect(200)).body.expired).toBe(true);
      const refused = await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', agree: true, version: 1 }).expect(400);
      expect(refused.body.message).toBe('This quote has expired. Please contact us for an updated quote.');
    });

    it('accepts once: the job moves to Quote Accepted, the customer and staff are told, accepting again changes nothing', async () => {
      const made = await published();
      await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
      const accepted = await accept(made.trackingCode, made.cookie, { fullName: '  Sam Q. Owner ', agree: true, version: 1, mediaConsent: true })
        .set('user-agent', 'QuoteTest/1.0')
        .expect(200);
      expect(accepted.body).toMatchObject({ version: 1, state: 'accepted', acceptance: { version: 1, fullName: 'Sam Q. Owner' } });
      expect(accepted.body.acceptance).not.toHaveProperty('ip');
      expect(accepted.body.acceptance).not.toHaveProperty('userAgent');

      const again = await accept(made.trackingCode, made.cookie, { fullName: 'Someone Else', agree: true, version: 1 }).expect(200);
      expect(again.body).toEqual(accepted.body);
      expect(await sut.dataSource.query(`SELECT full_name, version, media_consent, user_agent FROM quote_acceptances WHERE job_id = $1`, [made.id])).toEqual([
        { full_name: 'Sam Q. Owner', version: 1, media_consent: true, user_agent: 'QuoteTest/1.0' },
      ]);

      const detail = (await http().get(`/api/admin/jobs/${made.id}`).set(admin.auth).expect(200)).body;
      expect(detail.status).toBe('accepted');
      expect(detail.timeline.map((event: { status: string }) => event.status)).toContain('accepted');
      expect(detail.timeline.find((event: { status: string }) => event.status === 'accepted')).toMatchObject({
        previousStatus: 'quoted',
        customerNotified: true,
      });

      const record = (await http().get(`/api/admin/jobs/${made.id}/quote`).set(admin.auth).expect(200)).body;
      expect(record).toMatchObject({ state: 'accepted', acceptance: { version: 1, fullName: 'Sam Q. Owner', userAgent: 'QuoteTest/1.0', mediaConsent: true } });
      expect(record.acceptance.ip).toEqual(expect.any(String));

      expect((await mailsTo('sam.owner@example.com.au')).map((mail) => mail.subject)).toEqual(["We've received your go-ahead"]);
      const notices = await mailsTo(COMPANY_INBOX);
      expect(notices.map((mail) => mail.subject)).toEqual([`Quote accepted: ${made.jobNumber} by Sam Q. Owner`]);
      expect(notices[0]!.text).toContain(`Quote accepted: ${made.jobNumber} by Sam Q. Owner (version 1, Total $4,950.00 inc. GST (GST $450.00)).`);

      // Accepted: no more changes, no decline.
      expect((await save(made.id, { lines: LINES, validUntil: inDays(3) }).expect(409)).body.message).toBe(
        'This quote has been accepted and can no longer be changed.',
      );
      expect((await publish(made.id).expect(409)).body.message).toBe('This quote has been accepted and can no longer be changed.');
      expect((await decline(made.trackingCode, made.cookie).expect(409)).body.message).toBe('This quote has already been accepted.');
    });

    it('takes five acceptances arriving together as one: one row, one e-mail each way', async () => {
      const made = await published();
      await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) => accept(made.trackingCode, made.cookie, { fullName: `Sam Owner ${index}`, agree: true, version: 1 })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const rows = await sut.dataSource.query(`SELECT full_name FROM quote_acceptances WHERE job_id = $1`, [made.id]);
      expect(rows).toHaveLength(1);
      for (const answer of answers) expect(answer.body.acceptance.fullName).toBe(rows[0].full_name);
      const sent = await sut.dataSource.query(
        `SELECT template_key FROM notifications WHERE entity_id = $1 AND template_key LIKE 'quote_accepted%' ORDER BY template_key`,
        [made.id],
      );
      expect(sent).toEqual([{ template_key: 'quote_accepted' }, { template_key: 'quote_accepted_notice' }]);
    });

    it('declines: staff are told with the reason; declining again records nothing; a new version opens again', async () => {
      const made = await published();
      await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
      const tooLong = await decline(made.trackingCode, made.cookie, { reason: 'r'.repeat(2001) }).expect(400);
      expect(tooLong.body.errors).toEqual([{ field: 'reason', message: 'The reason can be at most 2,000 characters' }]);
      const declined = await decline(made.trackingCode, made.cookie, { reason: 'We are getting another quote.' }).expect(200);
      expect(declined.body.state).toBe('declined');
      await decline(made.trackingCode, made.cookie, { reason: 'Again' }).expect(200);
      expect(await sut.dataSource.query(`SELECT version, reason FROM quote_declines WHERE job_id = $1`, [made.id])).toEqual([
        { version: 1, reason: 'We are getting another quote.' },
      ]);
      const notices = await mailsTo(COMPANY_INBOX);
      expect(notices.map((mail) => mail.subject)).toEqual([`Quote declined: ${made.jobNumber} by Sam Owner`]);
      expect(notices[0]!.text).toContain('We are getting another quote.');
      expect((await http().get(`/api/admin/jobs/${made.id}/quote`).set(admin.auth).expect(200)).body).toMatchObject({
        state: 'declined',
        declines: [{ version: 1, reason: 'We are getting another quote.' }],
      });
      const refused = await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', agree: true, version: 1 }).expect(409);
      expect(refused.body.message).toBe('You have declined this quote. Please contact us if you would like to go ahead.');

      await save(made.id, { lines: LINES.slice(0, 2), validUntil: inDays(30) }).expect(200);
      await publish(made.id).expect(200);
      expect((await customerQuote(made.trackingCode, made.cookie).expect(200)).body).toMatchObject({ version: 2, state: 'open' });
      await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', agree: true, version: 2 }).expect(200);
    });

    it("tells the linked referral: the plumber sees the job's quote accepted", async () => {
      const referral = (
        await http()
          .post('/api/me/referrals')
          .set(plumber.auth)
          .send({
            clientName: 'Robin Referred',
            clientPhone: '0433 111 222',
            jobAddress: '4 Elm Street',
            suburb: 'Parramatta NSW 2150',
            urgency: 'medium',
            description: 'Tree roots in the sewer',
            serviceTypes: { cleanView: true, reline: true },
          })
          .expect(201)
      ).body;
      const made = await published({ customerName: 'Robin Referred', customerPhone: '0433 111 222', referralId: referral.id });
      expect((await http().get(`/api/admin/referrals/${referral.id}`).set(admin.auth).expect(200)).body).toMatchObject({ jobId: made.id, jobStage: 'quoted' });
      await accept(made.trackingCode, made.cookie, { fullName: 'Robin Referred', agree: true, version: 1 }).expect(200);
      expect((await http().get(`/api/admin/referrals/${referral.id}`).set(admin.auth).expect(200)).body).toMatchObject({
        jobId: made.id,
        jobStage: 'accepted',
      });
      const [row] = await sut.dataSource.query(`SELECT job_quote_accepted FROM referrals WHERE id = $1`, [referral.id]);
      expect(row.job_quote_accepted).toBe(true);
      const mine = (await http().get('/api/me/referrals').set(plumber.auth).expect(200)).body.find((item: { id: string }) => item.id === referral.id);
      expect(mine.job).toEqual({ stage: 'accepted', stageLabel: 'Quote Accepted' });
    });
  });

  describe('before and after photos to the media library', () => {
    async function jobPhoto(jobId: string): Promise<string> {
      const [photo] = await sut.dataSource.query(`INSERT INTO job_photos (job_id, width, height, widths) VALUES ($1, 64, 48, '{64}') RETURNING id`, [jobId]);
      await sut.app.get<FileStorage>(FILE_STORAGE).put(`job-photos/${jobId}/${photo.id}/original.jpg`, await plainPhoto('jpeg', 64, 48));
      return photo.id;
    }

    it('only with the consent given on acceptance; then two library photos and the home-page pair', async () => {
      const withoutConsent = await published();
      await accept(withoutConsent.trackingCode, withoutConsent.cookie, { fullName: 'Sam Owner', agree: true, version: 1 }).expect(200);
      const ids = { beforePhotoId: await jobPhoto(withoutConsent.id), afterPhotoId: await jobPhoto(withoutConsent.id) };
      const body = { ...ids, title: 'Cracked clay sewer relined', description: 'Roots removed and 6 m relined in a day.', slot: 'home.pair.2' };
      const refused = await http().post(`/api/admin/jobs/${withoutConsent.id}/before-after`).set(admin.auth).send(body).expect(409);
      expect(refused.body.message).toBe('The customer has not agreed to their photos being used.');

      const made = await published();
      await accept(made.trackingCode, made.cookie, { fullName: 'Sam Owner', agree: true, version: 1, mediaConsent: true }).expect(200);
      const before = await jobPhoto(made.id);
      const after = await jobPhoto(made.id);
      // A photo of another job is not this job's.
      const elsewhere = await http()
        .post(`/api/admin/jobs/${made.id}/before-after`)
        .set(admin.auth)
        .send({ ...body, beforePhotoId: ids.beforePhotoId, afterPhotoId: after })
        .expect(400);
      expect(elsewhere.body.errors).toEqual([{ field: 'beforePhotoId', message: 'Choose a photo of this job' }]);

      const sent = await http()
        .post(`/api/admin/jobs/${made.id}/before-after`)
        .set(admin.auth)
        .send({ ...body, beforePhotoId: before, afterPhotoId: after })
        .expect(201);
      expect(sent.body).toMatchObject({ slot: 'home.pair.2' });
      const image = (await http().get(`/api/admin/media/${sent.body.beforeImageId}`).set(admin.auth).expect(200)).body;
      expect(image).toMatchObject({ altText: 'Cracked clay sewer relined — before', showsCustomerProperty: true });
      expect(image.consentNote).toMatch(new RegExp(`^Customer agreed on accepting quote version 1 on .+ \\(${made.jobNumber}\\)$`));
      const afterImage = (await http().get(`/api/admin/media/${sent.body.afterImageId}`).set(admin.auth).expect(200)).body;
      expect(afterImage.altText).toBe('Cracked clay sewer relined — after');
      const slot = (await http().get('/api/admin/site-slots/home.pair.2').set(admin.auth).expect(200)).body;
      expect(slot).toMatchObject({
        imageId: sent.body.beforeImageId,
        afterImageId: sent.body.afterImageId,
        title: 'Cracked clay sewer relined',
        description: 'Roots removed and 6 m relined in a day.',
      });
    });
  });
});
