import type { DataSource } from 'typeorm';
import { ratingClaim } from '@relining/contracts/review-rules';
import { SERVICE_AREAS } from '@relining/contracts/service-areas';
import { LATEST_REVIEWS_SHOWN } from '@relining/contracts/site-content';
import { seedDemoReviews } from '../../src/demo/demo-reviews.js';
import { ReviewsService } from '../../src/modules/reviews/reviews.service.js';
import { DEFAULT_AVAILABILITY } from '@relining/contracts/availability';
import { isoDayIn } from '@relining/contracts/date-format';
import { JOB_STATUSES } from '@relining/contracts/job-status';
import { REFERRAL_STATUSES } from '@relining/contracts/referral-rules';
import type { Region } from '@relining/contracts/regions';
import {
  addDays,
  capacityOf,
  closedReason,
  firstBookableDay,
  localClock,
  slotStart,
  type SlotTime,
} from '../../src/modules/appointments/availability.rules.js';
import { holidayOn } from '../../src/modules/appointments/public-holidays.js';
import { ALL_PLACES, TECHNICIANS } from '../../src/demo/demo-business-data.js';
import { DEMO_AHEAD_DAYS, DEMO_WINDOW_DAYS } from '../../src/demo/demo-business-plan.js';
import { DemoDataService } from '../../src/demo/demo-data.service.js';
import { createUser, signIn } from '../support/accounts.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const SPEC_JOBS = ['JOB-1001', 'JOB-1002', 'JOB-1003', 'JOB-1004', 'JOB-1005'];

/** The app in demo mode; the demo accounts' framed block goes to a terminal that tests do not have. */
async function startDemoApp(options: TestAppOptions = {}): Promise<TestApp> {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return await startTestApp({ ...options, env: { DEMO_DATA: 'true', RATE_LIMITS: 'off', ...options.env } });
  } finally {
    process.stdout.write = write;
  }
}

async function counts(dataSource: DataSource): Promise<Record<string, number>> {
  const [row] = await dataSource.query(`
    SELECT (SELECT count(*) FROM users)::int AS users,
           (SELECT count(*) FROM user_roles WHERE role = 'plumber')::int AS plumbers,
           (SELECT count(*) FROM bookings)::int AS bookings,
           (SELECT count(*) FROM enquiries)::int AS enquiries,
           (SELECT count(*) FROM referrals)::int AS referrals,
           (SELECT count(*) FROM jobs)::int AS jobs,
           (SELECT count(*) FROM appointments)::int AS appointments,
           (SELECT count(*) FROM notifications)::int AS notifications,
           (SELECT count(*) FROM reviews WHERE status = 'published')::int AS reviews`);
  return row;
}

const SEEDED = { users: 8, plumbers: 7, bookings: 70, enquiries: 10, referrals: 30, jobs: 30, appointments: 39, notifications: 0, reviews: 83 };

describe('demo business on an empty database', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startDemoApp();
  });

  afterAll(() => sut.close());

  it('seeds a business with every stage and status, and e-mails nobody', async () => {
    expect(await counts(sut.dataSource)).toEqual(SEEDED);
    const jobStages = await sut.dataSource.query(`SELECT DISTINCT status FROM jobs WHERE job_number <> ALL($1)`, [SPEC_JOBS]);
    expect(new Set(jobStages.map((row: { status: string }) => row.status))).toEqual(new Set(JOB_STATUSES));
    const referralStatuses = await sut.dataSource.query(`SELECT DISTINCT status FROM referrals`);
    expect(new Set(referralStatuses.map((row: { status: string }) => row.status))).toEqual(new Set(REFERRAL_STATUSES));
    // The demo plumber's dashboard is alive: a referral at every status.
    const demoPlumber = await sut.dataSource.query(
      `SELECT DISTINCT r.status FROM referrals r JOIN users u ON u.id = r.plumber_id WHERE u.email = 'plumber@example.com.au'`,
    );
    expect(new Set(demoPlumber.map((row: { status: string }) => row.status))).toEqual(new Set(REFERRAL_STATUSES));
    // Several plumbers refer; each is a verified plumber with a full profile.
    const referrers = await sut.dataSource.query(
      `SELECT u.email, u.email_verified_at IS NOT NULL AS verified, p.full_name, p.business_name, p.phone, count(r.id)::int AS referrals
       FROM users u JOIN user_roles ur ON ur.user_id = u.id AND ur.role = 'plumber' JOIN profiles p ON p.user_id = u.id
       LEFT JOIN referrals r ON r.plumber_id = u.id GROUP BY 1, 2, 3, 4, 5`,
    );
    expect(referrers).toHaveLength(7);
    for (const plumber of referrers) {
      expect(plumber).toMatchObject({
        verified: true,
        full_name: expect.any(String),
        business_name: expect.any(String),
        phone: expect.stringMatching(/^\+61 /),
      });
      expect(plumber.email).toMatch(/@example\.com\.au$/);
      expect(plumber.referrals).toBeGreaterThan(0);
    }
  });

  it('keeps the spec’s five sample jobs as they were', async () => {
    const rows = await sut.dataSource.query(
      `SELECT job_number, status, to_char(created_at AT TIME ZONE 'Australia/Melbourne', 'YYYY-MM') AS month FROM jobs WHERE job_number = ANY($1) ORDER BY job_number`,
      [SPEC_JOBS],
    );
    expect(rows.map((row: { status: string }) => row.status)).toEqual(['quoted', 'scheduled', 'inspected', 'completed', 'booked']);
    expect(new Set(rows.map((row: { month: string }) => row.month))).toEqual(new Set(['2023-11', '2023-12']));
  });

  it('dates everything else within the last eight weeks, never in the future', async () => {
    const [outside] = await sut.dataSource.query(
      `WITH stamps (what, at) AS (
         SELECT 'user', created_at FROM users UNION ALL SELECT 'user', last_sign_in_at FROM users WHERE last_sign_in_at IS NOT NULL
         UNION ALL SELECT 'booking', created_at FROM bookings UNION ALL SELECT 'booking', updated_at FROM bookings
         UNION ALL SELECT 'enquiry', created_at FROM enquiries UNION ALL SELECT 'enquiry', updated_at FROM enquiries
         UNION ALL SELECT 'enquiry', archived_at FROM enquiries WHERE archived_at IS NOT NULL
         UNION ALL SELECT 'referral', created_at FROM referrals UNION ALL SELECT 'referral', updated_at FROM referrals
         UNION ALL SELECT 'referral event', created_at FROM referral_events
         UNION ALL SELECT 'job', created_at FROM jobs WHERE job_number <> ALL($1) UNION ALL SELECT 'job', updated_at FROM jobs WHERE job_number <> ALL($1)
         UNION ALL SELECT 'job event', e.created_at FROM job_status_events e JOIN jobs j ON j.id = e.job_id WHERE j.job_number <> ALL($1)
         UNION ALL SELECT 'place', created_at FROM booking_slots UNION ALL SELECT 'place', released_at FROM booking_slots WHERE released_at IS NOT NULL
         UNION ALL SELECT 'appointment', confirmed_at FROM appointments UNION ALL SELECT 'appointment', updated_at FROM appointments
         UNION ALL SELECT 'appointment', cancelled_at FROM appointments WHERE cancelled_at IS NOT NULL)
       SELECT count(*)::int AS stamps, count(*) FILTER (WHERE at > now() OR at <= now() - make_interval(days => $2))::int AS outside FROM stamps`,
      [SPEC_JOBS, DEMO_WINDOW_DAYS],
    );
    expect(outside.stamps).toBeGreaterThan(300);
    expect(outside.outside).toBe(0);
  });

  it('gives each job its history in stage order, ending at its status', async () => {
    const jobs = await sut.dataSource.query(
      `SELECT j.job_number, j.status, j.created_at, j.updated_at,
              array_agg(e.status ORDER BY e.created_at) AS stages, min(e.created_at) AS first, max(e.created_at) AS last
       FROM jobs j JOIN job_status_events e ON e.job_id = j.id WHERE j.job_number <> ALL($1) GROUP BY j.id`,
      [SPEC_JOBS],
    );
    expect(jobs).toHaveLength(25);
    for (const job of jobs) {
      expect(job.stages).toEqual(JOB_STATUSES.slice(0, JOB_STATUSES.indexOf(job.status) + 1));
      expect([job.first, job.last]).toEqual([job.created_at, job.updated_at]);
    }
  });

  it('has rebates only for the parts a referral earned, and running totals that agree', async () => {
    const [wrong] = await sut.dataSource.query(`
      SELECT count(*) FILTER (WHERE cleanview_rebate_status <> 'pending' AND cleanview_completed_at IS NULL)::int AS cleanview_unearned,
             count(*) FILTER (WHERE reline_rebate_status <> 'pending' AND reline_completed_at IS NULL)::int AS reline_unearned,
             count(*) FILTER (WHERE (cleanview_rebate_status = 'paid') <> (cleanview_paid_at IS NOT NULL)
                               OR (reline_rebate_status = 'paid') <> (reline_paid_at IS NOT NULL))::int AS paid_without_date,
             count(*) FILTER (WHERE status = 'referred' AND (cleanview_rebate_status, reline_rebate_status) <> ('pending', 'pending'))::int AS referred,
             count(*) FILTER (WHERE status = 'cleanview_completed' AND (cleanview_rebate_status, reline_rebate_status) <> ('processing', 'pending'))::int AS cleanview,
             count(*) FILTER (WHERE status = 'reline_completed' AND (cleanview_rebate_status, reline_rebate_status) <> ('processing', 'processing'))::int AS reline,
             count(*) FILTER (WHERE status = 'rebate_paid' AND (cleanview_rebate_status, reline_rebate_status) <> ('paid', 'paid'))::int AS paid
      FROM referrals`);
    expect(wrong).toEqual({ cleanview_unearned: 0, reline_unearned: 0, paid_without_date: 0, referred: 0, cleanview: 0, reline: 0, paid: 0 });
    const [totals] = await sut.dataSource.query(`
      SELECT (SELECT coalesce(sum(referrals), 0)::int FROM referral_totals) AS kept,
             (SELECT count(*)::int FROM referrals) AS counted,
             (SELECT coalesce(sum(cleanview_cents + reline_cents), 0)::int FROM referral_totals) AS kept_cents,
             (SELECT sum(cleanview_rebate_amount_cents + reline_rebate_amount_cents)::int FROM referrals) AS counted_cents`);
    expect([totals.kept, totals.kept_cents]).toEqual([totals.counted, totals.counted_cents]);
  });

  it('links jobs to the bookings and referrals they came from', async () => {
    const [links] = await sut.dataSource.query(`
      SELECT count(*) FILTER (WHERE j.booking_id IS NOT NULL)::int AS from_bookings,
             count(*) FILTER (WHERE j.referral_id IS NOT NULL)::int AS from_referrals,
             count(*) FILTER (WHERE j.referral_id IS NOT NULL AND j.customer_name <> r.client_name)::int AS wrong_referral,
             count(*) FILTER (WHERE j.booking_id IS NOT NULL AND j.customer_name <> b.full_name)::int AS wrong_booking
      FROM jobs j LEFT JOIN referrals r ON r.id = j.referral_id LEFT JOIN bookings b ON b.id = j.booking_id`);
    expect(links).toMatchObject({ wrong_referral: 0, wrong_booking: 0 });
    expect(links.from_bookings).toBeGreaterThan(5);
    expect(links.from_referrals).toBeGreaterThan(5);
  });

  it('fills the calendar’s next two weeks: visits in at least four states, on open days, within the site’s working day', async () => {
    const today = isoDayIn(sut.config.tzDisplay, new Date());
    const rows: Array<{ region: Region; day: string; slot: SlotTime; starts_at: Date; status: string; technician: string; reminder_due_at: Date | null }> =
      await sut.dataSource.query(
        `SELECT region, to_char(day, 'YYYY-MM-DD') AS day, slot, starts_at, status, technician, reminder_due_at FROM appointments ORDER BY starts_at`,
      );
    const ahead = rows.filter((row) => row.status === 'confirmed' && row.day >= today && row.day <= addDays(today, DEMO_AHEAD_DAYS));
    expect(ahead.length).toBeGreaterThanOrEqual(30);
    const regions = new Set(ahead.map((row) => row.region));
    expect(regions.size).toBeGreaterThanOrEqual(4);
    for (const region of ['NSW', 'VIC', 'QLD', 'WA']) expect(regions).toContain(region);
    for (const row of rows) {
      expect([row.region, row.day, closedReason(row.region, row.day, DEFAULT_AVAILABILITY, holidayOn)]).toEqual([row.region, row.day, null]);
      expect(row.starts_at).toEqual(slotStart(row.region, row.day, row.slot));
      const { time } = localClock(row.region, row.starts_at);
      expect(time >= '08:00' && time <= '17:00').toBe(true);
      expect(TECHNICIANS[row.region]).toContain(row.technician);
      // Reminders still ahead only: the first start queues none (notifications: 0 above).
      if (row.reminder_due_at && row.status === 'confirmed') expect(row.reminder_due_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('holds one live place for every booking from today on, at its day and time, and never more than a slot takes', async () => {
    const today = isoDayIn(sut.config.tzDisplay, new Date());
    const bookings: Array<{ status: string; preferred_date: string; live: number; matching: number }> = await sut.dataSource.query(
      `SELECT b.status, to_char(b.preferred_date, 'YYYY-MM-DD') AS preferred_date,
              count(s.id) FILTER (WHERE s.released_at IS NULL)::int AS live,
              count(s.id) FILTER (WHERE s.released_at IS NULL AND s.region = b.state AND s.day = b.preferred_date AND s.slot = b.preferred_time)::int AS matching
       FROM bookings b LEFT JOIN booking_slots s ON s.booking_id = b.id GROUP BY b.id`,
    );
    const upcoming = bookings.filter((booking) => booking.status !== 'cancelled' && booking.preferred_date >= today);
    expect(upcoming.length).toBeGreaterThan(DEMO_AHEAD_DAYS);
    for (const booking of bookings) {
      const holds = upcoming.includes(booking) ? 1 : 0;
      expect([booking.status, booking.preferred_date, booking.live, booking.matching]).toEqual([booking.status, booking.preferred_date, holds, holds]);
    }
    const slots: Array<{ region: Region; day: string; taken: number; top: number }> = await sut.dataSource.query(
      `SELECT region, to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS taken, max(place)::int AS top
       FROM booking_slots WHERE released_at IS NULL GROUP BY region, day, slot`,
    );
    for (const slot of slots) {
      const capacity = capacityOf(slot.region, slot.day, DEFAULT_AVAILABILITY);
      expect([slot, slot.taken <= capacity && slot.top <= capacity]).toEqual([slot, true]);
    }
  });

  it('confirms every scheduled booking as an appointment at its place, and shows two cancelled ones with their places freed', async () => {
    const [links] = await sut.dataSource.query(`
      SELECT count(*) FILTER (WHERE b.status = 'scheduled')::int AS scheduled,
             count(*) FILTER (WHERE b.status = 'scheduled' AND a.status IS DISTINCT FROM 'confirmed')::int AS scheduled_unconfirmed,
             count(*) FILTER (WHERE a.status = 'confirmed' AND b.status <> 'scheduled')::int AS confirmed_not_scheduled,
             count(*) FILTER (WHERE a.status = 'confirmed' AND NOT EXISTS (
               SELECT FROM booking_slots s WHERE s.booking_id = b.id AND s.released_at IS NULL AND (s.region, s.day, s.slot) = (a.region, a.day, a.slot)))::int AS away_from_place,
             count(*) FILTER (WHERE a.id IS NOT NULL AND (a.customer_name, a.email, a.phone, a.address, a.suburb) <> (b.full_name, b.email, b.phone, b.address, b.suburb))::int AS other_customer,
             count(*) FILTER (WHERE a.id IS NOT NULL AND (a.confirmed_at <= b.created_at OR a.confirmed_at >= a.starts_at))::int AS confirmed_out_of_order
      FROM bookings b LEFT JOIN appointments a ON a.booking_id = b.id`);
    expect(links).toEqual({
      scheduled: 37,
      scheduled_unconfirmed: 0,
      confirmed_not_scheduled: 0,
      away_from_place: 0,
      other_customer: 0,
      confirmed_out_of_order: 0,
    });
    const cancelled = await sut.dataSource.query(
      `SELECT a.cancelled_by, a.cancel_reason, b.status, b.updated_at = a.cancelled_at AS booking_cancelled_then,
              (SELECT array_agg(s.released_at = a.cancelled_at) FROM booking_slots s WHERE s.booking_id = b.id) AS places_released_then
       FROM appointments a JOIN bookings b ON b.id = a.booking_id WHERE a.status = 'cancelled' ORDER BY a.cancelled_by`,
    );
    expect(cancelled).toEqual([
      { cancelled_by: 'customer', cancel_reason: expect.any(String), status: 'cancelled', booking_cancelled_then: true, places_released_then: [true] },
      { cancelled_by: 'staff', cancel_reason: expect.any(String), status: 'cancelled', booking_cancelled_then: true, places_released_then: [true] },
    ]);
  });

  it('shows staff the fortnight in the calendar, and the public a booked-out time as taken', async () => {
    const now = new Date();
    const today = isoDayIn(sut.config.tzDisplay, now);
    const to = addDays(today, DEMO_AHEAD_DAYS);
    const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'calendar@example.com.au', role: 'admin' }));
    const calendar = await sut
      .http()
      .get('/api/admin/appointments')
      .query({ filter: JSON.stringify({ from: today, to }), range: '[0,999]' })
      .set(admin.auth)
      .expect(200);
    const [{ stored }] = await sut.dataSource.query(`SELECT count(*)::int AS stored FROM appointments WHERE day BETWEEN $1::date AND $2::date`, [today, to]);
    expect(calendar.body).toHaveLength(stored);
    expect(calendar.headers['content-range']).toBe(`appointments 0-${stored - 1}/${stored}`);
    expect(new Set(calendar.body.map((row: { status: string }) => row.status))).toEqual(new Set(['confirmed', 'cancelled']));

    // A time whose places are all held, past the minimum notice: the booking form offers it as taken, and the time after it as free.
    const full: Array<{ region: Region; day: string; slot: SlotTime; suburb: string }> = await sut.dataSource.query(
      `SELECT s.region, to_char(s.day, 'YYYY-MM-DD') AS day, s.slot, min(b.suburb || ' ' || b.state || ' ' || b.postcode) AS suburb
       FROM booking_slots s JOIN bookings b ON b.id = s.booking_id WHERE s.released_at IS NULL
       GROUP BY s.region, s.day, s.slot HAVING count(*) >= 2 ORDER BY s.day`,
    );
    const offered = full.filter((slot) => slot.day >= firstBookableDay(slot.region, now, DEFAULT_AVAILABILITY, holidayOn));
    expect(offered.length).toBeGreaterThanOrEqual(1);
    const { region, day, slot, suburb } = offered[0]!;
    const answer = (await sut.http().get('/api/availability').query({ suburb, from: day, days: 1 }).expect(200)).body;
    expect(answer.region).toBe(region);
    const taken: Array<{ slot: string; taken: number }> = await sut.dataSource.query(
      `SELECT slot, count(*)::int AS taken FROM booking_slots WHERE region = $1 AND day = $2::date AND released_at IS NULL GROUP BY slot`,
      [region, day],
    );
    const capacity = capacityOf(region, day, DEFAULT_AVAILABILITY);
    const expected = answer.days[0].slots.map((offer: { time: string }) => ({
      time: offer.time,
      available: (taken.find((row) => row.slot === offer.time)?.taken ?? 0) < capacity,
    }));
    expect(answer.days[0]).toEqual({ date: day, open: true, slots: expected });
    expect(expected.find((offer: { time: string }) => offer.time === slot)).toEqual({ time: slot, available: false });
  });

  it('uses real localities for every place', async () => {
    const missing = await sut.dataSource.query(
      `SELECT p.suburb, p.state, p.postcode FROM jsonb_to_recordset($1::jsonb) AS p(suburb text, state text, postcode text)
       WHERE NOT EXISTS (SELECT FROM localities l WHERE l.name = p.suburb AND l.state = p.state AND l.postcode = p.postcode)`,
      [JSON.stringify(ALL_PLACES)],
    );
    expect(missing).toEqual([]);
  });

  it('shows the demo plumber their referrals and both rebate totals', async () => {
    const plumber = await sut.dataSource.query(`SELECT id FROM users WHERE email = 'plumber@example.com.au'`);
    const [expected] = await sut.dataSource.query(
      // Paid and pending (earned, not yet paid) from the ledger; potential: the parts not earned yet.
      `SELECT count(*)::int AS total,
              (SELECT coalesce(sum(amount_cents), 0) FROM rebate_entries WHERE plumber_id = $1 AND state = 'paid')::int AS paid,
              (SELECT coalesce(sum(amount_cents), 0) FROM rebate_entries WHERE plumber_id = $1 AND state IN ('pending', 'approved'))::int AS pending,
              sum(CASE WHEN cleanview_rebate_status = 'pending' THEN cleanview_rebate_amount_cents ELSE 0 END
                  + CASE WHEN reline_rebate_status = 'pending' THEN reline_rebate_amount_cents ELSE 0 END)::int AS potential
       FROM referrals WHERE plumber_id = $1`,
      [plumber[0].id],
    );
    const { plumberPassword } = sut.app.get(DemoDataService).takeNewAccounts()!;
    const session = await signIn(sut, { email: 'plumber@example.com.au', password: plumberPassword });
    const summary = await sut.http().get('/api/me/rebates/summary').set(session.auth).expect(200);
    expect(summary.body).toEqual({
      totalReferrals: expected.total,
      rebatePaid: expected.paid / 100,
      rebatePending: expected.pending / 100,
      potential: expected.potential / 100,
    });
    expect(summary.body.rebatePaid).toBeGreaterThan(0);
    expect(summary.body.rebatePending).toBeGreaterThan(0);
    expect(summary.body.potential).toBeGreaterThan(0);
    // Ready to be paid (issue 18): ABN, bank details (masked), the RCTI agreement.
    const details = await sut.http().get('/api/me/payment-details').set(session.auth).expect(200);
    expect(details.body).toMatchObject({ abn: '83914571673', bankDetails: 'BSB 063-***, account ****567', cannotBePaid: [] });

    // After the demo, a real referral takes the next Ref ID of the sequence; a real job the next free Job ID.
    const [highest] = await sut.dataSource.query(`SELECT max(ref_number) AS ref FROM referrals`);
    expect(highest.ref).toBe('R-000030');
    const created = await sut
      .http()
      .post('/api/me/referrals')
      .set(session.auth)
      .send({
        clientName: 'Chris Client',
        jobAddress: '4 Elm Street',
        suburb: 'Toowong',
        clientPhone: '0491 570 006',
        urgency: 'medium',
        description: 'Recurring blockage in the sewer line',
        serviceTypes: { cleanView: true, reline: false },
      })
      .expect(201);
    expect(created.body.refNumber).toBe('R-000031');

    const admin = await signIn(sut, await createUser(sut.dataSource, { email: 'staff@example.com.au', role: 'admin' }));
    const [{ last }] = await sut.dataSource.query(`SELECT max(job_number) AS last FROM jobs`);
    expect(last).toBe('JOB-1030');
    const job = { customerName: 'Alex Citizen', customerEmail: 'alex.citizen@example.com.au', notify: false };
    await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...job, jobNumber: 'JOB-1030' })
      .expect(409);
    const next = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ ...job, jobNumber: 'JOB-1031' })
      .expect(201);
    expect(next.body.jobNumber).toBe('JOB-1031');
  });

  it("publishes 83 reviews from every service area (several in each capital), so the site states 'Rated 4.9 out of 5 from 83 reviews'", async () => {
    const content = await sut.app.get(ReviewsService).content();
    expect(ratingClaim(content)).toBe('Rated 4.9 out of 5 from 83 reviews');
    expect(content.latest).toHaveLength(LATEST_REVIEWS_SHOWN);
    const dates = content.latest.map((review) => review.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const area of SERVICE_AREAS) expect(content.nearby[area.slug]?.length ?? 0).toBeGreaterThanOrEqual(area.kind === 'capital' ? 3 : 1);
    const [spread] = await sut.dataSource.query(
      `SELECT count(*) FILTER (WHERE rating = 5)::int AS five, count(*) FILTER (WHERE rating = 4)::int AS four,
              bool_and(consent AND source = 'Google' AND NOT verified) AS imported,
              count(DISTINCT first_name)::int AS names, count(DISTINCT text)::int AS texts,
              min(written_at) > now() - interval '2 years 1 day' AND max(written_at) < now() AS within_two_years,
              max(written_at) - min(written_at) > interval '600 days' AS spread
       FROM reviews`,
    );
    expect(spread).toEqual({ five: 75, four: 8, imported: true, names: expect.any(Number), texts: expect.any(Number), within_two_years: true, spread: true });
    expect(spread.names).toBeGreaterThanOrEqual(30);
    expect(spread.texts).toBeGreaterThanOrEqual(15);
    // Seeding again adds none.
    expect(await sut.dataSource.transaction((manager) => seedDemoReviews(manager, new Date()))).toBe(0);
  });

  it('seeds nothing more when the demo runs again', async () => {
    const before = await counts(sut.dataSource);
    await sut.app.get(DemoDataService).onApplicationBootstrap();
    expect(await counts(sut.dataSource)).toEqual(before);
    expect(sut.app.get(DemoDataService).takeNewAccounts()).toBeUndefined();
  });
});

describe('demo business, once', () => {
  it('is seeded once when two instances start together on one empty database', async () => {
    const database = await createTestDatabase();
    const started = await Promise.allSettled([startDemoApp({ databaseUrl: database.url }), startDemoApp({ databaseUrl: database.url })]);
    const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await counts(apps[0]!.dataSource)).toEqual(SEEDED);
      // One of the two made the accounts (and shows their passwords); the other found them there.
      expect(apps.map((app) => app.app.get(DemoDataService).takeNewAccounts()).filter(Boolean)).toHaveLength(1);
    } finally {
      for (const app of apps) await app.close();
      await database.drop();
    }
  });

  it('leaves a database that already has users alone', async () => {
    const database = await createTestDatabase();
    const plain = await startTestApp({ databaseUrl: database.url });
    try {
      await createUser(plain.dataSource, { email: 'owner@example.com.au', role: 'admin' });
    } finally {
      await plain.close();
    }
    const sut = await startDemoApp({ databaseUrl: database.url });
    try {
      // The spec's sample jobs only (they are seeded whenever there are no jobs); no demo business.
      expect(await counts(sut.dataSource)).toEqual({
        users: 1,
        plumbers: 0,
        bookings: 0,
        enquiries: 0,
        referrals: 0,
        jobs: 5,
        appointments: 0,
        notifications: 0,
        reviews: 0,
      });
      expect(sut.app.get(DemoDataService).takeNewAccounts()).toBeUndefined();
    } finally {
      await sut.close();
      await database.drop();
    }
  });
});
