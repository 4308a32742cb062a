import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 17: the tracking page's private part unlocks with the site's postcode or the phone's last four digits. */
describe('unlocking a tracking page', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let number = 7100;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'unlock-staff@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await sut.close();
  });

  async function job(overrides: Record<string, unknown> = {}): Promise<{ id: string; trackingCode: string }> {
    const created = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber: `JOB-${number++}`,
        customerName: 'Sam Owner',
        customerEmail: 'sam.owner@example.com.au',
        customerPhone: '0412 345 678',
        address: '12 Smith St, Parramatta NSW 2150',
        notify: false,
        ...overrides,
      })
      .expect(201);
    return created.body;
  }

  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const raw = response.headers['set-cookie'] as string[] | string | undefined;
    return ([] as string[]).concat(raw ?? []).find((cookie) => cookie.startsWith('job_access='));
  };

  it('unlocks with the postcode or the last four phone digits: 204 and an HttpOnly cookie for that job only', async () => {
    const { trackingCode } = await job();
    const byPostcode = await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ postcode: '2150' }).expect(204);
    const cookie = cookieOf(byPostcode)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain(`Path=/api/job-status/${trackingCode}`);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const byPhone = await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ phoneLast4: '5678' }).expect(204);
    expect(cookieOf(byPhone)).toBeDefined();

    const token = cookie.split(';')[0]!;
    const before = await sut.http().get(`/api/job-status/${trackingCode}`).expect(200);
    expect(before.body).toMatchObject({ unlocked: false, hasReport: false, hasQuote: false });
    const after = await sut.http().get(`/api/job-status/${trackingCode}`).set('cookie', token).expect(200);
    expect(after.body.unlocked).toBe(true);

    // The same cookie sent for another job unlocks nothing.
    const other = await job();
    const elsewhere = await sut.http().get(`/api/job-status/${other.trackingCode}`).set('cookie', token).expect(200);
    expect(elsewhere.body.unlocked).toBe(false);
  });

  it.each([
    [{ postcode: '2151' }, 'postcode'],
    [{ phoneLast4: '5679' }, 'phoneLast4'],
  ])('refuses a wrong %j with a clear message and no cookie', async (body, field) => {
    const { trackingCode } = await job();
    const wrong = await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send(body).expect(400);
    expect(wrong.body).toMatchObject({ message: 'That does not match our records. Please check and try again.' });
    expect(wrong.body.errors).toEqual([{ field, message: 'That does not match our records. Please check and try again.' }]);
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it.each([[{}], [{ postcode: '215' }], [{ postcode: '2150', phoneLast4: '5678' }], [{ phoneLast4: 'abcd' }], [{ postcode: 2150 }]])(
    'refuses malformed input %j with 400 and counts no try',
    async (body) => {
      const { trackingCode } = await job();
      await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send(body).expect(400);
    },
  );

  it('takes five wrong tries an hour per job, then refuses even the right one with 429; other jobs are unaffected', async () => {
    const { trackingCode } = await job();
    for (let attempt = 0; attempt < 5; attempt++) {
      await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ postcode: '3000' }).expect(400);
    }
    const limited = await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ postcode: '2150' }).expect(429);
    expect(limited.body.message).toBe('Too many tries. Please try again in an hour.');
    expect(cookieOf(limited)).toBeUndefined();

    const other = await job();
    await sut.http().post(`/api/job-status/${other.trackingCode}/unlock`).send({ postcode: '2150' }).expect(204);

    // An hour later the job takes tries again.
    await sut.dataSource.query(`UPDATE job_unlock_attempts SET at = at - interval '61 minutes' WHERE job_id = (SELECT id FROM jobs WHERE tracking_code = $1)`, [
      trackingCode,
    ]);
    await sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ postcode: '2150' }).expect(204);
  });

  it('counts wrong tries exactly when they arrive together', async () => {
    const { trackingCode } = await job();
    const answers = await Promise.all(Array.from({ length: 12 }, () => sut.http().post(`/api/job-status/${trackingCode}/unlock`).send({ phoneLast4: '0000' })));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
  });

  it('answers 404 for an unknown or archived job', async () => {
    await sut.http().post('/api/job-status/nope-nope/unlock').send({ postcode: '2150' }).expect(404);
    const archived = await job();
    await sut.http().post(`/api/admin/jobs/${archived.id}/archive`).set(admin.auth).send({}).expect(200);
    await sut.http().get(`/api/job-status/${archived.trackingCode}`).expect(404);
    await sut.http().post(`/api/job-status/${archived.trackingCode}/unlock`).send({ postcode: '2150' }).expect(404);
  });
});
