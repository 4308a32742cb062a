import { MARKETING_CONSENT_LABEL, UNSUBSCRIBE_MESSAGES } from '@relining/contracts/api/email-preferences';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { slotSequence } from '../support/booking-slots.js';
import { eventually } from '../support/eventually.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * E-mail the Spam Act allows (issue 20): marketing e-mails carry the sender's identity, an unsubscribe
 * link and the RFC 8058 headers; transactional ones carry none; an unsubscribe needs no sign-in and
 * applies at once, to messages already queued too; consent is recorded where it is given.
 */

const slots = slotSequence();

const booking = (email: string, extra: Record<string, string> = {}) => ({
  name: 'Alex Citizen',
  email,
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  ...slots.next(),
  message: 'Blocked drain in the back yard',
  ...extra,
});

/** A message's headers as sent (folded lines unfolded), by lower-case name. */
function headersOf(mail: ReceivedMail): Map<string, string> {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The unsubscribe token printed in a message's text part. */
function tokenIn(mail: ReceivedMail): string {
  const match = /Unsubscribe: http:\/\/localhost:3000\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return match[1]!;
}

describe('e-mail the Spam Act allows', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  /** Queues a review request (marketing) as the reviews module will; `hold`: not due until released. */
  async function queueReviewRequest(to: string, jobId: string, options: { hold?: boolean } = {}) {
    const notifications = sut.app.get(NotificationsService);
    return sut.dataSource.transaction(async (manager) => {
      const queued = await notifications.enqueue(manager, {
        template: 'review_request',
        to,
        variables: { customerName: 'Alex', jobId, reviewLink: `http://localhost:3000/review/token-${jobId}` },
        dedupeKey: `review:${jobId}`,
        entity: { type: 'job', id: jobId },
      });
      // Held back (due in an hour) so the test decides when the worker may take it.
      if (options.hold) await manager.query(`UPDATE notifications SET next_attempt_at = now() + interval '1 hour' WHERE id = $1`, [queued.id]);
      return queued;
    });
  }

  async function notification(id: string): Promise<{ status: string; last_error: string | null; list_unsubscribe_url: string | null }> {
    const [row] = await sut.dataSource.query(`SELECT status, last_error, list_unsubscribe_url FROM notifications WHERE id = $1`, [id]);
    return row;
  }

  const drain = () => sut.app.get(NotificationsWorker).drainNow();
  const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'spam-act-admin@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(drain);
  });

  it('sends marketing with the identity footer, an unsubscribe link and both headers; transactional with none', async () => {
    const to = 'sam.customer@example.com.au';
    const queued = await queueReviewRequest(to, 'JOB-2001');
    await sut.http().post('/api/bookings').send(booking(to)).expect(201);
    await eventually(async () => (mailsTo(to).length >= 2 ? true : undefined), 'both e-mails at the SMTP sink', 15_000);

    const marketing = mailsTo(to).find((mail) => mail.text.includes('JOB-2001'))!;
    const transactional = mailsTo(to).find((mail) => mail !== marketing)!;
    const token = tokenIn(marketing);
    const url = `http://localhost:3000/unsubscribe/${token}`;
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(headersOf(marketing).get('list-unsubscribe')).toBe(`<${url}>`);
    expect(headersOf(marketing).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The sender's identity: name, phone, e-mail and website, in both parts.
    for (const part of [marketing.text, marketing.html]) {
      expect(part).toContain('Pipe Relining Australia');
      expect(part).toContain('info@pipereliningaustralia.com.au');
      expect(part).toContain('http://localhost:3000');
      expect(part).toContain(url);
    }
    expect((await notification(queued.id)).list_unsubscribe_url).toBe(url);

    expect(headersOf(transactional).has('list-unsubscribe')).toBe(false);
    expect(headersOf(transactional).has('list-unsubscribe-post')).toBe(false);
    expect(transactional.text).not.toContain('/unsubscribe/');
    expect(transactional.html).not.toContain('/unsubscribe/');

    // The same address gets the same token in every marketing e-mail.
    await queueReviewRequest(to.toUpperCase(), 'JOB-2002');
    const again = await eventually(async () => smtp.received.find((mail) => mail.text.includes('JOB-2002')), 'the second review request', 15_000);
    expect(tokenIn(again)).toBe(token);
  });

  it('unsubscribes from the link without sign-in, at once: queued marketing is cancelled, transactional still goes, later marketing is cancelled when queued', async () => {
    const to = 'jo.unsubscribes@example.com.au';
    await queueReviewRequest(to, 'JOB-2101');
    const [first] = await smtp.waitFor(1);
    const token = tokenIn(first!);
    // One more marketing message already queued (not yet due) when the person unsubscribes.
    const held = await queueReviewRequest(to, 'JOB-2102', { hold: true });

    const page = await sut.http().get(`/unsubscribe/${token}`).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('You’re unsubscribed. We won’t send you any more marketing e-mails');
    expect(page.text).toContain('j•••@example.com.au');
    expect(page.text).not.toContain(to);
    expect(page.text).toContain(`action="/unsubscribe/${token}/resubscribe"`);

    const list = await sut
      .http()
      .get('/api/admin/email-suppressions')
      .query({ filter: JSON.stringify({ q: 'jo.unsubscribes' }) })
      .set(admin.auth)
      .expect(200);
    expect(list.headers['content-range']).toBe('email-suppressions 0-0/1');
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        email: to,
        reason: 'unsubscribe_link',
        reasonLabel: 'Unsubscribed with the link in a marketing e-mail',
        detail: null,
        createdAt: expect.any(String),
      },
    ]);
    const [audit] = await sut.dataSource.query(`SELECT action, actor_kind FROM audit_log WHERE entity = 'email_suppression' AND entity_id = $1`, [
      list.body[0].id,
    ]);
    expect(audit).toEqual({ action: 'create', actor_kind: 'public' });

    // The held message comes due: the worker checks the list again and does not send it.
    smtp.received.length = 0;
    await sut.dataSource.query(`UPDATE notifications SET next_attempt_at = now() WHERE id = $1`, [held.id]);
    await drain();
    expect(await notification(held.id)).toMatchObject({
      status: 'cancelled',
      last_error: expect.stringMatching(/^Not sent: this address unsubscribed from marketing e-mails on \d{1,2} \w+ \d{4}$/),
    });

    // Marketing queued afterwards is stored cancelled at once; a transactional e-mail still goes.
    const later = await queueReviewRequest(to, 'JOB-2103');
    expect(later.status).toBe('cancelled');
    expect((await notification(later.id)).last_error).toMatch(/^Not sent: this address unsubscribed from marketing e-mails on /);
    await sut.http().post('/api/bookings').send(booking(to)).expect(201);
    await drain();
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(to)[0]!.text).not.toContain('JOB-21');

    // Idempotent: a second unsubscribe (the JSON twin, the one-click POST) keeps the first row and reason.
    const json = await sut.http().post(`/api/unsubscribe/${token}`).send({}).expect(200);
    expect(json.body).toEqual({ email: 'j•••@example.com.au', unsubscribed: true });
    await sut.http().post(`/unsubscribe/${token}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    const rows = await sut.dataSource.query(`SELECT reason FROM email_suppressions WHERE lower(email) = $1`, [to]);
    expect(rows).toEqual([{ reason: 'unsubscribe_link' }]);

    // Subscribing again removes the suppression and records the consent: marketing goes again.
    const again = await sut.http().post(`/unsubscribe/${token}/resubscribe`).type('form').send('').expect(200);
    expect(again.text).toContain(UNSUBSCRIBE_MESSAGES.resubscribed);
    expect(await sut.dataSource.query(`SELECT 1 FROM email_suppressions WHERE lower(email) = $1`, [to])).toEqual([]);
    const consents = await sut
      .http()
      .get('/api/admin/email-consents')
      .query({ filter: JSON.stringify({ email: to }) })
      .set(admin.auth)
      .expect(200);
    expect(consents.body).toEqual([expect.objectContaining({ email: to, given: true, source: 'unsubscribe_page', sourceId: null, purpose: 'marketing' })]);
    expect((await queueReviewRequest(to, 'JOB-2104')).status).toBe('queued');
  });

  it('takes the one-click POST a mail program sends (cross-site, no cookie, multipart) as reason one_click', async () => {
    const to = 'pat.oneclick@example.com.au';
    await queueReviewRequest(to, 'JOB-2201');
    const [mail] = await smtp.waitFor(1);
    const token = tokenIn(mail!);
    await sut
      .http()
      .post(`/unsubscribe/${token}`)
      .set('Origin', 'https://mail.example.net')
      .set('Sec-Fetch-Site', 'cross-site')
      .field('List-Unsubscribe', 'One-Click')
      .expect(200);
    const [row] = await sut.dataSource.query(`SELECT reason FROM email_suppressions WHERE email = $1`, [to]);
    expect(row).toEqual({ reason: 'one_click' });
    const queued = await queueReviewRequest(to, 'JOB-2202');
    expect(queued.status).toBe('cancelled');
  });

  it('answers an unknown token with a 404 page that says how to unsubscribe anyway', async () => {
    const page = await sut.http().get('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('This unsubscribe link is not valid.');
    await sut.http().get('/unsubscribe/not-a-token').expect(404);
    await sut.http().post('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA').type('form').send('List-Unsubscribe=One-Click').expect(404);
    const json = await sut.http().post('/api/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA').send({}).expect(404);
    expect(json.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('records the booking form’s consent when the box is ticked, and none when it is not', async () => {
    const ticked = await sut
      .http()
      .post('/api/bookings')
      .type('form')
      .send(new URLSearchParams({ ...booking('kim.ticks@example.com.au'), marketing_consent: 'on' }).toString())
      .set('Accept', 'application/json')
      .expect(201);
    const json = await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking('lee.json@example.com.au'), marketing_consent: true })
      .expect(201);
    await sut.http().post('/api/bookings').send(booking('max.unticked@example.com.au')).expect(201);
    await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking('nat.false@example.com.au'), marketing_consent: false })
      .expect(201);

    const rows = await sut.dataSource.query(
      `SELECT email, purpose, given, source, source_id, wording FROM email_consents WHERE source = 'booking_form' ORDER BY email`,
    );
    expect(rows).toEqual([
      {
        email: 'kim.ticks@example.com.au',
        purpose: 'marketing',
        given: true,
        source: 'booking_form',
        source_id: ticked.body.id,
        wording: MARKETING_CONSENT_LABEL,
      },
      {
        email: 'lee.json@example.com.au',
        purpose: 'marketing',
        given: true,
        source: 'booking_form',
        source_id: json.body.id,
        wording: MARKETING_CONSENT_LABEL,
      },
    ]);
    const list = await sut
      .http()
      .get('/api/admin/email-consents')
      .query({ filter: JSON.stringify({ q: 'kim.ticks' }) })
      .set(admin.auth)
      .expect(200);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        email: 'kim.ticks@example.com.au',
        purpose: 'marketing',
        given: true,
        source: 'booking_form',
        sourceId: ticked.body.id,
        wording: MARKETING_CONSENT_LABEL,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('lets staff add an address (reason staff), refuses a bad one, and answers an existing one unchanged', async () => {
    const added = await sut
      .http()
      .post('/api/admin/email-suppressions')
      .set(admin.auth)
      .send({ email: 'Rae.Phoned@example.com.au', note: 'Asked by phone on 26 November' })
      .expect(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      email: 'Rae.Phoned@example.com.au',
      reason: 'staff',
      reasonLabel: 'Added by staff at the person’s request',
      detail: 'Asked by phone on 26 November',
      createdAt: expect.any(String),
    });
    const again = await sut
      .http()
      .post('/api/admin/email-suppressions')
      .set(admin.auth)
      .send({ email: 'rae.phoned@example.com.au', note: 'Again' })
      .expect(200);
    expect(again.body).toEqual(added.body);
    const bad = await sut.http().post('/api/admin/email-suppressions').set(admin.auth).send({ email: 'not an address', note: '' }).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);

    // Applies at once to marketing, whatever the address's case.
    expect((await queueReviewRequest('RAE.PHONED@example.com.au', 'JOB-2301')).status).toBe('cancelled');

    const list = await sut
      .http()
      .get('/api/admin/email-suppressions')
      .query({ filter: JSON.stringify({ reason: 'staff' }), sort: JSON.stringify(['email', 'ASC']), range: '[0,9]' })
      .set(admin.auth)
      .expect(200);
    expect(list.body.map((row: { email: string }) => row.email)).toContain('Rae.Phoned@example.com.au');
    expect(list.body.every((row: { reason: string }) => row.reason === 'staff')).toBe(true);
    await sut
      .http()
      .get('/api/admin/email-suppressions')
      .query({ filter: JSON.stringify({ reason: 'bounced' }) })
      .set(admin.auth)
      .expect(400);
  });

  it('classes every template in the templates admin API', async () => {
    const list = await sut.http().get('/api/admin/email-templates').query({ range: '[0,99]' }).set(admin.auth).expect(200);
    const classes = Object.fromEntries(list.body.map((row: { key: string; emailClass: string }) => [row.key, row.emailClass]));
    expect(classes).toMatchObject({ review_request: 'marketing', booking_autoresponse: 'transactional', job_completed: 'transactional' });
  });
});
