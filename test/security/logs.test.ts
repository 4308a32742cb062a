import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { bookableSlot } from '../support/booking-slots.js';
import { createUser, refreshCookieFrom, signIn, type SignedIn } from '../support/accounts.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The logs of a whole journey (every level, trace included) searched for secrets and personal data.
 * What an operator needs is kept: method, path (never the query string), status, timings, correlation
 * ids, record and user ids, SMTP reply codes. What they do not need is never written: passwords, tokens,
 * keys, header values, and customers' or plumbers' names, phone numbers, street addresses, e-mail
 * addresses and the words they wrote.
 */

const SMTP_AUTH = { user: 'relay-user', pass: 'smtp-Pa55word-kept-out-of-logs' };
const PASSWORDS = {
  registration: 'Plumber-passphrase-41!',
  reset: 'Second-passphrase-after-reset-52',
  admin: 'Admin-passphrase-kept-secret-77',
  wrong: 'Wrong-passphrase-tried-once-99',
};

const PLUMBER = { email: 'logan.pipewright@drainsrus.com.au', fullName: 'Logan Pipewright', businessName: 'Drainsrus Plumbing', phone: '0411 222 333' };
const NEW_PLUMBER_PHONE = '0499 888 777';
const CUSTOMER = {
  name: 'Harriet Quagmire',
  email: 'harriet.quagmire@example.net.au',
  phone: '0422 333 444',
  address: '17 Wombat Crescent',
  suburb: 'Richmond VIC 3121',
  message: 'Tree roots under the old laundry',
};
const QUICK = {
  plumberName: 'Quinn Quickfix',
  plumberCompany: 'Quickfix Drains',
  plumberPhone: '0433 444 555',
  plumberEmail: 'quinn@quickfixdrains.com.au',
  clientName: 'Bartholomew Ngata',
  jobAddress: '88 Platypus Parade',
  suburb: 'Toowong',
  clientPhone: '0455 666 777',
  urgency: 'high',
  description: 'Collapsed stormwater under the driveway',
  notes: 'Dog in the yard, gate code 48K21X',
};
const DASHBOARD_REFERRAL = {
  clientName: 'Priya Ramanathan',
  jobAddress: '5 Kookaburra Close',
  suburb: 'Toowong',
  clientPhone: '0466 777 888',
  urgency: 'medium',
  description: 'Sewer smells near the back door',
  serviceTypes: { cleanView: true, reline: true },
};
const STAFF_MESSAGE = { subject: 'About your referral', message: 'Your rebate for the Kookaburra Close job is on its way' };
const ENQUIRY = {
  kind: 'corporate',
  organisationName: 'Shire of Examplevale',
  contactPerson: 'Jordan Leeworthy',
  email: 'jordan.leeworthy@examplevale.vic.gov.au',
  phone: '03 9555 1234',
  siteAddress: '1 Civic Drive, Examplevale VIC 3999',
  issueType: 'roots',
  timing: 'planned',
  notes: 'Access through the council depot',
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A phone number as written and as bare digits. */
const phoneForms = (phone: string): string[] => [phone, phone.replace(/\s+/g, '')];

/** Every place a needle occurs in the log lines, for a readable failure. */
function findings(lines: string[], needles: Record<string, string[]>): string[] {
  const found: string[] = [];
  for (const [what, values] of Object.entries(needles)) {
    for (const value of values) {
      if (!value) continue;
      const lower = value.toLowerCase();
      const line = lines.find((candidate) => candidate.toLowerCase().includes(lower));
      if (line) found.push(`${what} "${value}" in: ${line.slice(0, 300)}`);
    }
  }
  return found;
}

describe('what reaches the logs', () => {
  const lines: string[] = [];
  let smtp: SmtpSink;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await new SmtpSink({ auth: SMTP_AUTH }).start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off', LOG_LEVEL: 'trace', MAIL_RETRY_BASE_MS: '20' }, logLines: lines });
  });

  afterAll(async () => {
    await sut.close();
    await smtp.stop();
  });

  /** Waits until the outbox has nothing left to send. */
  async function deliverAll(): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await sut.app.get(NotificationsWorker).drainNow();
      const [{ pending }] = await sut.dataSource.query(`SELECT count(*)::int AS pending FROM notifications WHERE status IN ('queued', 'failed')`);
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending} e-mails still undelivered`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function mailTo(address: string, subject: RegExp): string {
    const mail = [...smtp.received].reverse().find((candidate) => candidate.to.includes(address) && subject.test(candidate.subject));
    if (!mail) throw new Error(`no e-mail to ${address} matching ${subject}`);
    return mail.text;
  }

  it('carries no secret, token or personal data through a whole journey', async () => {
    const http = () => sut.http();
    const accessTokens: string[] = [];
    const refreshTokens: string[] = [];
    const remember = (session: SignedIn) => {
      accessTokens.push(session.accessToken);
      refreshTokens.push(session.cookie.split('=')[1]!);
      return session;
    };

    // A plumber registers, confirms the e-mail (opening the link's page first), signs in and refreshes.
    await http()
      .post('/api/auth/register')
      .send({ ...PLUMBER, password: PASSWORDS.registration })
      .expect(201);
    await deliverAll();
    const verifyToken = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mailTo(PLUMBER.email, /confirm/i))![1]!;
    await http().get(`/verify-email?token=${verifyToken}`);
    await http().post('/api/auth/verify-email').send({ token: verifyToken }).expect(200);
    await http().post('/api/auth/login').send({ email: PLUMBER.email, password: PASSWORDS.wrong }).expect(401);
    let plumber = remember(await signIn(sut, { email: PLUMBER.email, password: PASSWORDS.registration }));
    const refreshed = await http().post('/api/auth/refresh').set('Cookie', plumber.cookie).send({}).expect(200);
    plumber = remember({
      accessToken: refreshed.body.accessToken,
      cookie: refreshCookieFrom(refreshed.headers['set-cookie']),
      auth: { Authorization: `Bearer ${refreshed.body.accessToken}` },
    });
    await http().get('/api/auth/me').set(plumber.auth).expect(200);
    await http().put('/api/me/profile').set(plumber.auth).send({ phone: NEW_PLUMBER_PHONE }).expect(200);
    // A stale token and a replayed refresh cookie: refused, and still not logged.
    await http().get('/api/auth/me').set('Authorization', `Bearer ${accessTokens[0]}x`).expect(401);
    await http().post('/api/auth/refresh').set('Cookie', `relining_refresh=${refreshTokens[0]}`).send({}).expect(401);

    // Forgotten password: reset by the e-mailed link, then sign in with the new one.
    await http().post('/api/auth/forgot-password').send({ email: PLUMBER.email }).expect(202);
    await deliverAll();
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailTo(PLUMBER.email, /reset/i))![1]!;
    await http().get(`/reset-password?token=${resetToken}`);
    await http().post('/api/auth/reset-password').send({ token: resetToken, password: PASSWORDS.reset }).expect(200);
    plumber = remember(await signIn(sut, { email: PLUMBER.email, password: PASSWORDS.reset }));

    // A homeowner books a Clean & View (JSON and the no-JavaScript form post); a council enquires.
    const booking = {
      name: CUSTOMER.name,
      email: CUSTOMER.email,
      phone: CUSTOMER.phone,
      suburb: CUSTOMER.suburb,
      address: CUSTOMER.address,
      ...bookableSlot(), // a day and time the booking can take (issue 16)
      how_heard_about_us: 'Google Search',
      message: CUSTOMER.message,
    };
    await http().post('/api/bookings').send(booking).expect(201);
    await http()
      .post('/api/bookings')
      .type('form')
      .send({ ...booking, phone: '' })
      .expect(400);
    await http().post('/api/enquiries').send(ENQUIRY).expect(201);

    // A quick referral without an account, and one from the dashboard with a photo.
    await http().post('/api/referrals/quick').send(QUICK).expect(201);
    const referral = (await http().post('/api/me/referrals').set(plumber.auth).send(DASHBOARD_REFERRAL).expect(201)).body;
    const photos = (await http().post(`/api/me/referrals/${referral.id}/photos`).set(plumber.auth).attach('photos', PNG, 'ramanathan-backyard.png').expect(201))
      .body;
    await http().get(`/api/me/referrals/${referral.id}/photos/${photos[0].id}`).set(plumber.auth).expect(200);
    await http().get('/api/me/referrals').set(plumber.auth).expect(200);

    // Staff sign in, work the lists (searching by a customer's name), create a job and move it on.
    await createUser(sut.dataSource, { email: 'ops.admin@example.com.au', role: 'admin', password: PASSWORDS.admin, fullName: 'Olive Operations' });
    const admin = remember(await signIn(sut, { email: 'ops.admin@example.com.au', password: PASSWORDS.admin }));
    for (const path of [
      '/api/admin/bookings',
      '/api/admin/referrals',
      '/api/admin/users',
      '/api/admin/enquiries',
      '/api/admin/notifications',
      '/api/admin/jobs',
    ]) {
      await http()
        .get(path)
        .query({ filter: JSON.stringify({ q: 'Quagmire' }) })
        .set(admin.auth)
        .expect(200);
    }
    await http().get('/api/admin/bookings/stats').set(admin.auth).expect(200);
    await http().get('/api/admin/referrals/stats').set(admin.auth).expect(200);
    await http().get('/api/admin/bookings/export.csv').set(admin.auth).expect(200);
    await http().get(`/api/admin/referrals/${referral.id}`).set(admin.auth).expect(200);
    await http()
      .put(`/api/admin/referrals/${referral.id}`)
      .set(admin.auth)
      .send({ status: 'cleanview_completed', notes: 'Customer Priya prefers mornings' })
      .expect(200);
    await http().post(`/api/admin/referrals/${referral.id}/email`).set(admin.auth).send(STAFF_MESSAGE).expect(202);
    const job = (
      await http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({
          jobNumber: 'JOB-7001',
          customerName: CUSTOMER.name,
          customerEmail: CUSTOMER.email,
          customerPhone: CUSTOMER.phone,
          address: `${CUSTOMER.address}, Richmond`,
        })
        .expect(201)
    ).body;
    await http().put(`/api/admin/jobs/${job.id}/status`).set(admin.auth).send({ status: 'inspected' }).expect(200);
    await http().get(`/api/job-status/${job.trackingCode}`).expect(200);
    await http().get(`/job-status/${job.trackingCode}`).expect(200);

    // One delivery is refused by the peer for a while, quoting the address as real servers do; then all go out.
    smtp.rejectWith(450, `4.2.1 <${CUSTOMER.email}>: Mailbox temporarily unavailable`);
    await http().post(`/api/admin/jobs/${job.id}/notify`).set(admin.auth).expect(202);
    await sut.app.get(NotificationsWorker).drainNow();
    smtp.accept();
    await deliverAll();
    const [{ sent }] = await sut.dataSource.query(`SELECT count(*)::int AS sent FROM notifications WHERE status = 'sent'`);
    expect(sent).toBeGreaterThanOrEqual(12);
    expect(smtp.received.length).toBe(sent);

    // The logs are real and useful: request lines with paths and statuses, the failed delivery, correlation ids.
    const logs = lines.join('\n');
    expect(lines.length).toBeGreaterThan(60);
    expect(logs).toContain('/api/admin/jobs');
    expect(logs).toContain('"statusCode":401');
    expect(logs).toContain('E-mail not delivered');
    expect(logs).toContain('450');
    expect(logs).toContain('"correlationId"');
    expect(logs).toMatch(/"notificationId":"[0-9a-f-]{36}"/);
    expect(logs).toContain('/api/job-status/booked-job7001-[redacted]');

    const leaks = findings(lines, {
      password: Object.values(PASSWORDS),
      'access token': accessTokens,
      'refresh token': refreshTokens,
      'a JWT': ['eyJ'],
      'verification token': [verifyToken],
      'reset token': [resetToken],
      'tracking code': [job.trackingCode],
      'JWT secret': [sut.config.jwtSecret!],
      'SMTP password': [SMTP_AUTH.pass, encodeURIComponent(SMTP_AUTH.pass)],
      'SMTP URL': [smtp.url],
      'Authorization header': ['Bearer ', 'authorization'],
      'Cookie header': ['relining_refresh', 'cookie'],
      'phone number': [
        PLUMBER.phone,
        NEW_PLUMBER_PHONE,
        CUSTOMER.phone,
        QUICK.plumberPhone,
        QUICK.clientPhone,
        DASHBOARD_REFERRAL.clientPhone,
        ENQUIRY.phone,
      ].flatMap(phoneForms),
      'street address': [CUSTOMER.address, QUICK.jobAddress, DASHBOARD_REFERRAL.jobAddress, ENQUIRY.siteAddress, 'Wombat', 'Platypus', 'Kookaburra'],
      name: [
        PLUMBER.fullName,
        CUSTOMER.name,
        QUICK.plumberName,
        QUICK.clientName,
        DASHBOARD_REFERRAL.clientName,
        ENQUIRY.contactPerson,
        'Olive Operations',
        'Quagmire',
        'Pipewright',
        'Ngata',
        'Ramanathan',
        'Leeworthy',
      ],
      'e-mail address': [PLUMBER.email, CUSTOMER.email, QUICK.plumberEmail, ENQUIRY.email, 'ops.admin@example.com.au', 'drainsrus', 'examplevale'],
      'words people wrote': [
        CUSTOMER.message,
        QUICK.description,
        QUICK.notes,
        '48K21X',
        DASHBOARD_REFERRAL.description,
        STAFF_MESSAGE.message,
        ENQUIRY.notes,
        'Priya prefers mornings',
      ],
      'e-mail content': ['Hi Harriet', 'Hi Logan', 'View Your Job Status', '<html', '<!DOCTYPE'],
      'file name': ['ramanathan-backyard'],
    });
    expect(leaks).toEqual([]);
  });
});

describe('what reaches the logs when the database fails mid-request', () => {
  it('logs the failure with its correlation id, but not the values of the failed query', async () => {
    const lines: string[] = [];
    const sut = await startTestApp({ env: { RATE_LIMITS: 'off', LOG_LEVEL: 'trace' }, logLines: lines });
    try {
      const user = await createUser(sut.dataSource, { email: 'db-fault@plumbing.com.au', fullName: 'Dana Faultline' });
      const session = await signIn(sut, user);
      await sut.dataSource.query(`ALTER TABLE referrals ADD CONSTRAINT matrix_refuse_all CHECK (client_phone <> '0477 123 987')`);
      const failed = await sut
        .http()
        .post('/api/me/referrals')
        .set(session.auth)
        .send({ ...DASHBOARD_REFERRAL, clientName: 'Fergus Faultless', clientPhone: '0477 123 987', jobAddress: '3 Failing Way' })
        .expect(500);
      expect(lines.join('\n')).toContain(failed.body.correlationId);
      const errorLine = lines.find((line) => line.includes('Unhandled error'))!;
      // What the operator needs to fix it: the error, its constraint and table, the SQL (without its values).
      expect(errorLine).toContain('"constraint":"matrix_refuse_all"');
      expect(errorLine).toContain('"table":"referrals"');
      expect(errorLine).toMatch(/"query":"INSERT INTO/);
      const leaks = findings(lines, {
        'customer data': ['Fergus Faultless', '0477 123 987', '0477123987', '3 Failing Way', DASHBOARD_REFERRAL.description],
        'plumber data': ['Dana Faultline', 'db-fault@plumbing.com.au'],
        'access token': [session.accessToken, 'eyJ'],
      });
      expect(leaks).toEqual([]);
    } finally {
      await sut.close();
    }
  });
});
