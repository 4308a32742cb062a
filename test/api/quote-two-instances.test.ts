import { todayIn } from '@relining/contracts/booking-rules';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 17: the go-ahead happens once however many server instances share the database. Two apps in
 * one process share passport's strategy registry, so both stay up until the end of the file.
 */
describe('accepting a quote on two server instances', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    first = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    second = await startTestApp({ databaseUrl: first.databaseUrl, env: { RATE_LIMITS: 'off' } });
    admin = await signIn(first, await createUser(first.dataSource, { email: 'two-instances-staff@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('takes acceptances spread over both as one: one row, one e-mail each way, one timeline entry', async () => {
    const job = await first
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({
        jobNumber: 'JOB-7701',
        customerName: 'Sam Owner',
        customerEmail: 'sam.owner@example.com.au',
        address: '12 Smith St, Parramatta NSW 2150',
        status: 'inspected',
        notify: false,
      })
      .expect(201);
    const validUntil = new Date(Date.parse(`${todayIn('Australia/Sydney')}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    await first
      .http()
      .put(`/api/admin/jobs/${job.body.id}/quote`)
      .set(admin.auth)
      .send({ lines: [{ kind: 'reline', description: 'Reline 6 m of 100 mm pipe', quantity: 6, unitCents: 55_000 }], validUntil })
      .expect(200);
    await second.http().post(`/api/admin/jobs/${job.body.id}/quote/publish`).set(admin.auth).send({}).expect(200);
    const unlocked = await second.http().post(`/api/job-status/${job.body.trackingCode}/unlock`).send({ postcode: '2150' }).expect(204);
    const cookie = ([] as string[])
      .concat(unlocked.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith('job_access='))!
      .split(';')[0]!;

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 === 0 ? first : second)
          .http()
          .post(`/api/job-status/${job.body.trackingCode}/quote/accept`)
          .set('cookie', cookie)
          .send({ fullName: `Sam Owner ${index}`, agree: true, version: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const [row] = await first.dataSource.query(`SELECT full_name FROM quote_acceptances WHERE job_id = $1`, [job.body.id]);
    for (const answer of answers) expect(answer.body.acceptance.fullName).toBe(row.full_name);
    expect(await first.dataSource.query(`SELECT count(*)::int AS count FROM quote_acceptances WHERE job_id = $1`, [job.body.id])).toEqual([{ count: 1 }]);
    const sent = await first.dataSource.query(
      `SELECT template_key FROM notifications WHERE entity_id = $1 AND template_key LIKE 'quote_accepted%' ORDER BY template_key`,
      [job.body.id],
    );
    expect(sent).toEqual([{ template_key: 'quote_accepted' }, { template_key: 'quote_accepted_notice' }]);
    const timeline = await first.dataSource.query(`SELECT count(*)::int AS count FROM job_status_events WHERE job_id = $1 AND status = 'accepted'`, [
      job.body.id,
    ]);
    expect(timeline).toEqual([{ count: 1 }]);
  });
});
