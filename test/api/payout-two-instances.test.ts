import { FILE_STORAGE, type FileStorage } from '../../src/common/storage/object-storage.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 18: a payout run is paid once, however many server instances share the database and whatever
 * fails half-way. A failure after some RCTIs were stored (the process dying, the storage refusing)
 * rolls the whole payment back: nothing paid, no e-mail queued, the run still a draft. Then marking
 * it paid from both instances at once pays every entry once, with one RCTI and one e-mail per plumber.
 * Two apps in one process share passport's strategy registry, so both stay up until the end of the file.
 */
describe('paying a payout run on two server instances', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: SignedIn;
  let clients = 0;

  beforeAll(async () => {
    first = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    second = await startTestApp({ databaseUrl: first.databaseUrl, env: { RATE_LIMITS: 'off' } });
    admin = await signIn(first, await createUser(first.dataSource, { email: 'two-instances-payouts@example.com.au', role: 'admin' }));
  });

  afterAll(async () => {
    await second.close();
    await first.close();
  });

  async function readyPlumber(name: string): Promise<SignedIn & { id: string }> {
    const user = await createUser(first.dataSource, { email: `${name}@plumbing.com.au`, fullName: `${name} Plumber` });
    const who = { ...(await signIn(first, user)), id: user.id };
    await first
      .http()
      .put('/api/me/payment-details')
      .set(who.auth)
      .send({
        abn: '51824753556',
        gstRegistered: true,
        paymentMethod: 'direct_deposit',
        accountName: `${name} Plumbing`,
        bsb: '062-123',
        accountNumber: '12345678',
      })
      .expect(200);
    await first.http().post('/api/me/rcti-agreement').set(who.auth).expect(200);
    return who;
  }

  async function approvedEntry(who: SignedIn): Promise<string> {
    clients += 1;
    const created = await first
      .http()
      .post('/api/me/referrals')
      .set(who.auth)
      .send({
        clientName: `Client ${clients}`,
        jobAddress: `${clients} Elm Street`,
        suburb: 'Toowong',
        clientPhone: `0400 888 ${String(clients).padStart(3, '0')}`,
        urgency: 'medium',
        description: 'Blocked sewer',
        serviceTypes: { cleanView: true, reline: false },
      })
      .expect(201);
    const record = (await first.http().get(`/api/admin/referrals/${created.body.id}`).set(admin.auth).expect(200)).body;
    await first
      .http()
      .put(`/api/admin/referrals/${created.body.id}`)
      .set(admin.auth)
      .send({ ...record, status: 'cleanview_completed' })
      .expect(200);
    const [entry] = (
      await first
        .http()
        .get('/api/admin/rebates')
        .query({ filter: JSON.stringify({ referralId: created.body.id }) })
        .set(admin.auth)
        .expect(200)
    ).body;
    await second.http().post(`/api/admin/rebates/${entry.id}/approve`).set(admin.auth).expect(200);
    return entry.id;
  }

  it('rolls back a payment that fails half-way, then pays once under calls spread over both instances', async () => {
    const plumbers = [await readyPlumber('alpha'), await readyPlumber('bravo'), await readyPlumber('charlie')];
    const entryIds = [];
    for (const who of plumbers) entryIds.push(await approvedEntry(who), await approvedEntry(who));
    const run = (await first.http().post('/api/admin/payout-runs').set(admin.auth).send({ entryIds }).expect(201)).body;
    expect(run.payees).toHaveLength(3);

    // The second RCTI cannot be stored: the instance fails in the middle of paying.
    const storage = first.app.get<FileStorage>(FILE_STORAGE);
    const put = storage.put.bind(storage);
    let stored = 0;
    storage.put = async (key, content) => {
      stored += 1;
      if (stored === 2) throw new Error('storage is down');
      return put(key, content);
    };
    await first.http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth).expect(500);
    storage.put = put;
    expect((await second.http().get(`/api/admin/payout-runs/${run.id}`).set(admin.auth).expect(200)).body).toMatchObject({ status: 'draft', paidAt: null });
    expect(await first.dataSource.query(`SELECT count(*)::int AS n FROM rebate_entries WHERE id = ANY($1::uuid[]) AND state = 'paid'`, [entryIds])).toEqual([
      { n: 0 },
    ]);
    expect(await first.dataSource.query(`SELECT count(*)::int AS n FROM payout_payments WHERE run_id = $1`, [run.id])).toEqual([{ n: 0 }]);
    expect(await first.dataSource.query(`SELECT count(*)::int AS n FROM notifications WHERE template_key = 'payout_remittance'`)).toEqual([{ n: 0 }]);

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? first : second).http().post(`/api/admin/payout-runs/${run.id}/mark-paid`).set(admin.auth)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 200));
    const numbers = answers[0]!.body.payees.map((payee: { rctiNumber: string }) => payee.rctiNumber).sort();
    expect(numbers).toHaveLength(3);
    for (const answer of answers) expect(answer.body.payees.map((payee: { rctiNumber: string }) => payee.rctiNumber).sort()).toEqual(numbers);
    const paidEvents = await first.dataSource.query(
      `SELECT entry_id, count(*)::int AS n FROM rebate_entry_events WHERE to_state = 'paid' AND entry_id = ANY($1::uuid[]) GROUP BY entry_id`,
      [entryIds],
    );
    expect(paidEvents).toHaveLength(6);
    expect(paidEvents.every((row: { n: number }) => row.n === 1)).toBe(true);
    expect(await first.dataSource.query(`SELECT count(*)::int AS n FROM payout_payments WHERE run_id = $1`, [run.id])).toEqual([{ n: 3 }]);
    const mails = await first.dataSource.query(`SELECT to_address FROM notifications WHERE template_key = 'payout_remittance' ORDER BY to_address`);
    expect(mails.map((mail: { to_address: string }) => mail.to_address)).toEqual(['alpha@plumbing.com.au', 'bravo@plumbing.com.au', 'charlie@plumbing.com.au']);
  });
});
