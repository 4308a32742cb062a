import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const enquiry = {
  kind: 'corporate',
  organisationName: 'City of Archive',
  contactPerson: 'Jordan Lee',
  email: 'jordan@example.gov.au',
  phone: '03 9000 0000',
  siteAddress: '1 Civic Drive, Example VIC 3000',
  issueType: 'roots',
  timing: 'planned',
};

describe('enquiries: archive instead of delete', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'enquiry-archive@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  const list = async (filter: Record<string, unknown> = {}) =>
    (
      await sut
        .http()
        .get('/api/admin/enquiries')
        .query({ filter: JSON.stringify(filter) })
        .set(admin.auth)
        .expect(200)
    ).body.map((row: { id: string }) => row.id);

  it('archives an enquiry: kept, out of the default list, listed with archived=true, restorable', async () => {
    const { id } = (await sut.http().post('/api/enquiries').send(enquiry).expect(201)).body;
    const other = (
      await sut
        .http()
        .post('/api/enquiries')
        .send({ ...enquiry, organisationName: 'City of Keep' })
        .expect(201)
    ).body.id;
    expect(await list()).toEqual(expect.arrayContaining([id, other]));

    const archived = await sut.http().post(`/api/admin/enquiries/${id}/archive`).set(admin.auth).expect(200);
    expect(archived.body).toMatchObject({ id, archivedAt: expect.stringMatching(/^\d{4}-/), organisationName: 'City of Archive' });
    expect(await list()).toEqual([other]);
    expect(await list({ archived: true })).toEqual([id]);
    expect(await list({ archived: false })).toEqual([other]);
    // Kept whole: staff can still open it (and react-admin's getMany finds it).
    await sut.http().get(`/api/admin/enquiries/${id}`).set(admin.auth).expect(200);
    expect(await list({ id: [id] })).toEqual([id]);

    const restored = await sut.http().post(`/api/admin/enquiries/${id}/restore`).set(admin.auth).expect(200);
    expect(restored.body.archivedAt).toBeNull();
    expect(await list()).toEqual(expect.arrayContaining([id, other]));
  });

  it('answers 404 in the error format for an enquiry that does not exist, and keeps it for staff only', async () => {
    const missing = await sut.http().post('/api/admin/enquiries/00000000-0000-4000-8000-000000000000/archive').set(admin.auth).expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, message: 'Enquiry not found.' });
    const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'enquiry-archive-plumber@example.com.au' }));
    await sut.http().post('/api/admin/enquiries/00000000-0000-4000-8000-000000000000/archive').set(plumber.auth).expect(403);
  });
});
