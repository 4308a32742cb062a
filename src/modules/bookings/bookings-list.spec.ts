import { createUser, signIn, type SignedIn } from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/**
 * The staff list finds a page's ids first (index-only) and fetches only those rows, and takes the
 * total of a status filter from booking_status_totals (kept by triggers; 'new' bookings counted
 * live). Both must answer exactly what a plain ordered, offset query and a count(*) answer.
 */
describe('bookings list: pages and totals', () => {
  let sut: TestApp;
  let admin: SignedIn;
  const STATUSES = ['new', 'contacted', 'scheduled', 'completed', 'cancelled'];

  const list = (query: Record<string, unknown>) =>
    sut
      .http()
      .get('/api/admin/bookings')
      .query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])))
      .set(admin.auth)
      .expect(200);

  async function expectExactTotals(): Promise<void> {
    const filters: Array<Record<string, unknown>> = [
      {},
      { status: 'new' },
      { status: 'completed' },
      { status: 'Completed' },
      { status: ['new', 'cancelled'] },
      { status: ['completed', 'completed'] },
      { status: 'completed', q: 'a' },
    ];
    for (const filter of filters) {
      const statuses = 'status' in filter ? [filter.status].flat().map((status) => String(status).toLowerCase()) : STATUSES;
      const search = 'q' in filter ? '%a%' : '%';
      const [{ count }] = await sut.dataSource.query(
        `SELECT count(*)::int AS count FROM bookings WHERE status = ANY($1::text[])
           AND (full_name ILIKE $2 OR email ILIKE $2 OR phone ILIKE $2 OR suburb ILIKE $2 OR address ILIKE $2)`,
        [statuses, search],
      );
      const response = await list({ filter, range: [0, 4] });
      expect([filter, response.headers['content-range']]).toEqual([filter, count === 0 ? 'bookings */0' : `bookings 0-${Math.min(count, 5) - 1}/${count}`]);
    }
    const [{ drift }] = await sut.dataSource.query(
      `SELECT count(*)::int AS drift FROM booking_status_totals t
       FULL JOIN (SELECT status, count(*) AS n FROM bookings WHERE status <> 'new' GROUP BY status) b USING (status)
       WHERE coalesce(t.bookings, 0) <> coalesce(b.n, 0)`,
    );
    expect(drift).toBe(0);
  }

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'list-admin@example.com.au', role: 'admin' }));
    // 45 bookings, some inserted past 'new' (an import), several sharing a creation time (the id breaks ties).
    await sut.dataSource.query(
      `INSERT INTO bookings (full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description, status, created_at)
       SELECT (ARRAY['Zoe', 'Al', 'Bea', 'Cy', 'Di'])[1 + n % 5] || ' ' || n, 'b' || n || '@example.com.au', '0400000000', n || ' Rd', 'Hobart',
              '2030-01-01', '8:00 AM', 'Drain', (ARRAY['new', 'contacted', 'scheduled', 'completed', 'cancelled', 'completed'])[1 + n % 6],
              timestamptz '2026-01-01' + (n / 3) * interval '1 hour'
       FROM generate_series(1, 45) n`,
    );
  });

  afterAll(() => sut.close());

  it('answers exact totals through status changes, bulk updates, deletes and truncation', async () => {
    await expectExactTotals();
    const ids: string[] = (await sut.dataSource.query(`SELECT id FROM bookings ORDER BY created_at, id LIMIT 4`)).map((row: { id: string }) => row.id);
    await sut.http().put(`/api/admin/bookings/${ids[0]}`).set(admin.auth).send({ status: 'completed' }).expect(200);
    await sut.http().put(`/api/admin/bookings/${ids[1]}`).set(admin.auth).send({ status: 'new' }).expect(200);
    await sut.http().put(`/api/admin/bookings/${ids[2]}`).set(admin.auth).send({ status: 'Cancelled' }).expect(200);
    await expectExactTotals();
    await sut.dataSource.query(`UPDATE bookings SET status = 'scheduled' WHERE status = 'contacted'`);
    await sut.dataSource.query(`DELETE FROM bookings WHERE id = ANY($1::uuid[])`, [ids.slice(2)]);
    await expectExactTotals();
  });

  it.each([[['createdAt', 'DESC']], [['createdAt', 'ASC']], [['fullName', 'ASC']], [['status', 'DESC']]])(
    'pages through exactly the rows of an ordered query, sorted by %j',
    async (sort) => {
      const [field, order] = sort as [string, 'ASC' | 'DESC'];
      const expression = field === 'fullName' ? 'lower(full_name)' : field === 'createdAt' ? 'created_at' : field;
      const expected: string[] = (
        await sut.dataSource.query(
          `SELECT id FROM bookings WHERE status <> 'cancelled' ORDER BY ${expression} ${order} NULLS ${order === 'ASC' ? 'FIRST' : 'LAST'}, id ${order}`,
        )
      ).map((row: { id: string }) => row.id);
      const seen: string[] = [];
      for (let start = 0; start < expected.length; start += 7) {
        const page = await list({ filter: { status: STATUSES.filter((status) => status !== 'cancelled') }, sort, range: [start, start + 6] });
        seen.push(...page.body.map((row: { id: string }) => row.id));
      }
      expect(seen).toEqual(expected);
    },
  );

  it('starts again from zero when the table is emptied', async () => {
    await sut.dataSource.query(`TRUNCATE bookings CASCADE`);
    await expectExactTotals();
    const empty = await list({ filter: { status: 'completed' } });
    expect(empty.body).toEqual([]);
  });
});
