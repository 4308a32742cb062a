import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { ReviewRequestsService } from '../../src/modules/reviews/review-requests.service.js';
import { ReviewsRepository } from '../../src/modules/reviews/reviews.repository.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { nextFreeSlots } from '../support/booking-slots.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;

/**
 * Review requests (issue 20) on real PostgreSQL with a real SMTP peer and two server instances: a
 * completed job's customer gets one `review_request` e-mail, REVIEW_REQUEST_DELAY_DAYS after
 * completion, with a private link whose secret never sits in the outbox.
 */
describe('review requests', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let second: TestApp;
  let admin: SignedIn;
  let n = 0;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    second = await startTestApp({ databaseUrl: sut.databaseUrl, env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'reviews-admin@pipereliningaustralia.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await sut.close();
    await smtp.stop();
  });

  const deliver = () => sut.app.get(NotificationsWorker).drainNow();

  beforeEach(async () => {
    await smtp.emptyInbox(deliver);
  });

  /** The first message received with this subject (the other instance's worker may deliver others meanwhile). */
  async function mailWith(subject: string): Promise<ReceivedMail> {
    for (let count = 1; ; count += 1) {
      await deliver();
      const found = smtp.received.find((mail) => mail.subject === subject);
      if (found) return found;
      await smtp.waitFor(count);
    }
  }

  async function job(status: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; jobNumber: string; email: string }> {
    n += 1;
    const email = `review.customer${n}@example.com.au`;
    const jobNumber = `JOB-R${100 + n}`;
    const created = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber,
        customerName: `Jordan Reviewer${n}`,
        customerEmail: email,
        address: '12 Station Street, Richmond VIC 3121',
        status,
        notify: false,
        ...overrides,
      })
      .expect(201);
    return { id: created.body.id, jobNumber, email };
  }

  async function requestOf(jobId: string) {
    const rows = await sut.dataSource.query(`SELECT id, due_at, queued_at, suburb, postcode, first_name, job_number FROM review_requests WHERE job_id = $1`, [
      jobId,
    ]);
    return rows as Array<{
      id: string;
      due_at: Date;
      queued_at: Date | null;
      suburb: string | null;
      postcode: string | null;
      first_name: string;
      job_number: string;
    }>;
  }

  it('sends a completed job exactly one review request, due two days later, even with two instances running the scheduler', async () => {
    const { id, jobNumber, email } = await job('scheduled');
    expect(await requestOf(id)).toEqual([]);
    const before = Date.now();
    await sut.http().put(`/api/admin/jobs/${id}/status`).set(admin.auth).send({ status: 'completed', notify: false }).expect(200);
    const [request] = await requestOf(id);
    expect(request).toMatchObject({ first_name: 'Jordan', job_number: jobNumber, suburb: 'Richmond', postcode: '3121', queued_at: null });
    const due = new Date(request!.due_at).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 2 * DAY - 1_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 2 * DAY + 1_000);

    // Not yet due: nothing is queued, by either instance.
    expect(await sut.app.get(ReviewRequestsService).run(new Date(due - 60_000))).toBe(0);
    expect(await second.app.get(ReviewRequestsService).run(new Date(due - 60_000))).toBe(0);

    // An instance claims the request and crashes before its commit: the other skips it meanwhile.
    const at = new Date(due + 60_000);
    const runner = sut.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const claimed = await sut.app.get(ReviewsRepository).claimDueRequests(runner.manager, at, 50);
    expect(claimed.map((row) => row.id)).toContain(request!.id);
    expect(await second.app.get(ReviewRequestsService).run(at)).toBe(0);
    await runner.rollbackTransaction();
    await runner.release();

    const runs = await Promise.all([
      sut.app.get(ReviewRequestsService).run(at),
      second.app.get(ReviewRequestsService).run(at),
      sut.app.get(ReviewRequestsService).run(at),
      second.app.get(ReviewRequestsService).run(at),
    ]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await second.app.get(ReviewRequestsService).run(new Date(at.getTime() + DAY))).toBe(0);

    // Completed again after a step back: still the one request.
    await sut.http().put(`/api/admin/jobs/${id}/status`).set(admin.auth).send({ status: 'scheduled', notify: false }).expect(200);
    await sut.http().put(`/api/admin/jobs/${id}/status`).set(admin.auth).send({ status: 'completed', notify: false }).expect(200);
    expect(await requestOf(id)).toHaveLength(1);
    expect(await sut.app.get(ReviewRequestsService).run(new Date(at.getTime() + 3 * DAY))).toBe(0);

    const outbox = await sut.dataSource.query(
      `SELECT to_address, entity_id, dedupe_key, text_body, html_body FROM notifications WHERE template_key = 'review_request'`,
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to_address: email, entity_id: id, dedupe_key: `review-request:${id}` });

    const mail = await mailWith('How did we do, Jordan?');
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain(jobNumber);
    const token = /\/review\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toHaveLength(43);
    expect(mail.text).toContain(`http://localhost:3000/review/${token}`);
    // The outbox holds the placeholder, never the secret.
    expect(outbox[0].text_body).toContain('http://localhost:3000/review/[link hidden]');
    const stored = JSON.stringify(await sut.dataSource.query(`SELECT * FROM notifications`));
    expect(stored).not.toContain(token);
    expect(JSON.stringify(await sut.dataSource.query(`SELECT * FROM review_requests`))).not.toContain(token);

    // The link works: the form's starting values, then the review, once.
    const invitation = await sut.http().get(`/api/reviews/${token}`).expect(200);
    expect(invitation.body).toEqual({ firstName: 'Jordan', suburb: 'Richmond', jobNumber });
    const sent = await second
      .http()
      .post(`/api/reviews/${token}`)
      .send({ rating: 5, text: 'Relined without digging.', firstName: 'Jordan', suburb: 'Richmond', consent: true })
      .expect(201);
    expect(sent.body).toEqual({ id: expect.any(String), rating: 5, consent: true });
    const [review] = await sut.dataSource.query(`SELECT status, verified, job_id, job_number, postcode, area, source FROM reviews WHERE id = $1`, [
      sent.body.id,
    ]);
    expect(review).toEqual({ status: 'pending', verified: true, job_id: id, job_number: jobNumber, postcode: '3121', area: 'melbourne', source: null });
    const again = await sut.http().get(`/api/reviews/${token}`).expect(410);
    expect(again.body).toMatchObject({ code: 'REVIEW_LINK_USED', message: REVIEW_MESSAGES.linkUsed });
    // Once written, no new link is made (a resend from the outbox is withdrawn).
    expect(await sut.app.get(ReviewRequestsService).mint(request!.id)).toEqual({ kind: 'withdrawn', reason: 'the review was already written.' });
  });

  it('asks nothing of a job that is not completed, withdraws the request of one archived before it went, and takes the postcode from the address when there is no booking', async () => {
    const open = await job('inspected');
    const quoted = await job('quoted');
    await sut.http().put(`/api/admin/jobs/${quoted.id}/status`).set(admin.auth).send({ status: 'accepted', notify: false }).expect(200);
    expect(await requestOf(open.id)).toEqual([]);
    expect(await requestOf(quoted.id)).toEqual([]);

    // Made at Completed: asked too, from the address's suburb and postcode.
    const made = await job('completed', { address: '3 Park Terrace, Norwood SA 5067' });
    expect(await requestOf(made.id)).toEqual([expect.objectContaining({ suburb: 'Norwood', postcode: '5067' })]);
    // Archived before its request went: withdrawn. Restored: asked again, once.
    await sut.http().post(`/api/admin/jobs/${made.id}/archive`).set(admin.auth).expect(200);
    expect(await requestOf(made.id)).toEqual([]);
    await sut.http().post(`/api/admin/jobs/${made.id}/restore`).set(admin.auth).expect(200);
    expect(await requestOf(made.id)).toHaveLength(1);
    await sut.http().post(`/api/admin/jobs/${made.id}/archive`).set(admin.auth).expect(200);
    expect(await requestOf(made.id)).toEqual([]);
  });

  it('never lets one address it cannot write to hold up the requests after it', async () => {
    const [bad, good] = [await job('completed'), await job('completed')];
    // As if the address had been mistyped before the rules were checked (an old row, a restore).
    await sut.dataSource.query(`UPDATE review_requests SET email = 'not an address' WHERE job_id = $1`, [bad.id]);
    await sut.dataSource.query(`UPDATE review_requests SET due_at = due_at - interval '1 day' WHERE job_id = $1`, [bad.id]);
    const [request] = await requestOf(good.id);
    expect(await sut.app.get(ReviewRequestsService).run(new Date(new Date(request!.due_at).getTime() + 60_000))).toBe(2);
    expect(await requestOf(bad.id)).toEqual([expect.objectContaining({ queued_at: expect.any(Date) })]);
    const queued = await sut.dataSource.query(`SELECT entity_id FROM notifications WHERE template_key = 'review_request' AND entity_id = ANY($1)`, [
      [bad.id, good.id],
    ]);
    expect(queued).toEqual([{ entity_id: good.id }]);
  });

  it("takes the suburb and postcode of the job's booking, as the customer chose them", async () => {
    const [slot] = nextFreeSlots(1, { from: '2099-02-01' });
    const booking = await sut
      .http()
      .post('/api/bookings')
      .send({
        name: 'Casey Booker',
        email: 'casey.booker@example.com.au',
        phone: '0400 123 456',
        suburb: 'Fremantle WA 6160',
        address: '5 Marine Terrace',
        ...slot,
        message: 'Roots in the sewer',
      })
      .expect(201);
    const made = await job('completed', { bookingId: booking.body.id, address: null });
    expect(await requestOf(made.id)).toEqual([expect.objectContaining({ suburb: 'Fremantle', postcode: '6160' })]);
  });
});
