import { createUser, signIn, type SignedIn } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/**
 * The referral statistics and list totals read running totals kept by triggers (referral_totals,
 * referral_referrer_totals) instead of aggregating every referral. Whatever happens to the referrals
 * (inserts, staff status changes, notes, attachment to an account, deletes, truncation), the answers
 * must equal what the aggregate over every referral gives: the queries the product used before.
 */
const PREVIOUS_TOTALS = `
  SELECT count(*)::int AS total,
         count(*) FILTER (WHERE status = 'referred')::int AS referred,
         count(*) FILTER (WHERE status = 'cleanview_completed')::int AS cleanview_completed,
         count(*) FILTER (WHERE status = 'reline_completed')::int AS reline_completed,
         count(*) FILTER (WHERE status = 'rebate_paid')::int AS rebate_paid
  FROM referrals`;
/** The money is the ledger's (issue 15): paid, and earned not yet paid. */
const LEDGER_MONEY = `
  SELECT coalesce(sum(amount_cents) FILTER (WHERE state = 'paid'), 0)::int AS "paidCents",
         coalesce(sum(amount_cents) FILTER (WHERE state IN ('pending', 'approved')), 0)::int AS "pendingCents"
  FROM rebate_entries`;
const PREVIOUS_TOP_REFERRERS = `
  SELECT (array_agg(plumber_id::text ORDER BY created_at DESC))[1] AS "plumberId",
         (array_agg(plumber_name ORDER BY created_at DESC))[1] AS "plumberName",
         (array_agg(plumber_company ORDER BY created_at DESC))[1] AS "plumberCompany",
         (array_agg(plumber_email ORDER BY created_at DESC))[1] AS "plumberEmail",
         count(*)::int AS count
  FROM referrals GROUP BY coalesce(plumber_id::text, lower(plumber_email))
  ORDER BY count DESC, max(created_at) DESC LIMIT 3`;

describe('referral totals', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let ann: { id: string };
  let ben: { id: string };

  const insert = (values: { plumberId?: string | null; name: string; email: string; daysAgo: number; status?: string; completedDaysAgo?: number }) =>
    sut.dataSource.query(
      `INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_id, plumber_name, plumber_company, plumber_phone, plumber_email, urgency,
                              description, cleanview_rebate_amount_cents, reline_rebate_amount_cents, status, cleanview_rebate_status, cleanview_completed_at, created_at)
       VALUES ('C', '0400', '1 St', 'Sub', $1, $2, 'Co', '0400', $3, 'low', 'd', 8000, 40000, $4,
               CASE $4 WHEN 'cleanview_completed' THEN 'processing' WHEN 'rebate_paid' THEN 'paid' ELSE 'pending' END,
               CASE WHEN $5::int IS NULL THEN NULL ELSE now() - $5::int * interval '1 day' END, now() - $6::int * interval '1 day')
       RETURNING id`,
      [values.plumberId ?? null, values.name, values.email, values.status ?? 'referred', values.completedDaysAgo ?? null, values.daysAgo],
    ) as Promise<Array<{ id: string }>>;

  async function expectTotalsMatchAggregate(): Promise<void> {
    const [previous] = await sut.dataSource.query(PREVIOUS_TOTALS);
    const [money] = await sut.dataSource.query(LEDGER_MONEY);
    const topReferrers = await sut.dataSource.query(PREVIOUS_TOP_REFERRERS);
    const stats = (await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body;
    expect(stats).toMatchObject({
      total: previous.total,
      byStatus: {
        referred: previous.referred,
        cleanview_completed: previous.cleanview_completed,
        reline_completed: previous.reline_completed,
        rebate_paid: previous.rebate_paid,
      },
      rebates: { paid: money.paidCents / 100, pending: money.pendingCents / 100 },
    });
    expect(stats.topReferrers).toEqual(topReferrers);
    const [{ overdue }] = await sut.dataSource.query(
      `SELECT count(*)::int AS overdue FROM referrals WHERE (cleanview_rebate_status IN ('processing', 'approved') AND cleanview_completed_at < now() - interval '15 days')
          OR (reline_rebate_status IN ('processing', 'approved') AND reline_completed_at < now() - interval '30 days')`,
    );
    expect(stats.overdueCount).toBe(overdue);
    for (const filter of [
      {},
      { status: 'referred' },
      { status: 'rebate_paid' },
      { status: ['referred', 'cleanview_completed'] },
      { status: 'referred', urgency: 'low' },
    ]) {
      const response = await sut
        .http()
        .get('/api/admin/referrals')
        .query({ filter: JSON.stringify(filter) })
        .set(admin.auth)
        .expect(200);
      const statuses = 'status' in filter ? [filter.status].flat() : null;
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals WHERE $1::text[] IS NULL OR status = ANY($1::text[])`, [
        statuses,
      ]);
      expect(response.headers['content-range']).toMatch(new RegExp(`/${count}$`));
    }
  }

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'totals-admin@example.com.au', role: 'admin' }));
    ann = await createUser(sut.dataSource, { email: 'ann@totals.com.au' });
    ben = await createUser(sut.dataSource, { email: 'ben@totals.com.au' });
    // Ann 4; Ben (an account), Cat and Dan (quick referrals, by e-mail) 3 each: a tie for second place.
    for (const daysAgo of [40, 30, 20, 10]) await insert({ plumberId: ann.id, name: 'Ann', email: 'ann@totals.com.au', daysAgo });
    for (const daysAgo of [35, 25, 15])
      await insert({ plumberId: ben.id, name: 'Ben', email: 'ben@totals.com.au', daysAgo, status: 'cleanview_completed', completedDaysAgo: daysAgo - 5 });
    for (const daysAgo of [3, 2, 1]) await insert({ name: `Cat ${daysAgo}`, email: 'Cat@Quick.com.au', daysAgo });
    for (const daysAgo of [9, 8, 7]) await insert({ name: 'Dan', email: 'dan@quick.com.au', daysAgo });
  });

  afterAll(() => sut.close());

  it('equal the aggregate over every referral after inserts, with a tie among the top referrers', async () => {
    await expectTotalsMatchAggregate();
    const stats = (await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body;
    expect(stats.topReferrers.map((t: { plumberName: string; count: number }) => [t.plumberName, t.count])).toEqual([
      ['Ann', 4],
      // Ben, Cat and Dan tie with 3: the most recent referrers rank first, under their latest name.
      ['Cat 1', 3],
      ['Dan', 3],
    ]);
  });

  it('follow staff status changes and notes, attachment to an account, and deletes', async () => {
    const [{ id: annsFirst }] = await sut.dataSource.query(`SELECT id FROM referrals WHERE plumber_id = $1 ORDER BY created_at LIMIT 1`, [ann.id]);
    await sut.http().put(`/api/admin/referrals/${annsFirst}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
    await sut.http().put(`/api/admin/referrals/${annsFirst}`).set(admin.auth).send({ status: 'rebate_paid' }).expect(200);
    await sut.http().put(`/api/admin/referrals/${annsFirst}`).set(admin.auth).send({ staffNotes: 'Paid by transfer' }).expect(200);
    await expectTotalsMatchAggregate();
    expect((await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body.rebates).toEqual({ paid: 80, pending: 0 });

    // Dan registers: his quick referrals join his account (one statement moving three referrals).
    const dan = await createUser(sut.dataSource, { email: 'dan@quick.com.au' });
    await sut.dataSource.query(`UPDATE referrals SET plumber_id = $1 WHERE plumber_id IS NULL AND lower(plumber_email) = 'dan@quick.com.au'`, [dan.id]);
    await sut.dataSource.query(
      `UPDATE referrals SET status = 'rebate_paid', cleanview_rebate_status = 'paid', reline_rebate_status = 'paid' WHERE plumber_id = $1`,
      [ben.id],
    );
    await expectTotalsMatchAggregate();

    await sut.dataSource.query(`DELETE FROM referrals WHERE plumber_name = 'Cat 1'`);
    await sut.dataSource.query(`DELETE FROM users WHERE id = $1`, [ben.id]); // his referrals keep his e-mail and lose the account
    await expectTotalsMatchAggregate();
    const [{ rows }] = await sut.dataSource.query(
      `SELECT count(*)::int AS rows FROM referral_referrer_totals t
       FULL JOIN (SELECT coalesce(plumber_id::text, lower(plumber_email)) AS key, count(*) AS n FROM referrals GROUP BY 1) r ON r.key = t.referrer_key
       WHERE coalesce(t.referrals, 0) <> coalesce(r.n, 0)`,
    );
    expect(rows).toBe(0);
  });

  it('start again from zero when the table is emptied', async () => {
    await sut.dataSource.query(`TRUNCATE referrals CASCADE`);
    await expectTotalsMatchAggregate();
    await insert({ plumberId: ann.id, name: 'Ann', email: 'ann@totals.com.au', daysAgo: 1 });
    await expectTotalsMatchAggregate();
  });

  it('keep Ref IDs unique past R-999999', async () => {
    await sut.dataSource.query(`SELECT setval('referral_ref_seq', 999999)`);
    const [first] = await insert({ plumberId: ann.id, name: 'Ann', email: 'ann@totals.com.au', daysAgo: 0 });
    const [second] = await insert({ plumberId: ann.id, name: 'Ann', email: 'ann@totals.com.au', daysAgo: 0 });
    const refs = await sut.dataSource.query(`SELECT ref_number FROM referrals WHERE id IN ($1, $2) ORDER BY ref_number`, [first!.id, second!.id]);
    expect(refs.map((row: { ref_number: string }) => row.ref_number)).toEqual(['R-1000000', 'R-1000001']);
  });
});
