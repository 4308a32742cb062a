import type { Response } from 'supertest';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * No input reaches code as a property name: every list filter, sort field and option map is looked up
 * as the map's own keys, so the names every object inherits are refused like any unknown value (400
 * in the one error format), never found on Object.prototype.
 */
const INHERITED_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
];

const STAFF_LISTS = [
  '/api/admin/bookings',
  '/api/admin/referrals',
  '/api/admin/enquiries',
  '/api/admin/jobs',
  '/api/admin/users',
  '/api/admin/notifications',
  '/api/admin/email-templates',
  '/api/admin/saved-views',
];

/** List filters whose values are a fixed set of options. */
const OPTION_FILTERS: Array<[string, string]> = [
  ['/api/admin/bookings', 'status'],
  ['/api/admin/bookings', 'period'],
  ['/api/admin/referrals', 'status'],
  ['/api/admin/referrals', 'urgency'],
  ['/api/admin/enquiries', 'kind'],
  ['/api/admin/enquiries', 'status'],
  ['/api/admin/enquiries', 'archived'],
  ['/api/admin/jobs', 'status'],
  ['/api/admin/jobs', 'archived'],
  ['/api/admin/users', 'role'],
  ['/api/admin/notifications', 'status'],
  ['/api/admin/notifications', 'templateKey'],
  ['/api/admin/email-templates', 'group'],
  ['/api/admin/saved-views', 'resource'],
];

const BOOKING = {
  name: 'Proto Person',
  email: 'proto.person@example.com.au',
  phone: '0400 123 456',
  suburb: 'Richmond VIC 3121',
  address: '12 Station Street',
  preferred_date: '2099-01-15',
  preferred_time: '9:00 AM',
  how_heard_about_us: 'Google Search',
  message: 'Blocked drain',
};

const REFERRAL = {
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage',
  serviceTypes: { cleanView: true, reline: false },
};

const QUICK = {
  plumberName: 'Quinn Quick',
  plumberCompany: 'Quick Drains',
  plumberPhone: '0400 121 212',
  plumberEmail: 'quinn@quickdrains.com.au',
  ...REFERRAL,
  serviceTypes: undefined,
};

const CORPORATE = {
  kind: 'corporate',
  organisationName: 'City of Example',
  contactPerson: 'Jordan Lee',
  email: 'jordan.lee@example.gov.au',
  phone: '03 9000 0000',
  siteAddress: '1 Civic Drive, Example VIC 3000',
  issueType: 'roots',
  timing: 'planned',
};

const PRODUCT = {
  kind: 'product',
  name: 'Pat Product',
  email: 'pat@example.com.au',
  phone: '0400 222 333',
  product: 'RapidResin Liner',
  message: 'Price list please',
};

function expectRefused(response: Response): void {
  expect({ status: response.status, type: response.headers['content-type'] }).toEqual({ status: 400, type: expect.stringMatching(/application\/json/) });
  expect(response.body).toEqual(
    expect.objectContaining({ statusCode: 400, code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) }),
  );
  expect(JSON.stringify(response.body)).not.toMatch(/\[native code\]|\[object Object\]|function /);
}

describe('names every object inherits are refused wherever input names an option', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;
  const ids: Record<'booking' | 'referral' | 'enquiry' | 'job' | 'user', string> = { booking: '', referral: '', enquiry: '', job: '', user: '' };

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'proto-admin@example.com.au', role: 'admin' }));
    const plumberUser = await createUser(sut.dataSource, { email: 'proto-plumber@example.com.au' });
    plumber = await signIn(sut, plumberUser);
    ids.user = plumberUser.id;
    ids.booking = (await sut.http().post('/api/bookings').send(BOOKING).expect(201)).body.id;
    ids.referral = (await sut.http().post('/api/me/referrals').set(plumber.auth).send(REFERRAL).expect(201)).body.id;
    ids.enquiry = (await sut.http().post('/api/enquiries').send(CORPORATE).expect(201)).body.id;
    ids.job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-9001', customerName: 'Alex Citizen', customerEmail: 'alex@example.com.au', notify: false })
        .expect(201)
    ).body.id;
  });

  afterAll(() => sut.close());

  describe.each(INHERITED_NAMES)('%s', (name) => {
    it.each(STAFF_LISTS)('as a filter of %s', async (path) => {
      expectRefused(
        await sut
          .http()
          .get(path)
          .query({ filter: `{${JSON.stringify(name)}:"x"}` })
          .set(admin.auth),
      );
    });

    it.each(STAFF_LISTS)('as the sort field of %s', async (path) => {
      expectRefused(
        await sut
          .http()
          .get(path)
          .query({ sort: JSON.stringify([name, 'ASC']) })
          .set(admin.auth),
      );
    });

    it.each(OPTION_FILTERS)('as the value of %s filter %s', async (path, filter) => {
      expectRefused(
        await sut
          .http()
          .get(path)
          .query({ filter: JSON.stringify({ [filter]: name }) })
          .set(admin.auth),
      );
    });

    const places: Array<[string, () => Promise<Response>]> = [
      [
        'booking: how_heard_about_us',
        () =>
          sut
            .http()
            .post('/api/bookings')
            .send({ ...BOOKING, how_heard_about_us: name }),
      ],
      [
        'booking: preferred_time',
        () =>
          sut
            .http()
            .post('/api/bookings')
            .send({ ...BOOKING, preferred_time: name }),
      ],
      [
        'booking: a field name',
        () =>
          sut
            .http()
            .post('/api/bookings')
            .send({ ...BOOKING, [name]: 'x' }),
      ],
      ['booking status (staff)', () => sut.http().put(`/api/admin/bookings/${ids.booking}`).set(admin.auth).send({ status: name })],
      [
        'quick referral: urgency',
        () =>
          sut
            .http()
            .post('/api/referrals/quick')
            .send({ ...QUICK, urgency: name }),
      ],
      [
        'quick referral: a field name',
        () =>
          sut
            .http()
            .post('/api/referrals/quick')
            .send({ ...QUICK, [name]: 'x' }),
      ],
      [
        'plumber referral: urgency',
        () =>
          sut
            .http()
            .post('/api/me/referrals')
            .set(plumber.auth)
            .send({ ...REFERRAL, urgency: name }),
      ],
      [
        'plumber referral: a service type',
        () =>
          sut
            .http()
            .post('/api/me/referrals')
            .set(plumber.auth)
            .send({ ...REFERRAL, serviceTypes: { [name]: true } }),
      ],
      ['referral status (staff)', () => sut.http().put(`/api/admin/referrals/${ids.referral}`).set(admin.auth).send({ status: name })],
      [
        'enquiry: kind',
        () =>
          sut
            .http()
            .post('/api/enquiries')
            .send({ ...CORPORATE, kind: name }),
      ],
      [
        'enquiry: issue type',
        () =>
          sut
            .http()
            .post('/api/enquiries')
            .send({ ...CORPORATE, issueType: name }),
      ],
      [
        'enquiry: timing',
        () =>
          sut
            .http()
            .post('/api/enquiries')
            .send({ ...CORPORATE, timing: name }),
      ],
      [
        'enquiry: product',
        () =>
          sut
            .http()
            .post('/api/enquiries')
            .send({ ...PRODUCT, product: name }),
      ],
      [
        'enquiry: a field name',
        () =>
          sut
            .http()
            .post('/api/enquiries')
            .send({ ...CORPORATE, [name]: 'x' }),
      ],
      ['enquiry status (staff)', () => sut.http().put(`/api/admin/enquiries/${ids.enquiry}`).set(admin.auth).send({ status: name })],
      [
        'new job: status',
        () =>
          sut
            .http()
            .post('/api/admin/jobs')
            .set(admin.auth)
            .send({ jobNumber: `JOB-P-${name}`, customerName: 'A B', customerEmail: 'ab@example.com.au', status: name }),
      ],
      [
        'job details (staff, the whole record): a field name',
        () =>
          sut
            .http()
            .put(`/api/admin/jobs/${ids.job}`)
            .set(admin.auth)
            .send({ customerName: 'Alex Citizen', [name]: 'x' }),
      ],
      ['job status', () => sut.http().put(`/api/admin/jobs/${ids.job}/status`).set(admin.auth).send({ status: name, notify: false })],
      ['user role', () => sut.http().put(`/api/admin/users/${ids.user}`).set(admin.auth).send({ role: name })],
      ['invitation role', () => sut.http().post('/api/admin/users/invite').set(admin.auth).send({ email: 'invitee@example.com.au', role: name })],
      [
        'e-mail settings: a settings key',
        () =>
          sut
            .http()
            .put('/api/admin/settings/email')
            .set(admin.auth)
            .send({ [name]: true }),
      ],
      [
        'profile: a field name',
        () =>
          sut
            .http()
            .put('/api/me/profile')
            .set(plumber.auth)
            .send({ [name]: 'x' }),
      ],
    ];

    it.each(places)('as %s', async (_place, send) => {
      expectRefused(await send());
    });

    it('as an e-mail template key: no such template (404 in the error format), like any unknown key', async () => {
      for (const response of [
        await sut
          .http()
          .get(`/api/admin/email-templates/${encodeURIComponent(name)}`)
          .set(admin.auth),
        await sut
          .http()
          .put(`/api/admin/email-templates/${encodeURIComponent(name)}`)
          .set(admin.auth)
          .send({ subject: 'x', body: 'y' }),
        await sut
          .http()
          .post(`/api/admin/email-templates/${encodeURIComponent(name)}/preview`)
          .set(admin.auth)
          .send({ subject: 'x', body: 'y' }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', correlationId: expect.any(String) });
      }
    });
  });

  it('changed nothing: every record is as it was', async () => {
    const [booking] = await sut.dataSource.query(`SELECT status FROM bookings WHERE id = $1`, [ids.booking]);
    const [referral] = await sut.dataSource.query(`SELECT status, urgency FROM referrals WHERE id = $1`, [ids.referral]);
    const [job] = await sut.dataSource.query(`SELECT status FROM jobs WHERE id = $1`, [ids.job]);
    const [role] = await sut.dataSource.query(`SELECT role FROM user_roles WHERE user_id = $1`, [ids.user]);
    expect([booking.status, referral.status, referral.urgency, job.status, role.role]).toEqual(['new', 'referred', 'medium', 'booked', 'plumber']);
    const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM bookings`);
    expect(count).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
