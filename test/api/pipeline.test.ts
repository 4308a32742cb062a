import { todayIn } from '@relining/contracts/booking-rules';
import { formatMoney, REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { slotSequence } from '../support/booking-slots.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One connected pipeline (issue 15): booking → job → referral → rebates, on real PostgreSQL with the
 * e-mails really sent to an in-process SMTP server.
 */

function inDays(days: number): string {
  const date = new Date(`${todayIn('Australia/Melbourne')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// Each customer's booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

let customerCount = 0;
/** A new customer each time (matching looks at e-mail, phone and address). */
function customer() {
  customerCount += 1;
  const n = String(customerCount).padStart(3, '0');
  return {
    name: `Casey Customer${n}`,
    email: `casey${n}@example.com.au`,
    phone: `0411 222 ${n}`,
    suburb: 'Richmond VIC 3121',
    address: `${customerCount} Station Street`,
    ...slots.next(),
    message: 'Slow drain in the laundry',
  };
}

const CV = REFERRAL_FEE_CENTS.cleanView;
const RELINE = REFERRAL_FEE_CENTS.reline;

describe('one connected pipeline', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn & { id: string };
  let other: SignedIn & { id: string };
  let jobCount = 0;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'office@example.com.au', role: 'admin' }));
    const pat = await createUser(sut.dataSource, { email: 'pat@patplumbing.com.au', fullName: 'Pat Plumber' });
    const olly = await createUser(sut.dataSource, { email: 'olly@ollydrains.com.au', fullName: 'Olly Other' });
    plumber = { ...(await signIn(sut, pat)), id: pat.id };
    other = { ...(await signIn(sut, olly)), id: olly.id };
    // Each plumber has their own phone (the test accounts share one).
    await sut.dataSource.query(`UPDATE profiles SET phone = '0499 100 100' WHERE user_id = (SELECT id FROM users WHERE email = 'pat@patplumbing.com.au')`);
    await sut.dataSource.query(`UPDATE profiles SET phone = '0499 200 200' WHERE user_id = (SELECT id FROM users WHERE email = 'olly@ollydrains.com.au')`);
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  const http = () => sut.http();

  async function linkOf(user: SignedIn): Promise<{ code: string; url: string }> {
    return (await http().get('/api/me/referral-link').set(user.auth).expect(200)).body;
  }

  async function book(body: object, cookie?: string): Promise<string> {
    const request = http().post('/api/bookings');
    if (cookie) void request.set('Cookie', cookie);
    return (await request.send(body).expect(201)).body.id;
  }

  async function bookingRecord(id: string) {
    return (await http().get(`/api/admin/bookings/${id}`).set(admin.auth).expect(200)).body;
  }

  async function referralsOfBooking(id: string) {
    return (
      await http()
        .get('/api/admin/referrals')
        .query({ filter: JSON.stringify({ bookingId: id }) })
        .set(admin.auth)
        .expect(200)
    ).body;
  }

  async function jobFromBooking(bookingId: string, extra: object = {}) {
    const booking = await bookingRecord(bookingId);
    jobCount += 1;
    return (
      await http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: `JOB-${7000 + jobCount}`, customerName: booking.fullName, customerEmail: booking.email, bookingId, notify: false, ...extra })
        .expect(201)
    ).body;
  }

  async function stage(jobId: string, status: string) {
    return http().put(`/api/admin/jobs/${jobId}/status`).set(admin.auth).send({ status, notify: false }).expect(200);
  }

  async function referral(id: string) {
    return (await http().get(`/api/admin/referrals/${id}`).set(admin.auth).expect(200)).body;
  }

  async function refer(user: SignedIn, client: { name: string; phone: string; address: string }, extra: object = {}) {
    return (
      await http()
        .post('/api/me/referrals')
        .set(user.auth)
        .send({
          clientName: client.name,
          clientPhone: client.phone,
          jobAddress: client.address,
          suburb: 'Richmond VIC 3121',
          urgency: 'medium',
          description: 'Tree roots in the sewer',
          notes: 'Dog in the yard',
          serviceTypes: { cleanView: true, reline: true },
          ...extra,
        })
        .expect(201)
    ).body;
  }

  async function mailsTo(address: string) {
    await sut.app.get(NotificationsWorker).drainNow();
    return smtp.received.filter((mail) => mail.to.includes(address));
  }

  describe('referral links and attribution', () => {
    it('gives each plumber one code and a link that carries it', async () => {
      const link = await linkOf(plumber);
      expect(link.code).toMatch(/^[A-Z0-9]{6,12}$/);
      expect(link.url).toBe(`http://localhost:3000/?ref=${link.code}`);
      expect(await linkOf(plumber)).toEqual(link);
      expect((await linkOf(other)).code).not.toBe(link.code);
      await http().get('/api/me/referral-link').expect(401);
    });

    it('remembers a code a visitor arrived with for 90 days in a first-party cookie, and credits their booking to the plumber', async () => {
      const { code } = await linkOf(plumber);
      const landing = await http().get(`/?ref=${code.toLowerCase()}`).expect(200);
      const setCookie = ([] as string[]).concat(landing.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('relining_ref='));
      expect(setCookie).toBeDefined();
      expect(setCookie).toContain(`relining_ref=${code}`);
      expect(setCookie).toMatch(/Max-Age=7776000/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/HttpOnly/i);

      const client = customer();
      const bookingId = await book(client, `relining_ref=${code}`);
      expect(await bookingRecord(bookingId)).toMatchObject({ referralCode: code, referralCodeStatus: 'attributed', referrerId: plumber.id });
      const [made] = await referralsOfBooking(bookingId);
      expect(made).toMatchObject({
        source: 'booking',
        bookingId,
        plumberId: plumber.id,
        clientName: client.name,
        clientEmail: client.email,
        status: 'referred',
        cleanviewRebateStatus: 'pending',
      });
      // The plumber is told, by a real e-mail.
      const mails = await mailsTo('pat@patplumbing.com.au');
      expect(mails.map((mail) => mail.subject)).toContain(`Thanks for your referral ${made.refNumber}`);
      const mine = (await http().get('/api/me/referrals').set(plumber.auth).expect(200)).body;
      expect(mine.find((row: { id: string }) => row.id === made.id)).toMatchObject({ source: 'booking', job: null });
    });

    it('credits a typed code (any case, spaces or dashes) and ignores a malformed ?ref', async () => {
      const { code } = await linkOf(other);
      const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
      const bookingId = await book({ ...customer(), referral_code: typed });
      expect(await bookingRecord(bookingId)).toMatchObject({ referralCode: code, referralCodeStatus: 'attributed', referrerId: other.id });
      expect(await referralsOfBooking(bookingId)).toHaveLength(1);
      const landing = await http().get('/?ref=%3Cscript%3E').expect(200);
      expect(JSON.stringify(landing.headers['set-cookie'] ?? [])).not.toContain('relining_ref');
    });

    it('never blocks a booking with an unknown code: stored and flagged for staff', async () => {
      const bookingId = await book({ ...customer(), referral_code: 'NOSUCH99' });
      expect(await bookingRecord(bookingId)).toMatchObject({ referralCode: 'NOSUCH99', referralCodeStatus: 'unknown', referrerId: null });
      expect(await referralsOfBooking(bookingId)).toEqual([]);
      const reviews = (await http().get('/api/admin/referral-reviews').query({ filter: '{"status":"open","kind":"unknown_code"}' }).set(admin.auth).expect(200))
        .body;
      expect(reviews.find((review: { bookingId: string }) => review.bookingId === bookingId)).toMatchObject({
        kind: 'unknown_code',
        referralCode: 'NOSUCH99',
        status: 'open',
      });
    });

    it("an emptied field means no code, even with the link's cookie; the plumber's own booking is not a referral", async () => {
      const { code } = await linkOf(plumber);
      const emptied = await book({ ...customer(), referral_code: '' }, `relining_ref=${code}`);
      expect(await bookingRecord(emptied)).toMatchObject({ referralCode: null, referralCodeStatus: null });
      const own = await book({ ...customer(), email: 'PAT@patplumbing.com.au', referral_code: code });
      expect(await bookingRecord(own)).toMatchObject({ referralCodeStatus: 'self' });
      expect(await referralsOfBooking(own)).toEqual([]);
    });
  });

  describe('integrity', () => {
    it("refuses a plumber's referral of themselves: 'You cannot refer yourself'", async () => {
      for (const phone of ['0499 100 100', '+61 499 100 100', 'PAT@PATPLUMBING.COM.AU']) {
        const refused = await http()
          .post('/api/me/referrals')
          .set(plumber.auth)
          .send({
            clientName: 'Me',
            clientPhone: phone,
            jobAddress: '1 Own St',
            suburb: 'Richmond',
            urgency: 'low',
            description: 'x',
            serviceTypes: { cleanView: true },
          })
          .expect(400);
        expect(refused.body.errors).toEqual([{ field: 'clientPhone', message: 'You cannot refer yourself' }]);
      }
      const quick = await http()
        .post('/api/referrals/quick')
        .send({
          plumberName: 'Quinn',
          plumberCompany: 'Q',
          plumberPhone: '0455 555 555',
          plumberEmail: 'q@q.com.au',
          clientName: 'Quinn',
          clientPhone: '0455555555',
          jobAddress: '1 St',
          suburb: 'Richmond',
          urgency: 'low',
          description: 'x',
        })
        .expect(400);
      expect(quick.body.errors[0]).toEqual({ field: 'clientPhone', message: 'You cannot refer yourself' });
    });

    it("holds a plumber's second referral of the same client within 90 days: it earns nothing until staff approve it", async () => {
      const client = customer();
      const first = await refer(plumber, client);
      const second = await refer(plumber, { ...client, phone: client.phone.replace(/^0/, '+61 ') });
      expect(first.heldForReview).toBe(false);
      expect(second.heldForReview).toBe(true);
      expect(await referral(second.id)).toMatchObject({ review: 'held', duplicateOf: first.id });
      const reviews = (
        await http()
          .get('/api/admin/referral-reviews')
          .query({ filter: JSON.stringify({ referralId: second.id }) })
          .set(admin.auth)
          .expect(200)
      ).body;
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ kind: 'duplicate', status: 'open' });

      const held = await http().put(`/api/admin/referrals/${second.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
      expect(held.body.cleanviewRebateStatus).toBe('pending');
      expect(held.body.notices[0]).toMatch(/held for review/);
      expect((await referral(second.id)).ledger).toEqual([]);

      const approved = await http().post(`/api/admin/referral-reviews/${reviews[0].id}/resolve`).set(admin.auth).send({ decision: 'approve' }).expect(200);
      expect(approved.body).toMatchObject({ status: 'resolved', resolvedBy: 'office@example.com.au' });
      const after = await referral(second.id);
      expect(after).toMatchObject({ review: 'approved', cleanviewRebateStatus: 'processing' });
      expect(after.ledger).toEqual([expect.objectContaining({ kind: 'cleanview', amountCents: CV, state: 'pending' })]);
      await http().post(`/api/admin/referral-reviews/${reviews[0].id}/resolve`).set(admin.auth).send({ decision: 'approve' }).expect(409);
    });
  });

  describe('matching a job to its referral', () => {
    it('links the first referrer of the last 90 days for the same customer when staff create the job from the booking', async () => {
      const client = customer();
      const referred = await refer(plumber, { name: client.name, phone: client.phone, address: 'Unit 9, 1 Elsewhere Rd' });
      const bookingId = await book({ ...client, phone: client.phone.replace(/\s/g, '') });
      const offered = (await http().get('/api/admin/referrals/matches').query({ bookingId }).set(admin.auth).expect(200)).body;
      expect(offered).toMatchObject({ suggestedReferralId: referred.id, conflict: false });
      expect(offered.matches).toEqual([expect.objectContaining({ id: referred.id, matchedBy: ['phone'], jobId: null })]);

      const job = await jobFromBooking(bookingId);
      expect(job.referralId).toBe(referred.id);
      expect(await referral(referred.id)).toMatchObject({ jobId: job.id, jobStage: 'booked' });
    });

    it('sends two plumbers claiming one customer to the review queue, never deciding silently', async () => {
      const client = customer();
      const first = await refer(plumber, { name: client.name, phone: '0400 000 777', address: client.address });
      const second = await refer(other, { name: client.name, phone: client.phone, address: 'Somewhere else 2' });
      const bookingId = await book(client);
      const offered = (await http().get('/api/admin/referrals/matches').query({ bookingId }).set(admin.auth).expect(200)).body;
      expect(offered.conflict).toBe(true);
      expect(offered.suggestedReferralId).toBeNull();
      expect(offered.matches.map((match: { id: string }) => match.id)).toEqual([first.id, second.id]);

      const job = await jobFromBooking(bookingId);
      expect(job.referralId).toBeNull();
      const [review] = (
        await http()
          .get('/api/admin/referral-reviews')
          .query({ filter: JSON.stringify({ jobId: job.id }) })
          .set(admin.auth)
          .expect(200)
      ).body;
      expect(review).toMatchObject({ kind: 'conflict', status: 'open' });
      expect(review.candidates.map((candidate: { id: string }) => candidate.id)).toEqual([first.id, second.id]);

      await http()
        .post(`/api/admin/referral-reviews/${review.id}/resolve`)
        .set(admin.auth)
        .send({ referralId: '00000000-0000-4000-8000-000000000000' })
        .expect(400);
      await stage(job.id, 'inspected');
      await http()
        .post(`/api/admin/referral-reviews/${review.id}/resolve`)
        .set(admin.auth)
        .send({ referralId: first.id, note: 'First to call us' })
        .expect(200);
      const linked = (await http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200)).body;
      expect(linked.referralId).toBe(first.id);
      // Linked late, the referral catches up with the job's stage.
      expect(await referral(first.id)).toMatchObject({ jobId: job.id, status: 'cleanview_completed', cleanviewRebateStatus: 'processing' });
      expect(await referral(second.id)).toMatchObject({ jobId: null, status: 'referred' });
    });

    it('refuses a referral that does not exist, and keeps no job', async () => {
      jobCount += 1;
      const jobNumber = `JOB-${7000 + jobCount}`;
      const refused = await http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber, customerName: 'X', customerEmail: 'x@example.com.au', referralId: '00000000-0000-4000-8000-000000000000', notify: false })
        .expect(400);
      expect(refused.body.errors).toEqual([{ field: 'referralId', message: 'Referral not found' }]);
      const jobs = await sut.dataSource.query(`SELECT id FROM jobs WHERE job_number = $1`, [jobNumber]);
      expect(jobs).toEqual([]);
    });

    it('refuses to link a referral already linked to another job', async () => {
      const client = customer();
      const referred = await refer(plumber, { name: client.name, phone: client.phone, address: client.address });
      const bookingId = await book(client);
      await jobFromBooking(bookingId, { referralId: referred.id });
      jobCount += 1;
      const refused = await http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: `JOB-${7000 + jobCount}`, customerName: 'X', customerEmail: 'x@example.com.au', referralId: referred.id, notify: false })
        .expect(409);
      expect(refused.body.message).toContain(referred.refNumber);
    });
  });

  describe('stages drive the referral, and the ledger is never wrong', () => {
    async function linkedJob(user: SignedIn) {
      const { code } = await linkOf(user);
      const bookingId = await book({ ...customer(), referral_code: code });
      const [made] = await referralsOfBooking(bookingId);
      const job = await jobFromBooking(bookingId);
      expect(job.referralId).toBe(made.id);
      await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
      return { job, referralId: made.id as string, refNumber: made.refNumber as string };
    }

    it('Clean & View only, then paid: $80 paid, nothing pending, the reline still possible; the plumber is e-mailed each change', async () => {
      const { job, referralId, refNumber } = await linkedJob(plumber);
      const before = (await http().get('/api/me/rebates/summary').set(plumber.auth).expect(200)).body;

      await stage(job.id, 'inspected');
      expect(await referral(referralId)).toMatchObject({
        status: 'cleanview_completed',
        jobStage: 'inspected',
        cleanviewRebateStatus: 'processing',
        relineRebateStatus: 'pending',
      });
      const [update] = (await mailsTo('pat@patplumbing.com.au')).filter((mail) => mail.subject === `Update on your referral ${refNumber}`);
      expect(update).toBeDefined();
      expect(update!.text).toContain('Status: Clean & View Completed (was Referred).');
      expect(update!.text).toContain(`Your Clean & View rebate of ${formatMoney(CV / 100)} has been earned. It is due to be paid by `);
      expect(update!.text).toContain('/plumber-dashboard');

      const paid = await http().put(`/api/admin/referrals/${referralId}`).set(admin.auth).send({ status: 'rebate_paid' }).expect(200);
      expect(paid.body.notices).toContain('The reline rebate has not been earned: the job was not relined');
      expect(paid.body).toMatchObject({ cleanviewRebateStatus: 'paid', relineRebateStatus: 'pending' });
      const summary = (await http().get('/api/me/rebates/summary').set(plumber.auth).expect(200)).body;
      expect(summary.rebatePaid - before.rebatePaid).toBe(CV / 100);
      expect(summary.rebatePending - before.rebatePending).toBe(0);
      const mine = (await http().get('/api/me/referrals').set(plumber.auth).expect(200)).body.find((row: { id: string }) => row.id === referralId);
      expect(mine.rebates.reline).toMatchObject({ status: 'pending', possible: true, amount: RELINE / 100 });
      expect(mine.job).toEqual({ stage: 'inspected', stageLabel: 'Inspection Completed' });
      const entries = (await http().get('/api/me/rebates').set(plumber.auth).expect(200)).body.filter(
        (entry: { referralId: string }) => entry.referralId === referralId,
      );
      expect(entries).toEqual([expect.objectContaining({ kind: 'cleanview', amountCents: CV, state: 'paid' })]);
      expect(entries[0]).not.toHaveProperty('staffNotes');
    });

    it("reline, then paid: $480 paid; the go-ahead e-mail is the customer's own", async () => {
      const { job, referralId } = await linkedJob(other);
      const before = (await http().get('/api/me/rebates/summary').set(other.auth).expect(200)).body;
      for (const status of ['inspected', 'quoted']) await stage(job.id, status);
      await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'accepted', notify: true }).expect(200);
      const [goAhead] = (await mailsTo(job.customerEmail)).filter((mail) => mail.subject === "We've received your go-ahead");
      expect(goAhead).toBeDefined();
      for (const status of ['scheduled', 'completed']) await stage(job.id, status);
      const relined = await referral(referralId);
      expect(relined).toMatchObject({
        status: 'reline_completed',
        cleanviewRebateStatus: 'processing',
        relineRebateStatus: 'processing',
        relineDueAt: expect.any(String),
      });
      expect((await http().get('/api/me/rebates/summary').set(other.auth).expect(200)).body.rebatePending - before.rebatePending).toBe((CV + RELINE) / 100);

      const paid = await http().put(`/api/admin/referrals/${referralId}`).set(admin.auth).send({ status: 'rebate_paid' }).expect(200);
      expect(paid.body.notices).toEqual([]);
      const after = (await http().get('/api/me/rebates/summary').set(other.auth).expect(200)).body;
      expect(after.rebatePaid - before.rebatePaid).toBe((CV + RELINE) / 100);
      expect(after.rebatePending).toBe(before.rebatePending);
      const ledger = (await referral(referralId)).ledger;
      expect(ledger.map((entry: { kind: string; state: string; amountCents: number }) => [entry.kind, entry.state, entry.amountCents])).toEqual([
        ['cleanview', 'paid', CV],
        ['reline', 'paid', RELINE],
      ]);
    });

    it('an archived job voids what has not been earned; a cancelled booking too', async () => {
      const { job, referralId } = await linkedJob(plumber);
      await stage(job.id, 'inspected');
      await http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200);
      const archived = await referral(referralId);
      expect(archived).toMatchObject({ cleanviewRebateStatus: 'processing', relineRebateStatus: 'void' });
      expect(archived.ledger.find((entry: { kind: string }) => entry.kind === 'reline')).toMatchObject({
        state: 'void',
        voidReason: `The job ${job.jobNumber} was archived`,
      });
      const mine = (await http().get('/api/me/referrals').set(plumber.auth).expect(200)).body.find((row: { id: string }) => row.id === referralId);
      expect(mine.rebates.reline).toMatchObject({ status: 'void', possible: false });

      const { code } = await linkOf(plumber);
      const bookingId = await book({ ...customer(), referral_code: code });
      const [made] = await referralsOfBooking(bookingId);
      await http().put(`/api/admin/bookings/${bookingId}`).set(admin.auth).send({ status: 'cancelled' }).expect(200);
      expect(await referral(made.id)).toMatchObject({ cleanviewRebateStatus: 'void', relineRebateStatus: 'void' });
    });

    it('approves, voids with a reason, refuses to pay or void what cannot be, and refunds a payment with a negative adjustment', async () => {
      const { job, referralId } = await linkedJob(plumber);
      await stage(job.id, 'inspected');
      const [entry] = (await referral(referralId)).ledger;
      const list = await http()
        .get('/api/admin/rebates')
        .query({ filter: JSON.stringify({ referralId, state: 'pending' }) })
        .set(admin.auth)
        .expect(200);
      expect(list.headers['content-range']).toBe('rebates 0-0/1');
      expect(list.body[0]).toMatchObject({ id: entry.id, kind: 'cleanview', amountCents: CV, overdue: false, plumberId: plumber.id });

      await http().post(`/api/admin/rebates/${entry.id}/approve`).set(admin.auth).expect(200);
      expect((await referral(referralId)).cleanviewRebateStatus).toBe('approved');
      await http().post(`/api/admin/rebates/${entry.id}/approve`).set(admin.auth).expect(409);

      // Paid (one entry at a time, or the referral's rebate_paid), then refunded: a negative adjustment of the same amount.
      const paidOne = await http().post(`/api/admin/rebates/${entry.id}/pay`).set(admin.auth).expect(200);
      expect(paidOne.body).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
      expect((await http().post(`/api/admin/rebates/${entry.id}/pay`).set(admin.auth).expect(409)).body.message).toBe('This rebate has already been paid');
      expect((await referral(referralId)).cleanviewRebateStatus).toBe('paid');
      const voidPaid = await http().post(`/api/admin/rebates/${entry.id}/void`).set(admin.auth).send({ reason: 'Oops' }).expect(409);
      expect(voidPaid.body.message).toBe('A paid rebate cannot be voided: record a refund instead');
      const noReason = await http().post(`/api/admin/rebates/${entry.id}/refund`).set(admin.auth).send({ reason: '  ' }).expect(400);
      expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Please give a reason' }]);
      const refund = await http().post(`/api/admin/rebates/${entry.id}/refund`).set(admin.auth).send({ reason: 'Customer disputed the job' }).expect(200);
      expect(refund.body).toMatchObject({ kind: 'adjustment', amountCents: -CV, state: 'pending', adjusts: entry.id });
      await http().post(`/api/admin/rebates/${entry.id}/refund`).set(admin.auth).send({ reason: 'Again' }).expect(409);
      const detail = (await http().get(`/api/admin/rebates/${entry.id}`).set(admin.auth).expect(200)).body;
      expect(detail.history.map((change: { fromState: string | null; toState: string }) => `${change.fromState}→${change.toState}`)).toEqual([
        'null→pending',
        'pending→approved',
        'approved→paid',
      ]);
      expect(detail.history[1].actor).toBe('office@example.com.au');

      // A void entry is never paid.
      const second = await linkedJob(plumber);
      await stage(second.job.id, 'inspected');
      const [earned] = (await referral(second.referralId)).ledger;
      await http().post(`/api/admin/rebates/${earned.id}/void`).set(admin.auth).send({}).expect(400);
      await http().post(`/api/admin/rebates/${earned.id}/void`).set(admin.auth).send({ reason: 'Job was a warranty call-back' }).expect(200);
      await http().post(`/api/admin/rebates/${earned.id}/approve`).set(admin.auth).expect(409);
      const payVoid = await http().post(`/api/admin/rebates/${earned.id}/pay`).set(admin.auth).expect(409);
      expect(payVoid.body.message).toBe('A void rebate cannot be paid');
      const paidNothing = await http().put(`/api/admin/referrals/${second.referralId}`).set(admin.auth).send({ status: 'rebate_paid' }).expect(200);
      expect(paidNothing.body.cleanviewRebateStatus).toBe('void');
      expect((await referral(second.referralId)).ledger.map((row: { state: string }) => row.state)).toEqual(['void']);
      const voidMail = (await mailsTo('pat@patplumbing.com.au')).find((mail) => mail.text.includes('will not be paid: Job was a warranty call-back'));
      expect(voidMail).toBeDefined();
    });

    it('lists the ledger for staff with filters, and each plumber sees only their own entries', async () => {
      const all = await http().get('/api/admin/rebates').query({ range: '[0,499]' }).set(admin.auth).expect(200);
      expect(all.body.length).toBeGreaterThan(0);
      const byKind = await http().get('/api/admin/rebates').query({ filter: '{"kind":"reline"}', range: '[0,499]' }).set(admin.auth).expect(200);
      expect(byKind.body.every((entry: { kind: string }) => entry.kind === 'reline')).toBe(true);
      const overdue = await http().get('/api/admin/rebates').query({ filter: '{"overdue":true}' }).set(admin.auth).expect(200);
      expect(overdue.body).toEqual([]);
      const dueSoon = await http()
        .get('/api/admin/rebates')
        .query({ filter: JSON.stringify({ dueBefore: inDays(40) }), range: '[0,499]' })
        .set(admin.auth)
        .expect(200);
      expect(dueSoon.body.every((entry: { state: string }) => entry.state === 'pending' || entry.state === 'approved')).toBe(true);
      await http().get('/api/admin/rebates').query({ filter: '{"state":"lost"}' }).set(admin.auth).expect(400);
      const mine = (await http().get('/api/me/rebates').set(plumber.auth).expect(200)).body;
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((entry: { plumberId: string }) => entry.plumberId === plumber.id)).toBe(true);
      await http().get('/api/admin/rebates').set(plumber.auth).expect(403);
    });

    it('keeps staff notes out of every answer a plumber can reach', async () => {
      const { referralId } = await linkedJob(plumber);
      await http().put(`/api/admin/referrals/${referralId}`).set(admin.auth).send({ staffNotes: 'SECRET-internal: slow payer' }).expect(200);
      for (const path of ['/api/me/referrals', `/api/me/referrals/${referralId}`, '/api/me/rebates', '/api/me/rebates/summary']) {
        const answer = await http().get(path).set(plumber.auth).expect(200);
        expect(JSON.stringify(answer.body)).not.toContain('SECRET-internal');
      }
      const mails = await mailsTo('pat@patplumbing.com.au');
      expect(mails.some((mail) => mail.text.includes('SECRET-internal'))).toBe(false);
    });
  });
});
