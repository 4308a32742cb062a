import type { TodayDashboard } from '@relining/contracts/api/dashboard';
import { isoDayIn } from '@relining/contracts/date-format';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('the Today dashboard', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let plumber: SignedIn;
  let seq = 0;

  const today = async (): Promise<TodayDashboard> => (await sut.http().get('/api/admin/dashboard/today').set(admin.auth).expect(200)).body;

  async function newBooking(status = 'new'): Promise<string> {
    seq += 1;
    const [row] = await sut.dataSource.query(
      `INSERT INTO bookings (full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description, status)
       VALUES ($1, $2, '0400 111 222', '1 Test St', 'Richmond', '2030-01-01', '9:00 AM', 'Blocked drain', $3) RETURNING id`,
      [`Today Customer ${seq}`, `today${seq}@example.com.au`, status],
    );
    return row.id;
  }

  async function appointment(options: {
    day: string;
    region: string;
    startsAt: Date;
    customer: string;
    cancelled?: boolean;
  }): Promise<{ id: string; bookingId: string }> {
    const bookingId = await newBooking('scheduled');
    const [row] = await sut.dataSource.query(
      `INSERT INTO appointments (booking_id, region, day, slot, starts_at, customer_name, email, phone, address, suburb, status, cancelled_at, cancelled_by, cancel_reason)
       VALUES ($1, $2, $3, '9:00 AM', $4, $5, 'a@example.com.au', '0400 000 000', '1 Test St', 'Richmond', $6,
               CASE WHEN $7 THEN now() END, CASE WHEN $7 THEN 'staff' END, CASE WHEN $7 THEN 'Test' END)
       RETURNING id`,
      [bookingId, options.region, options.day, options.startsAt, options.customer, options.cancelled ? 'cancelled' : 'confirmed', options.cancelled ?? false],
    );
    return { id: row.id, bookingId };
  }

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'today-admin@example.com.au', role: 'admin' }));
    plumber = await signIn(sut, await createUser(sut.dataSource, { email: 'today-plumber@example.com.au', role: 'plumber' }));
  });

  afterAll(() => sut.close());

  it('counts new bookings and enquiries not yet contacted, and failed e-mails', async () => {
    const before = await today();
    await newBooking('new');
    await newBooking('new');
    await newBooking('contacted');
    const enquiry = (kind: number) =>
      sut
        .http()
        .post('/api/enquiries')
        .send({
          kind: 'corporate',
          organisationName: `Council ${kind}`,
          contactPerson: 'Jordan Lee',
          email: `council${kind}@example.gov.au`,
          phone: '03 9000 0000',
          siteAddress: '1 Civic Drive, Example VIC 3000',
          issueType: 'roots',
          timing: 'planned',
        })
        .expect(201);
    const [first, second, third] = [(await enquiry(1)).body.id, (await enquiry(2)).body.id, (await enquiry(3)).body.id];
    expect(first).toEqual(expect.any(String));
    // Contacted, and new but archived: neither waits for a first contact on the list.
    await sut.dataSource.query(`UPDATE enquiries SET status = 'contacted' WHERE id = $1`, [second]);
    await sut.dataSource.query(`UPDATE enquiries SET archived_at = now() WHERE id = $1`, [third]);
    // One failed, one dead, one sent: two failed e-mails.
    const messages: Array<{ id: string }> = await sut.dataSource.query(
      `SELECT id FROM notifications WHERE status NOT IN ('failed', 'dead') ORDER BY created_at LIMIT 3`,
    );
    expect(messages).toHaveLength(3);
    await sut.dataSource.query(`UPDATE notifications SET status = 'failed' WHERE id = $1`, [messages[0]!.id]);
    await sut.dataSource.query(`UPDATE notifications SET status = 'dead' WHERE id = $1`, [messages[1]!.id]);
    const after = await today();
    expect(after.newBookings.count).toBe(before.newBookings.count + 2);
    expect(after.newEnquiries.count).toBe(before.newEnquiries.count + 1);
    expect(after.failedEmails.count).toBe(before.failedEmails.count + 2);
  });

  it('lists the appointments of today and tomorrow by region, with the job of a booking that has one', async () => {
    const { timeZone, today: day, tomorrow } = await today();
    expect(day).toBe(isoDayIn(timeZone));
    expect(tomorrow).toBe(addDays(day, 1));
    const now = Date.now();
    const vicEarly = await appointment({ day, region: 'VIC', startsAt: new Date(now - 3_600_000), customer: 'Early Vic' });
    const vicLate = await appointment({ day, region: 'VIC', startsAt: new Date(now + 3_600_000), customer: 'Late Vic' });
    const nsw = await appointment({ day, region: 'NSW', startsAt: new Date(now), customer: 'Today Nsw' });
    await appointment({ day, region: 'QLD', startsAt: new Date(now), customer: 'Cancelled Qld', cancelled: true });
    const qldTomorrow = await appointment({ day: tomorrow, region: 'QLD', startsAt: new Date(now + 86_400_000), customer: 'Tomorrow Qld' });
    await appointment({ day: addDays(day, 2), region: 'QLD', startsAt: new Date(now + 2 * 86_400_000), customer: 'Later Qld' });
    const job = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ jobNumber: 'JOB-T1', customerName: 'Late Vic', customerEmail: 'late.vic@example.com.au' })
      .expect(201);
    await sut.dataSource.query(`UPDATE jobs SET booking_id = $1 WHERE id = $2`, [vicLate.bookingId, job.body.id]);

    const answer = await today();
    expect(answer.appointments.today).toEqual([
      { region: 'NSW', count: 1, items: [{ id: nsw.id, startsAt: expect.any(String), customer: 'Today Nsw', suburb: 'Richmond', bookingId: nsw.bookingId }] },
      {
        region: 'VIC',
        count: 2,
        items: [
          { id: vicEarly.id, startsAt: new Date(now - 3_600_000).toISOString(), customer: 'Early Vic', suburb: 'Richmond', bookingId: vicEarly.bookingId },
          {
            id: vicLate.id,
            startsAt: new Date(now + 3_600_000).toISOString(),
            customer: 'Late Vic',
            suburb: 'Richmond',
            bookingId: vicLate.bookingId,
            jobId: job.body.id,
          },
        ],
      },
    ]);
    expect(answer.appointments.tomorrow).toEqual([
      { region: 'QLD', count: 1, items: [expect.objectContaining({ id: qldTomorrow.id, customer: 'Tomorrow Qld', bookingId: qldTomorrow.bookingId })] },
    ]);
  });

  it('counts and totals the unpaid rebates due by the end of this week (Sunday), overdue ones included', async () => {
    const before = await today();
    const { timeZone, rebatesDueThisWeek } = before;
    // The week ends at the start of the Monday after `weekEnds`, in the display zone.
    const weekEnd = new Date(rebatesDueThisWeek.dueBefore);
    expect(isoDayIn(timeZone, weekEnd)).toBe(addDays(rebatesDueThisWeek.weekEnds, 1));
    expect(isoDayIn(timeZone, new Date(weekEnd.getTime() - 1))).toBe(rebatesDueThisWeek.weekEnds);
    expect(new Date(`${rebatesDueThisWeek.weekEnds}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(rebatesDueThisWeek.weekEnds >= before.today).toBe(true);

    // Five earned entries, one per referral, then their states and due dates set for the test.
    const plumberUser = await createUser(sut.dataSource, { email: 'today-referrer@plumbing.com.au' });
    const referrer = await signIn(sut, plumberUser);
    const entries: Array<{ id: string; amount: number }> = [];
    for (let i = 0; i < 5; i += 1) {
      const referral = await sut
        .http()
        .post('/api/me/referrals')
        .set(referrer.auth)
        .send({
          clientName: `Client Number${i}`,
          jobAddress: `${i + 10} Elm Street`,
          suburb: 'Toowong',
          clientPhone: `0400 999 ${String(100 + i)}`,
          urgency: 'medium',
          description: 'Recurring blockage',
          serviceTypes: { cleanView: true, reline: false },
        })
        .expect(201);
      await sut.http().put(`/api/admin/referrals/${referral.body.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
      const [entry] = await sut.dataSource.query(`SELECT id, amount_cents FROM rebate_entries WHERE referral_id = $1`, [referral.body.id]);
      if (!entry)
        throw new Error(
          `no ledger entry for referral ${i}: ${JSON.stringify(await sut.dataSource.query(`SELECT status, plumber_id FROM referrals WHERE id = $1`, [referral.body.id]))}`,
        );
      entries.push({ id: entry.id, amount: Number(entry.amount_cents) });
    }
    // Push them all out of the week first, then place each.
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = $1 WHERE id = ANY($2::uuid[])`, [
      new Date(weekEnd.getTime() + 30 * 86_400_000),
      entries.map((entry) => entry.id),
    ]);
    const baseline = await today();
    const [earnedLastMinute, approvedOverdue, paidOverdue, nextWeek, earnedFirstMinuteNextWeek] = entries as [
      (typeof entries)[0],
      (typeof entries)[0],
      (typeof entries)[0],
      (typeof entries)[0],
      (typeof entries)[0],
    ];
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = $1 WHERE id = $2`, [new Date(weekEnd.getTime() - 60_000), earnedLastMinute.id]);
    await sut.http().post(`/api/admin/rebates/${approvedOverdue.id}/approve`).set(admin.auth).expect(200);
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = now() - interval '10 days' WHERE id = $1`, [approvedOverdue.id]);
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = now() - interval '10 days', state = 'paid', paid_at = now() WHERE id = $1`, [
      paidOverdue.id,
    ]);
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = $1 WHERE id = $2`, [new Date(weekEnd.getTime() + 3 * 86_400_000), nextWeek.id]);
    await sut.dataSource.query(`UPDATE rebate_entries SET due_at = $1 WHERE id = $2`, [weekEnd, earnedFirstMinuteNextWeek.id]);

    const after = (await today()).rebatesDueThisWeek;
    expect(after.count).toBe(baseline.rebatesDueThisWeek.count + 2);
    expect(after.totalCents).toBe(baseline.rebatesDueThisWeek.totalCents + earnedLastMinute.amount + approvedOverdue.amount);
    expect(after.totalCents).toBeGreaterThan(0);
    // The rebates list's dueBefore filter, given the same instant, lists the same entries.
    const list = await sut
      .http()
      .get('/api/admin/rebates')
      .query({ filter: JSON.stringify({ dueBefore: after.dueBefore }), range: '[0,499]' })
      .set(admin.auth)
      .expect(200);
    expect(list.body.map((row: { id: string }) => row.id).sort()).toEqual(expect.arrayContaining([earnedLastMinute.id, approvedOverdue.id].sort()));
    expect(list.body).toHaveLength(after.count);
  });

  it('is for staff only', async () => {
    await sut.http().get('/api/admin/dashboard/today').set(plumber.auth).expect(403);
    await sut.http().get('/api/admin/dashboard/today').expect(401);
  });
});
