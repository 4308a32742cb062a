import { loadConfig } from '../../src/config/app-config.js';
import { createOrPromoteAdmin } from '../../src/modules/auth/admin-accounts.js';
import { createUser, PASSWORD, signIn, type SignedIn } from '../support/accounts.js';
import { slotSequence } from '../support/booking-slots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * E-mail addresses are plain mailboxes (issue 12 item 14): an address holding anything that changes
 * a `mailto:` link built from it (`?`, `&`, `=`, `%`, `#`, spaces, invisible characters) is refused
 * everywhere an address is accepted, with the form's own message, and nothing is stored.
 */

const MAILTO_ADDRESSES: ReadonlyArray<[string, string]> = [
  ['a ? that adds a cc', 'jo?cc=evil@attacker.example'],
  ['a body= after the domain', 'jo@example.com.au?body=Call%20us'],
  ['an &', 'jo&bcc=evil@example.com.au'],
  ['an =', 'jo=x@example.com.au'],
  ['a % escape', 'jo%40attacker.example@example.com.au'],
  ['a #', 'jo#x@example.com.au'],
  ['a space', 'jo smith@example.com.au'],
  ['a zero-width space', 'jo\u200bsmith@example.com.au'],
];

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

const booking = (email: string) => ({
  name: 'Alex Citizen',
  email,
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  ...slots.next(),
  message: 'Blocked drain',
});

const referral = (plumberEmail: string) => ({
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail,
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage',
  serviceTypes: { cleanView: true, reline: false },
});

describe('e-mail addresses are plain mailboxes', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'mailbox-admin@example.com.au', role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'mailbox-plumber@example.com.au' }));
  });

  afterAll(() => sut.close());

  async function count(table: string): Promise<number> {
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM ${table}`);
    return count;
  }

  /** Every place an address is accepted over HTTP: the request, the field and message it must answer, and the table that must not grow. */
  const ENTRY_POINTS: ReadonlyArray<{
    name: string;
    table: string;
    field: string;
    message: string;
    send: (app: TestApp, email: string) => ReturnType<ReturnType<TestApp['http']>['post']>;
  }> = [
    {
      name: 'booking',
      table: 'bookings',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) => app.http().post('/api/bookings').send(booking(email)),
    },
    {
      name: 'quick referral',
      table: 'referrals',
      field: 'plumberEmail',
      message: 'Invalid email address',
      send: (app, email) => app.http().post('/api/referrals/quick').send(referral(email)),
    },
    {
      name: 'signed-in referral',
      table: 'referrals',
      field: 'plumberEmail',
      message: 'Invalid email address',
      send: (app, email) => app.http().post('/api/me/referrals').set(plumber.auth).send(referral(email)),
    },
    {
      name: 'corporate enquiry',
      table: 'enquiries',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) =>
        app.http().post('/api/enquiries').send({
          kind: 'corporate',
          organisationName: 'City of Example',
          contactPerson: 'Jordan Lee',
          email,
          phone: '03 9000 0000',
          siteAddress: '1 Civic Drive, Example VIC 3000',
          issueType: 'roots',
          timing: 'planned',
        }),
    },
    {
      name: 'product enquiry',
      table: 'enquiries',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) =>
        app
          .http()
          .post('/api/enquiries')
          .send({ kind: 'product', name: 'Pat Supplier', email, phone: '0400 555 666', product: 'RapidResin Starter Kit', message: 'Price?' }),
    },
    {
      name: 'job tracking link',
      table: 'jobs',
      field: 'customerEmail',
      message: 'Please enter a valid email address',
      send: (app, email) => app.http().post('/api/admin/jobs').set(admin.auth).send({ jobNumber: 'JOB-7300', customerName: 'Alex', customerEmail: email }),
    },
    {
      name: 'plumber registration',
      table: 'users',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) =>
        app.http().post('/api/auth/register').send({ email, password: PASSWORD, fullName: 'Quinn Quick', businessName: 'Quick Drains', phone: '0400 121 212' }),
    },
    {
      name: 'invitation',
      table: 'users',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) => app.http().post('/api/admin/users/invite').set(admin.auth).send({ email, role: 'admin' }),
    },
    {
      name: 'sign-in',
      table: 'refresh_tokens',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) => app.http().post('/api/auth/login').send({ email, password: PASSWORD }),
    },
    {
      name: 'forgotten password',
      table: 'notifications',
      field: 'email',
      message: 'Please enter a valid email address',
      send: (app, email) => app.http().post('/api/auth/forgot-password').send({ email }),
    },
  ];

  describe.each(ENTRY_POINTS)('$name', ({ table, field, message, send }) => {
    it.each(MAILTO_ADDRESSES)('refuses an address with %s, with the form message, storing nothing', async (_name, email) => {
      const before = await count(table);
      const response = await send(sut, email);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(response.body.errors).toContainEqual(expect.objectContaining({ field, message }));
      expect(await count(table)).toBe(before);
    });
  });

  it('admin:create refuses such an address and creates nothing', async () => {
    for (const [, email] of MAILTO_ADDRESSES) {
      const before = await count('users');
      await expect(sut.dataSource.transaction((manager) => createOrPromoteAdmin(manager, email, PASSWORD))).rejects.toThrow(
        'Please enter a valid email address',
      );
      expect(await count('users')).toBe(before);
    }
  });

  it('a test e-mail to a staff member whose stored address predates the rule is refused, and nothing is queued', async () => {
    const legacy = await createUser(sut.dataSource, { email: 'legacy-admin@example.com.au', role: 'admin' });
    const session = await signIn(sut, legacy);
    await sut.dataSource.query(`UPDATE users SET email = 'old?cc=evil@attacker.example' WHERE id = $1`, [legacy.id]);
    const before = await count('notifications');
    const response = await sut.http().post('/api/admin/email-templates/reset_password/test').set(session.auth).send({});
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field: 'to', message: 'Please enter a valid email address' });
    expect(await count('notifications')).toBe(before);
  });

  it.each(['MAIL_FROM', 'COMPANY_EMAIL'])('the server refuses to start with %s holding a mailto: header', (variable) => {
    for (const [, email] of MAILTO_ADDRESSES) {
      expect(() => loadConfig({ NODE_ENV: 'test', [variable]: `Pipe Relining <${email}>` })).toThrow(new RegExp(`${variable}: must be an e-mail address`));
    }
  });

  it('still takes ordinary addresses: an apostrophe, a plus tag, a hyphen, an international domain', async () => {
    for (const email of ["o'brien+drains@example.com.au", 'jo-smith_2@sub-domain.example.com.au', 'josé@exämple.com.au']) {
      await sut.http().post('/api/bookings').send(booking(email)).expect(201);
      await sut.http().post('/api/auth/forgot-password').send({ email }).expect(202);
    }
  });
});
