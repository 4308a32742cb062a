import { loadConfig } from '../../src/config/app-config.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { EMAIL_LOGO } from '../../src/modules/templates/email-logo.js';
import { escapeHtml } from '../../src/modules/templates/template-renderer.js';
import { createUser, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { slotSequence } from '../support/booking-slots.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEMPLATE_INJECTION_PAYLOADS } from './fixtures/template-injection.js';

/**
 * Staff-edited e-mail templates and what customers type can never run code, add markup or add mail
 * headers. Everything is checked through the real endpoints, and on the messages a real SMTP peer
 * received.
 */

const COMPANY_INBOX = 'office@example.com.au';
const ATTACKER = 'evil@attacker.example';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const BREAKOUT = '"><a href=javascript:alert(1)>click</a>';

/** Ways a value could try to end a header line and start a `Bcc:` of its own. */
const HEADER_BREAKS: ReadonlyArray<[string, string]> = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['unicode line separator', '\u2028'],
  ['next line (NEL)', '\u0085'],
  ['percent-encoded CR LF (as text)', '%0d%0a'],
];

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

const booking = (change: Record<string, string> = {}) => ({
  name: 'Alex Citizen',
  email: 'alex.booking@example.com.au',
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  ...slots.next(),
  message: 'Blocked drain in the back yard',
  ...change,
});

const quickReferral = (change: Record<string, string> = {}) => ({
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
  notes: 'Side gate code 1234',
  ...change,
});

/** The header block of a raw message, with folded lines joined. */
function headers(mail: ReceivedMail): Array<{ name: string; value: string }> {
  const block = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]/g, ' ');
  return block.split('\r\n').map((line) => ({ name: line.slice(0, line.indexOf(':')).toLowerCase(), value: line.slice(line.indexOf(':') + 1).trim() }));
}

/** No value added a header: one To, one From, one Subject, no Bcc/Cc/Reply-To, and only the expected recipient. */
function expectNoInjectedHeaders(mail: ReceivedMail, recipient: string): void {
  const names = headers(mail).map((header) => header.name);
  for (const single of ['to', 'from', 'subject', 'message-id']) expect(names.filter((name) => name === single)).toHaveLength(1);
  for (const absent of ['bcc', 'cc', 'reply-to', 'sender']) expect(names).not.toContain(absent);
  expect(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))).not.toMatch(/^bcc:/im);
  expect(mail.to).toEqual([recipient]);
}

/** The HTML part shows each value as text (escaped) and gains no element, handler or link; the text part is plain. */
function expectInertHtml(mail: ReceivedMail, values: readonly string[]): void {
  for (const value of values) {
    expect(mail.html).not.toContain(value);
    expect(mail.html).toContain(escapeHtml(value));
    expect(mail.text).toContain(value);
  }
  // The layout's logo (an inline attachment) is the one image a message has; no value adds another.
  expect(mail.html.replace(`<img src="cid:${EMAIL_LOGO.cid}"`, '')).not.toMatch(/<script|<img|\sonerror\s*=|href\s*=\s*["']?\s*javascript:/i);
  expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
}

describe('e-mail templates and messages (security)', () => {
  let smtp: SmtpSink;
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMITS: 'off',
        COMPANY_EMAIL: COMPANY_INBOX,
        // A display name that looks like a header: it must stay inside the From header.
        MAIL_FROM: '"Pipe Relining, Bcc: evil@attacker.example" <no-reply@example.com.au>',
      },
    });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'staff@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  beforeEach(async () => {
    await smtp.emptyInbox(() => sut.app.get(NotificationsWorker).drainNow());
  });

  async function delivered(count: number): Promise<ReceivedMail[]> {
    await sut.app.get(NotificationsWorker).drainNow();
    return smtp.waitFor(count);
  }

  const templates = () => sut.dataSource.query(`SELECT key, subject, body, updated_at, updated_by FROM email_templates ORDER BY key`);
  const countOf = async (sql: string, params: unknown[] = []) => (await sut.dataSource.query(sql, params))[0].count as number;

  describe('template injection refused on save', () => {
    let before: unknown;
    const valid = { subject: 'Your job {jobId}', body: 'Hi {customerName},\n\nYour job {jobId}: {trackingLink}' };

    beforeAll(async () => {
      before = await templates();
    });

    it('has a corpus of at least 40 payloads', () => {
      expect(TEMPLATE_INJECTION_PAYLOADS.length).toBeGreaterThanOrEqual(40);
    });

    describe.each(['subject', 'body'] as const)('in the %s', (field) => {
      it.each(TEMPLATE_INJECTION_PAYLOADS)('refuses $name with 400 and changes nothing', async ({ payload }) => {
        const body = { ...valid, [field]: field === 'subject' ? `Job {jobId} ${payload}` : `Hi {customerName},\n\n${payload}\n\n{trackingLink}` };
        const response = await sut.http().put('/api/admin/email-templates/booking_confirmed').set(admin.auth).send(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: response.body.errors[0].message,
          errors: expect.arrayContaining([{ field, message: expect.any(String) }]),
          correlationId: expect.any(String),
        });
        expect(response.body.errors.every((error: { field: string }) => error.field === field)).toBe(true);
        expect(await templates()).toEqual(before);
      });
    });

    it.each(TEMPLATE_INJECTION_PAYLOADS)('the live preview refuses $name too', async ({ payload }) => {
      const response = await sut
        .http()
        .post('/api/admin/email-templates/booking_confirmed/preview')
        .set(admin.auth)
        .send({ body: `Hi {customerName} ${payload}` });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.arrayContaining([expect.objectContaining({ field: 'body' })]) });
    });

    it.each(HEADER_BREAKS.filter(([name]) => !name.startsWith('percent')))('refuses a subject holding a %s', async (_name, lineBreak) => {
      const response = await sut
        .http()
        .put('/api/admin/email-templates/booking_confirmed')
        .set(admin.auth)
        .send({ ...valid, subject: `Job {jobId}${lineBreak}Bcc: ${ATTACKER}` });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ field: 'subject', message: 'The subject must be a single line.' });
      expect(await templates()).toEqual(before);
    });

    it('still saves a template that only uses its own variables (the refusals are not blanket)', async () => {
      const response = await sut
        .http()
        .put('/api/admin/email-templates/quote_sent')
        .set(admin.auth)
        .send({ subject: 'Quote for {jobId}', body: 'Hi {customerName}, see {trackingLink}: 100% no-dig, 25-year guarantee.' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ subject: 'Quote for {jobId}' });
    });
  });

  it('never runs a template that reached the database without the checks: the default wording goes out instead', async () => {
    const hostile = TEMPLATE_INJECTION_PAYLOADS.find((p) => p.name === 'the classic #with / lookup RCE chain')!.payload;
    const [original] = await sut.dataSource.query(`SELECT subject, body FROM email_templates WHERE key = 'booking_confirmed'`);
    await sut.dataSource.query(
      `INSERT INTO email_templates (key, subject, body) VALUES ('booking_confirmed', $1, $2) ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body`,
      ['{{constructor.constructor "return process"}}', `Hi {customerName} ${hostile} {{lookup this "constructor"}}`],
    );
    try {
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-7001', customerName: 'Alex', customerEmail: 'alex.stored@example.com.au' })
        .expect(201);
      const [mail] = await delivered(1);
      expect(mail!.subject).toBe('Your pipe inspection is booked');
      expect(mail!.text).toContain('Thanks for booking your Clean & View inspection');
      expect(mail!.text + mail!.html).not.toMatch(/process|function|\[object|constructor|\{\{/);
    } finally {
      if (original)
        await sut.dataSource.query(`UPDATE email_templates SET subject = $1, body = $2 WHERE key = 'booking_confirmed'`, [original.subject, original.body]);
      else await sut.dataSource.query(`DELETE FROM email_templates WHERE key = 'booking_confirmed'`);
    }
  });

  describe('customer-supplied values never add HTML', () => {
    it('booking: name, address and notes are escaped in the HTML part and plain in the text part', async () => {
      const values = { name: `Alex ${SCRIPT}`, address: `12 Station Street ${IMG}`, message: `Blocked drain ${BREAKOUT}` };
      await sut.http().post('/api/bookings').send(booking(values)).expect(201);
      const mails = await delivered(2);
      const customer = mails.find((mail) => mail.to.includes('alex.booking@example.com.au'))!;
      const company = mails.find((mail) => mail.to.includes(COMPANY_INBOX))!;
      // The customer's e-mail greets them by first name and repeats the address.
      expectInertHtml(customer, [IMG]);
      expectInertHtml(company, [SCRIPT, IMG, BREAKOUT]);
    });

    it('referral: plumber, client, address, description and notes are escaped', async () => {
      const values = {
        plumberName: `Quinn ${SCRIPT}`,
        clientName: `Chris ${IMG}`,
        jobAddress: `4 Elm ${BREAKOUT}`,
        description: `Roots ${SCRIPT}`,
        notes: `Gate ${IMG}`,
      };
      await sut.http().post('/api/referrals/quick').send(quickReferral(values)).expect(201);
      const mails = await delivered(2);
      const company = mails.find((mail) => mail.to.includes(COMPANY_INBOX))!;
      const plumber = mails.find((mail) => mail.to.includes('quinn@quickdrains.com.au'))!;
      expectInertHtml(company, [SCRIPT, IMG, BREAKOUT]);
      expectInertHtml(plumber, [IMG]);
    });

    it("job: the customer's name is escaped in the status e-mail", async () => {
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-7002', customerName: `Alex ${BREAKOUT} ${SCRIPT}`, customerEmail: 'alex.job@example.com.au' })
        .expect(201);
      const [mail] = await delivered(1);
      expectInertHtml(mail!, [BREAKOUT, SCRIPT]);
    });
  });

  describe('line breaks cannot add headers', () => {
    it.each(HEADER_BREAKS)('a booking name holding a %s stays inside the subject', async (_name, lineBreak) => {
      await sut
        .http()
        .post('/api/bookings')
        .send(booking({ name: `Alex${lineBreak}Bcc: ${ATTACKER}` }))
        .expect(201);
      const mails = await delivered(2);
      const notice = mails.find((mail) => mail.to.includes(COMPANY_INBOX))!;
      expectNoInjectedHeaders(notice, COMPANY_INBOX);
      expect(notice.subject).toMatch(/^New Booking Request: Alex.{0,8}Bcc: evil@attacker\.example, Richmond$/);
      expectNoInjectedHeaders(
        mails.find((mail) => mail.to.includes('alex.booking@example.com.au'))!,
        'alex.booking@example.com.au',
      );
    });

    it('a form post whose name carries %0D%0A (decoded to CR LF) stays inside the subject', async () => {
      const fields = new URLSearchParams(booking({ name: `Alex\r\nBcc: ${ATTACKER}` })).toString();
      expect(fields).toContain('%0D%0A');
      await sut.http().post('/api/bookings').type('form').send(fields).expect(303);
      const notice = (await delivered(2)).find((mail) => mail.to.includes(COMPANY_INBOX))!;
      expectNoInjectedHeaders(notice, COMPANY_INBOX);
    });

    it('a referral plumber name holding CR LF stays inside the subject', async () => {
      await sut
        .http()
        .post('/api/referrals/quick')
        .send(quickReferral({ plumberName: `Quinn\r\nBcc: ${ATTACKER}` }))
        .expect(201);
      const mails = await delivered(2);
      const notice = mails.find((mail) => mail.to.includes(COMPANY_INBOX))!;
      expectNoInjectedHeaders(notice, COMPANY_INBOX);
      expect(notice.subject).toMatch(/^New Referral R-\d+ from Quinn Bcc: evil@attacker\.example$/);
    });

    it("the sender's display name stays a quoted name in one From header", async () => {
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-7003', customerName: 'Alex', customerEmail: 'alex.from@example.com.au' })
        .expect(201);
      const [mail] = await delivered(1);
      expectNoInjectedHeaders(mail!, 'alex.from@example.com.au');
      expect(headers(mail!).find((header) => header.name === 'from')!.value).toBe('"Pipe Relining, Bcc: evil@attacker.example" <no-reply@example.com.au>');
    });

    it.each(HEADER_BREAKS.filter(([name]) => !name.startsWith('percent')))(
      'staff cannot put a %s in the subject of a message to a plumber',
      async (_name, lineBreak) => {
        const [{ id }] = await sut.dataSource.query(`SELECT id FROM referrals ORDER BY created_at LIMIT 1`);
        const before = await countOf(`SELECT count(*)::int AS count FROM notifications`);
        const response = await sut
          .http()
          .post(`/api/admin/referrals/${id}/email`)
          .set(admin.auth)
          .send({ subject: `Hello${lineBreak}Bcc: ${ATTACKER}`, message: 'Hi' });
        expect(response.status).toBe(400);
        expect(response.body.errors).toContainEqual({ field: 'subject', message: 'The subject must be a single line.' });
        expect(await countOf(`SELECT count(*)::int AS count FROM notifications`)).toBe(before);
      },
    );
  });

  describe('addresses that could add headers or recipients are refused with a clear message', () => {
    const HOSTILE_ADDRESSES: ReadonlyArray<[string, string]> = [
      ['CR LF and a Bcc', `alex@example.com.au\r\nBcc: ${ATTACKER}`],
      ['LF and a Bcc', `alex@example.com.au\nBcc: ${ATTACKER}`],
      ['a unicode line separator', `alex@example.com.au\u2028Bcc: ${ATTACKER}`],
      ['percent-encoded CR LF', `alex%0d%0aBcc:${ATTACKER}`],
      ['a second address after a comma', `alex@example.com.au,${ATTACKER}`],
      ['a second address after a semicolon', `alex@example.com.au;${ATTACKER}`],
      ['a display name', `Alex <alex@example.com.au>`],
      ['a quoted local part', `"alex\\"@example.com.au`],
      ['a NUL byte', `alex@example.com.au\u0000${ATTACKER}`],
    ];

    it.each(HOSTILE_ADDRESSES)('booking e-mail with %s', async (_name, email) => {
      const bookings = await countOf(`SELECT count(*)::int AS count FROM bookings`);
      const response = await sut.http().post('/api/bookings').send(booking({ email }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' }));
      expect(await countOf(`SELECT count(*)::int AS count FROM bookings`)).toBe(bookings);
    });

    it.each(HOSTILE_ADDRESSES)('referral plumber e-mail with %s', async (_name, plumberEmail) => {
      const referrals = await countOf(`SELECT count(*)::int AS count FROM referrals`);
      const response = await sut.http().post('/api/referrals/quick').send(quickReferral({ plumberEmail }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ field: 'plumberEmail', message: 'Invalid email address' });
      expect(await countOf(`SELECT count(*)::int AS count FROM referrals`)).toBe(referrals);
    });

    it.each(HOSTILE_ADDRESSES)('job customer e-mail with %s', async (_name, customerEmail) => {
      const jobs = await countOf(`SELECT count(*)::int AS count FROM jobs`);
      const response = await sut.http().post('/api/admin/jobs').set(admin.auth).send({ jobNumber: 'JOB-7100', customerName: 'Alex', customerEmail });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ field: 'customerEmail', message: 'Please enter a valid email address' });
      expect(await countOf(`SELECT count(*)::int AS count FROM jobs`)).toBe(jobs);
    });

    it.each(HOSTILE_ADDRESSES)('plumber registration e-mail with %s', async (_name, email) => {
      const users = await countOf(`SELECT count(*)::int AS count FROM users`);
      const response = await sut
        .http()
        .post('/api/auth/register')
        .send({ email, password: PASSWORD, fullName: 'Quinn Quick', businessName: 'Quick Drains', phone: '0400 121 212' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' }));
      expect(await countOf(`SELECT count(*)::int AS count FROM users`)).toBe(users);
    });

    it('still takes ordinary addresses, including an apostrophe and a plus tag', async () => {
      await sut
        .http()
        .post('/api/bookings')
        .send(booking({ email: "o'brien+drains@example.com.au" }))
        .expect(201);
      const customer = (await delivered(2)).find((mail) => mail.to.includes("o'brien+drains@example.com.au"));
      expect(customer).toBeDefined();
    });

    it.each([
      ['MAIL_FROM', 'Pipe Relining <no-reply@example.com.au>\r\nBcc: evil@attacker.example'],
      ['MAIL_FROM', 'Pipe Relining\u2028Bcc: evil@attacker.example <no-reply@example.com.au>'],
      ['MAIL_FROM', 'Pipe Relining, evil@attacker.example <no-reply@example.com.au>'],
      ['MAIL_FROM', 'no-reply@example.com.au, evil@attacker.example'],
      ['COMPANY_EMAIL', 'office@example.com.au\nBcc: evil@attacker.example'],
      ['COMPANY_EMAIL', 'office@example.com.au;evil@attacker.example'],
      ['COMPANY_EMAIL', 'Office <office@example.com.au>\u0000'],
    ])('the server refuses to start with %s = %j', (variable, value) => {
      expect(() => loadConfig({ NODE_ENV: 'test', [variable]: value })).toThrow(new RegExp(`${variable}: must be an e-mail address`));
    });
  });
});
