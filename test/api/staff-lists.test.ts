import { TEMPLATE_KEYS } from '../../src/modules/templates/template-catalogue.js';
import { nextFreeSlots } from '../support/booking-slots.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { discoverRoutes } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every staff list speaks react-admin's defaults: its default sort (`["id","ASC"]`) and `range` on
 * every resource. The lists are found in the router (every GET /api/admin/<resource> without a
 * parameter), so a new list is checked without anyone adding it here.
 */
const RESOURCE_OF: Record<string, string> = {
  '/api/admin/appointments': 'appointments',
  '/api/admin/audit': 'audit',
  '/api/admin/bookings': 'bookings',
  '/api/admin/email-consents': 'email-consents',
  '/api/admin/email-suppressions': 'email-suppressions',
  '/api/admin/email-templates': 'email-templates',
  '/api/admin/enquiries': 'enquiries',
  '/api/admin/jobs': 'jobs',
  '/api/admin/media': 'media',
  '/api/admin/site-slots': 'site-slots',
  '/api/admin/notifications': 'notifications',
  '/api/admin/payout-runs': 'payout-runs',
  '/api/admin/referrals': 'referrals',
  '/api/admin/rebates': 'rebates',
  '/api/admin/saved-views': 'saved-views',
  '/api/admin/referral-reviews': 'referral-reviews',
  '/api/admin/reviews': 'reviews',
  '/api/admin/users': 'users',
};

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Ids as the list orders them: uuids by their text, numbered ids (the audit trail's) by number. */
const byId = (a: string, b: string): number => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : byCodeUnits(a, b));

/** Staff JSON is camelCase, field names and sort/filter names alike (DESIGN §3). */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** Every property name of a record, nested objects and lists of them included. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe("every staff list speaks react-admin's defaults", () => {
  let sut: TestApp;
  let admin: SignedIn;
  let lists: string[];

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'lists-admin@example.com.au', role: 'admin' }));
    lists = discoverRoutes(sut.app)
      .filter((route) => route.method === 'GET' && /^\/api\/admin\/[\w-]+$/.test(route.path) && route.handler === 'list')
      .map((route) => route.path);
    // At least three rows in every list, so a page of two leaves some out (each booking its own free slot).
    const slots = nextFreeSlots(3, { from: '2099-01-15' });
    for (let i = 1; i <= 3; i += 1) {
      const plumber = await createUser(sut.dataSource, { email: `lists-plumber${i}@example.com.au` });
      const session = await signIn(sut, plumber);
      const booking = await sut
        .http()
        .post('/api/bookings')
        .send({
          name: `Lister ${i}`,
          email: `lister${i}@example.com.au`,
          phone: '0400 123 456',
          suburb: 'Richmond VIC 3121',
          address: `${i} Station Street`,
          ...slots[i - 1],
          how_heard_about_us: 'Google Search',
          message: 'Blocked drain',
          // A code no plumber has: flagged for staff (a referral review).
          referral_code: `NOSUCH0${i}`,
          // 'Send me tips and offers' ticked: a consent recorded.
          marketing_consent: true,
        })
        .expect(201);
      // Confirmed as an appointment, at the time asked for.
      await sut
        .http()
        .post(`/api/admin/bookings/${booking.body.id}/confirm`)
        .set(admin.auth)
        .send({ date: slots[i - 1]!.preferred_date, time: slots[i - 1]!.preferred_time, notify: false })
        .expect(200);
      const referral = await sut
        .http()
        .post('/api/me/referrals')
        .set(session.auth)
        .send({
          clientName: `Client ${i}`,
          jobAddress: `${i} Elm Street`,
          suburb: 'Toowong',
          clientPhone: '0400 999 000',
          urgency: 'medium',
          description: 'Recurring blockage',
          serviceTypes: { cleanView: true, reline: false },
        })
        .expect(201);
      // Its Clean & View earned: a rebate entry.
      await sut.http().put(`/api/admin/referrals/${referral.body.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
      // Approved, and put in a payout run (the plumber has no payment details yet: the run lists them as left out).
      const [entry] = (
        await sut
          .http()
          .get('/api/admin/rebates')
          .query({ filter: JSON.stringify({ referralId: referral.body.id }) })
          .set(admin.auth)
          .expect(200)
      ).body;
      await sut.http().post(`/api/admin/rebates/${entry.id}/approve`).set(admin.auth).expect(200);
      await sut
        .http()
        .post('/api/admin/payout-runs')
        .set(admin.auth)
        .send({ entryIds: [entry.id] })
        .expect(201);
      await sut
        .http()
        .post('/api/enquiries')
        .send({
          kind: 'corporate',
          organisationName: `Council ${i}`,
          contactPerson: 'Jordan Lee',
          email: `council${i}@example.gov.au`,
          phone: '03 9000 0000',
          siteAddress: '1 Civic Drive, Example VIC 3000',
          issueType: 'roots',
          timing: 'planned',
        })
        .expect(201);
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: `JOB-L${i}`, customerName: 'Alex Citizen', customerEmail: `alex${i}@example.com.au` })
        .expect(201);
      await sut
        .http()
        .post('/api/admin/media')
        .set(admin.auth)
        .field('altText', `Photo ${i}`)
        .attach('file', await plainPhoto('png', 40, 30), `photo-${i}.png`)
        .expect(201);
      await sut
        .http()
        .post('/api/admin/email-suppressions')
        .set(admin.auth)
        .send({ email: `unsubscribed${i}@example.com.au`, note: 'Asked by phone' })
        .expect(201);
      // The admin's own saved views (the list answers only the caller's).
      await sut
        .http()
        .post('/api/admin/saved-views')
        .set(admin.auth)
        .send({ resource: 'bookings', name: `View ${i}`, filter: { status: 'new' } })
        .expect(201);
    }
    // Three customer reviews, imported from elsewhere.
    await sut
      .http()
      .post('/api/admin/reviews/import')
      .set(admin.auth)
      .field('source', 'Google')
      .attach('file', Buffer.from('rating,text,name,date\n5,Tidy work,Ann,2025-01-01\n4,On time,Ben,2025-01-02\n5,No digging,Cat,2025-01-03\n'), {
        filename: 'reviews.csv',
        contentType: 'text/csv',
      })
      .expect(200);
  });

  afterAll(() => sut.close());

  it('finds every staff list in the router', () => {
    expect(lists.sort()).toEqual(Object.keys(RESOURCE_OF).sort());
  });

  it.each(Object.keys(RESOURCE_OF))('%s sorts by id both ways and honours range, with the Content-Range to match', async (path) => {
    const resource = RESOURCE_OF[path]!;
    const everything = await sut.http().get(path).query({ sort: '["id","ASC"]', range: '[0,99]' }).set(admin.auth).expect(200);
    const ids: string[] = everything.body.map((row: { id: string }) => row.id);
    const total = ids.length;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual([...ids].sort(byId));
    expect(everything.headers['content-range']).toBe(`${resource} 0-${total - 1}/${total}`);

    const first = await sut.http().get(path).query({ sort: '["id","ASC"]', range: '[0,1]' }).set(admin.auth).expect(200);
    expect(first.body.map((row: { id: string }) => row.id)).toEqual(ids.slice(0, 2));
    expect(first.headers['content-range']).toBe(`${resource} 0-1/${total}`);

    const second = await sut.http().get(path).query({ sort: '["id","ASC"]', range: '[2,2]' }).set(admin.auth).expect(200);
    expect(second.body.map((row: { id: string }) => row.id)).toEqual([ids[2]]);
    expect(second.headers['content-range']).toBe(`${resource} 2-2/${total}`);

    const descending = await sut.http().get(path).query({ sort: '["id","DESC"]', range: '[0,1]' }).set(admin.auth).expect(200);
    expect(descending.body.map((row: { id: string }) => row.id)).toEqual([...ids].reverse().slice(0, 2));

    const beyond = await sut
      .http()
      .get(path)
      .query({ sort: '["id","ASC"]', range: `[${total},${total + 9}]` })
      .set(admin.auth)
      .expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe(`${resource} */${total}`);
  });

  it.each(Object.keys(RESOURCE_OF))('%s answers getMany (filter.id) with exactly those records', async (path) => {
    const everything = await sut.http().get(path).query({ sort: '["id","ASC"]' }).set(admin.auth).expect(200);
    const wanted = [everything.body[0].id, everything.body[2].id];
    const many = await sut
      .http()
      .get(path)
      .query({ filter: JSON.stringify({ id: wanted }) })
      .set(admin.auth)
      .expect(200);
    expect(many.body.map((row: { id: string }) => row.id).sort(byCodeUnits)).toEqual([...wanted].sort(byCodeUnits));
  });

  it.each(Object.keys(RESOURCE_OF))('%s answers camelCase records, in the list and alone, and takes no snake_case sort field', async (path) => {
    const page = await sut.http().get(path).query({ range: '[0,99]' }).set(admin.auth).expect(200);
    const alone = await sut
      .http()
      .get(`${path}/${encodeURIComponent(page.body[0].id)}`)
      .set(admin.auth)
      .expect(200);
    const snake = [...new Set([...page.body, alone.body].flatMap((record: unknown) => keysOf(record)))].filter((key) => !CAMEL_CASE.test(key));
    expect(snake).toEqual([]);
    const retired = await sut.http().get(path).query({ sort: '["created_at","DESC"]' }).set(admin.auth).expect(400);
    expect(retired.body.errors[0].field).toBe('sort');
  });

  it('e-mail templates: without range, every template, the six job templates first (what the console shows)', async () => {
    const response = await sut.http().get('/api/admin/email-templates').set(admin.auth).expect(200);
    expect(response.body).toHaveLength(TEMPLATE_KEYS.length);
    expect(response.headers['content-range']).toBe(`email-templates 0-${TEMPLATE_KEYS.length - 1}/${TEMPLATE_KEYS.length}`);
    expect(response.body.slice(0, 6).map((row: { group: string }) => row.group)).toEqual(['job', 'job', 'job', 'job', 'job', 'job']);
    const jobs = await sut.http().get('/api/admin/email-templates').query({ filter: '{"group":"job"}' }).set(admin.auth).expect(200);
    expect(jobs.body.map((row: { key: string }) => row.key)).toEqual(response.body.slice(0, 6).map((row: { key: string }) => row.key));
  });
});
