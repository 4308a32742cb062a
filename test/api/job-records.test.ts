import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const customer = { jobNumber: 'JOB-7001', customerName: 'Casey Customer', customerEmail: 'casey@example.com.au', notify: false };

describe('job records: corrections, archiving and tracking codes in any case', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'job-records@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  const create = async (overrides: Record<string, unknown> = {}) =>
    (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ ...customer, ...overrides })
        .expect(201)
    ).body;

  describe('tracking codes whatever their case', () => {
    it.each([
      ['upper case', (code: string) => code.toUpperCase()],
      ['mixed case', (code: string) => code.replace(/[a-z]/g, (char, index: number) => (index % 2 ? char.toUpperCase() : char))],
    ])('the API finds the job by a code typed in %s', async (_name, typed) => {
      const job = await create({ jobNumber: `JOB-CASE-${_name.replace(/\W/g, '')}` });
      const response = await sut
        .http()
        .get(`/api/job-status/${typed(job.trackingCode)}`)
        .expect(200);
      expect(response.body).toMatchObject({ jobNumber: job.jobNumber, status: 'booked' });
    });

    // (The server-rendered page looks the job up through the same service: test/e2e/job-tracking.spec.ts opens it in upper case.)
    it('"INVALID" is as invalid as "invalid"', async () => {
      await sut.http().get('/api/job-status/INVALID').expect(404);
    });
  });

  describe('PUT /api/admin/jobs/:id (react-admin, the whole record)', () => {
    it('corrects name, e-mail and address, ignores read-only fields and answers the updated record', async () => {
      const job = await create({ jobNumber: 'JOB-EDIT-1' });
      const record = (await sut.http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200)).body;
      const response = await sut
        .http()
        .put(`/api/admin/jobs/${job.id}`)
        .set(admin.auth)
        .send({
          ...record,
          customerName: '  Casey Corrected ',
          customerEmail: 'casey.corrected@example.com.au',
          address: '2 New Street, Richmond VIC 3121',
          jobNumber: 'JOB-HACKED',
          status: 'completed',
          trackingCode: 'x',
          createdAt: '2000-01-01T00:00:00.000Z',
          id: 'ignored',
        })
        .expect(200);
      expect(response.body).toMatchObject({
        id: job.id,
        jobNumber: 'JOB-EDIT-1',
        status: 'booked',
        trackingCode: job.trackingCode,
        createdAt: job.createdAt,
        customerName: 'Casey Corrected',
        customerEmail: 'casey.corrected@example.com.au',
        address: '2 New Street, Richmond VIC 3121',
        archivedAt: null,
      });
      const again = (await sut.http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200)).body;
      expect(again).toMatchObject({
        customerName: 'Casey Corrected',
        customerEmail: 'casey.corrected@example.com.au',
        address: '2 New Street, Richmond VIC 3121',
      });
      // An emptied address is stored as none (the console shows 'Not specified').
      const cleared = await sut
        .http()
        .put(`/api/admin/jobs/${job.id}`)
        .set(admin.auth)
        .send({ ...again, address: '   ' })
        .expect(200);
      expect(cleared.body.address).toBeNull();
    });

    it.each([
      [{ customerName: '  ' }, 'customerName', 'Customer name is required'],
      [{ customerEmail: '' }, 'customerEmail', 'Please enter a valid email address'],
      [{ customerEmail: 'casey@nowhere' }, 'customerEmail', 'Please enter a valid email address'],
      [{ customerEmail: 'a@b.com, c@d.com' }, 'customerEmail', 'Please enter a valid email address'],
      [{ address: 'x'.repeat(301) }, 'address', 'Address must be at most 300 characters'],
      [{ customerName: 42 }, 'customerName', 'Customer name must be text'],
    ])('refuses %j with its message and changes nothing', async (changes, field, message) => {
      const job = await create({ jobNumber: `JOB-EDIT-${field}-${String(message.length)}-${Object.values(changes).join('').length}` });
      const response = await sut
        .http()
        .put(`/api/admin/jobs/${job.id}`)
        .set(admin.auth)
        .send({ ...job, ...changes })
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', errors: [{ field, message }] });
      const stored = (await sut.http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200)).body;
      expect(stored).toMatchObject({ customerName: job.customerName, customerEmail: job.customerEmail, address: job.address });
    });

    it('answers 404 for a job that does not exist', async () => {
      await sut.http().put('/api/admin/jobs/00000000-0000-4000-8000-000000000000').set(admin.auth).send({ customerName: 'x' }).expect(404);
    });
  });

  describe('archiving', () => {
    it('hides an archived job from the active list and its public page until it is restored', async () => {
      const job = await create({ jobNumber: 'JOB-ARCHIVE-1' });
      const archived = await sut.http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200);
      expect(archived.body).toMatchObject({ id: job.id, archivedAt: expect.stringMatching(/^\d{4}-/) });

      const active = (await sut.http().get('/api/admin/jobs').query({ filter: '{"q":"JOB-ARCHIVE"}' }).set(admin.auth).expect(200)).body;
      expect(active).toEqual([]);
      const listed = (await sut.http().get('/api/admin/jobs').query({ filter: '{"q":"JOB-ARCHIVE","archived":true}' }).set(admin.auth).expect(200)).body;
      expect(listed.map((row: { id: string }) => row.id)).toEqual([job.id]);
      // Kept: staff can still open it.
      await sut.http().get(`/api/admin/jobs/${job.id}`).set(admin.auth).expect(200);

      const api = await sut.http().get(`/api/job-status/${job.trackingCode}`).expect(404);
      expect(api.body).toMatchObject({ code: 'JOB_NOT_FOUND', message: 'The job ID provided is not valid or has expired.' });

      const restored = await sut.http().post(`/api/admin/jobs/${job.id}/restore`).set(admin.auth).expect(200);
      expect(restored.body.archivedAt).toBeNull();
      await sut.http().get(`/api/job-status/${job.trackingCode}`).expect(200);
      const back = (await sut.http().get('/api/admin/jobs').query({ filter: '{"q":"JOB-ARCHIVE"}' }).set(admin.auth).expect(200)).body;
      expect(back.map((row: { id: string }) => row.id)).toEqual([job.id]);
    });

    it('archiving twice or restoring an active job changes nothing', async () => {
      const job = await create({ jobNumber: 'JOB-ARCHIVE-2' });
      const first = (await sut.http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200)).body;
      const second = (await sut.http().post(`/api/admin/jobs/${job.id}/archive`).set(admin.auth).expect(200)).body;
      expect(second.archivedAt).toBe(first.archivedAt);
      await sut.http().post(`/api/admin/jobs/${job.id}/restore`).set(admin.auth).expect(200);
      const again = (await sut.http().post(`/api/admin/jobs/${job.id}/restore`).set(admin.auth).expect(200)).body;
      expect(again.archivedAt).toBeNull();
    });

    it('refuses a filter value that is not true or false', async () => {
      const response = await sut.http().get('/api/admin/jobs').query({ filter: '{"archived":"yes"}' }).set(admin.auth).expect(400);
      expect(response.body.errors).toEqual([{ field: 'filter.archived', message: 'archived must be true or false' }]);
    });

    it('is for staff only', async () => {
      const job = await create({ jobNumber: 'JOB-ARCHIVE-3' });
      const plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'job-records-plumber@example.com.au' }));
      await sut.http().post(`/api/admin/jobs/${job.id}/archive`).set(plumber.auth).expect(403);
      await sut.http().put(`/api/admin/jobs/${job.id}`).set(plumber.auth).send({ customerName: 'x' }).expect(403);
      await sut.http().post(`/api/admin/jobs/${job.id}/restore`).expect(401);
    });
  });
});
