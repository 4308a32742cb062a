// The scale benchmarks' data, made in the database (server-side generate_series): plumbers, bookings
// (then their statuses), referrals and jobs, spread over three years. Used by bench/scale.mjs and
// bench/exports.mjs with their own counts.
import pg from 'pg';
import { embeddedDatabaseUrl } from './lib.mjs';
import { BOOKING_BRIEFS, FIRST_NAMES, HEARD_OPTIONS, LAST_NAMES, SLOT_TIMES, sqlArray, STREET_NAMES } from './seed-sql.mjs';

const FIRST = sqlArray(FIRST_NAMES);
const LAST = sqlArray(LAST_NAMES);
const STREETS = sqlArray(STREET_NAMES);
const BRIEFS = sqlArray(BOOKING_BRIEFS);
const SLOTS = sqlArray(SLOT_TIMES);
const HEARD = sqlArray(HEARD_OPTIONS);
const TRADES = sqlArray(['Plumbing', 'Plumbing & Gas', 'Drainage', 'Plumbing Services', 'Pipe Solutions', 'Maintenance Plumbing', 'Hot Water & Plumbing']);

/** Localities numbered 1..n (for a hash join from generate_series), most from the big states. */
const NUMBERED_LOCALITIES = `(SELECT row_number() OVER (ORDER BY id) AS k, name, state, postcode FROM localities) loc`;
const LOCALITY_COUNT = `(SELECT count(*) FROM localities)`;

/** Rows spread over three years, oldest first (the order they would have arrived in). */
const THREE_YEARS = `interval '1095 days'`;

/** The seed statements for `counts` ({ bookings, referrals, plumbers, jobs }); plumbers are 'scale.plumber.NNNNN@example.com.au'. */
export function scaleSql(counts) {
  const plumbers = (passwordHash) => `
  WITH numbered AS (
    SELECT n, ${FIRST}[1 + (n * 7) % 45] || ' ' || ${LAST}[1 + (n * 13) % 43] AS full_name,
           now() - ${THREE_YEARS} * (1 - n::float8 / ${counts.plumbers}) - interval '30 days' AS created_at
    FROM generate_series(1::bigint, ${counts.plumbers}) n
  ), inserted AS (
    INSERT INTO users (email, password_hash, email_verified_at, created_at, updated_at, last_sign_in_at)
    SELECT 'scale.plumber.' || lpad(n::text, 5, '0') || '@example.com.au', '${passwordHash}', created_at, created_at, created_at, now() - random() * interval '20 days'
    FROM numbered ORDER BY n
    RETURNING id, email
  ), profiled AS (
    INSERT INTO profiles (user_id, full_name, business_name, phone)
    SELECT i.id, nb.full_name, split_part(nb.full_name, ' ', 2) || ' ' || ${TRADES}[1 + nb.n % 7], '04' || lpad(((nb.n * 7919) % 100000000)::text, 8, '0')
    FROM inserted i JOIN numbered nb ON i.email = 'scale.plumber.' || lpad(nb.n::text, 5, '0') || '@example.com.au'
  )
  INSERT INTO user_roles (user_id, role) SELECT id, 'plumber' FROM inserted`;

  // Bookings arrive as 'new' (as POST /api/bookings makes them); staff then move most of them on:
  // older than a month, mostly completed or cancelled; recent ones still being worked. The status
  // update is one statement, as the product's totals triggers see a bulk change.
  const bookings = `
  INSERT INTO bookings (full_name, email, phone, address, suburb, state, postcode, preferred_date, preferred_time,
                        brief_description, how_heard_about_us, status, created_at, updated_at)
  SELECT f.first || ' ' || f.last,
         lower(f.first) || '.' || lower(replace(f.last, '''', '')) || g.n || '@example.com',
         '04' || lpad(((g.n * 7919) % 100000000)::text, 8, '0'),
         (1 + g.n % 297) || ' ' || ${STREETS}[1 + (g.n * 11) % 28],
         loc.name, loc.state, loc.postcode,
         (t.created_at + (1 + g.n % 14) * interval '1 day')::date,
         ${SLOTS}[1 + g.n % 10],
         ${BRIEFS}[1 + (g.n * 5) % 12],
         CASE WHEN g.n % 7 = 0 THEN NULL ELSE ${HEARD}[1 + (g.n * 3) % 6] END,
         'new',
         t.created_at,
         least(now(), t.created_at + t.r * interval '20 days')
  FROM generate_series(1::bigint, ${counts.bookings}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 7) % 45] AS first, ${LAST}[1 + (g.n * 31) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${counts.bookings}) + random() * interval '1 hour' AS age, random() AS r) a
  CROSS JOIN LATERAL (SELECT now() - a.age AS created_at, a.age, a.r) t
  JOIN ${NUMBERED_LOCALITIES} ON loc.k = 1 + (g.n * 104729) % ${LOCALITY_COUNT}
  ORDER BY g.n`;

  const BOOKING_STATUS = `(CASE WHEN created_at < now() - interval '30 days' THEN
    CASE WHEN r < 0.72 THEN 'completed' WHEN r < 0.92 THEN 'cancelled' WHEN r < 0.96 THEN 'contacted' WHEN r < 0.98 THEN 'new' ELSE 'scheduled' END
  ELSE
    CASE WHEN r < 0.30 THEN 'new' WHEN r < 0.55 THEN 'contacted' WHEN r < 0.80 THEN 'scheduled' WHEN r < 0.95 THEN 'completed' ELSE 'cancelled' END
  END)`.replace(/\br\b/g, '((hashtext(id::text)::bigint & 2147483647) / 2147483648.0)');
  const bookingStatuses = `UPDATE bookings SET status = ${BOOKING_STATUS} WHERE ${BOOKING_STATUS} <> 'new'`;

  // Referrals: ~200 per plumber. Older than a month: paid, or never went ahead (a few stragglers left
  // unpaid, so some are overdue); the last month is still in progress, with completions in the last
  // two weeks (C&V) or month (reline), as a business that pays on time would have.
  const referrals = `
  WITH plumbers AS (
    SELECT row_number() OVER (ORDER BY u.email) AS p, u.id, u.email, pr.full_name, pr.business_name, pr.phone
    FROM users u JOIN profiles pr ON pr.user_id = u.id WHERE u.email LIKE 'scale.plumber.%'
  )
  INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_id, plumber_name, plumber_company, plumber_phone, plumber_email,
                         urgency, description, notes, contact_client, service_clean_view, service_reline, status,
                         cleanview_rebate_amount_cents, cleanview_rebate_status, reline_rebate_amount_cents, reline_rebate_status,
                         cleanview_completed_at, reline_completed_at, cleanview_paid_at, reline_paid_at, source, created_at, updated_at)
  SELECT f.first || ' ' || f.last, '04' || lpad(((g.n * 6151) % 100000000)::text, 8, '0'),
         (1 + g.n % 297) || ' ' || ${STREETS}[1 + (g.n * 11) % 28], loc.name,
         pl.id, pl.full_name, pl.business_name, pl.phone, pl.email,
         CASE WHEN s.u < 0.30 THEN 'low' WHEN s.u < 0.70 THEN 'medium' WHEN s.u < 0.92 THEN 'high' ELSE 'emergency' END,
         ${BRIEFS}[1 + (g.n * 5) % 12],
         CASE WHEN g.n % 5 = 0 THEN 'Client prefers mornings' END,
         g.n % 10 <> 0, true, g.n % 3 <> 0, s.status,
         CASE WHEN t.age > interval '400 days' THEN 7000 ELSE 8000 END,
         CASE s.status WHEN 'referred' THEN 'pending' WHEN 'rebate_paid' THEN 'paid' ELSE 'processing' END,
         CASE WHEN t.age > interval '400 days' THEN 35000 ELSE 40000 END,
         CASE s.status WHEN 'rebate_paid' THEN 'paid' WHEN 'reline_completed' THEN 'processing' ELSE 'pending' END,
         d.cv_done, d.rl_done,
         CASE WHEN s.status = 'rebate_paid' THEN least(now(), d.cv_done + interval '8 days') END,
         CASE WHEN s.status = 'rebate_paid' THEN least(now(), coalesce(d.rl_done, d.cv_done) + interval '12 days') END,
         CASE WHEN g.n % 7 = 0 THEN 'quick' ELSE 'dashboard' END,
         t.created_at, greatest(t.created_at, coalesce(d.rl_done, d.cv_done, t.created_at))
  FROM generate_series(1::bigint, ${counts.referrals}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 17) % 45] AS first, ${LAST}[1 + (g.n * 29) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${counts.referrals}) + random() * interval '1 hour' AS age, random() AS r, random() AS u,
                             1 + floor(random() * ${counts.plumbers})::int AS p) a
  CROSS JOIN LATERAL (SELECT now() - a.age AS created_at, a.age) t
  CROSS JOIN LATERAL (SELECT a.u,
         CASE WHEN a.age > interval '30 days' THEN
                CASE WHEN a.r < 0.35 THEN 'referred' WHEN a.r < 0.9993 THEN 'rebate_paid' WHEN a.r < 0.99965 THEN 'cleanview_completed' ELSE 'reline_completed' END
              ELSE
                CASE WHEN a.r < 0.45 THEN 'referred' WHEN a.r < 0.70 THEN 'cleanview_completed' WHEN a.r < 0.82 THEN 'reline_completed' ELSE 'rebate_paid' END
         END AS status) s
  CROSS JOIN LATERAL (SELECT
         CASE WHEN s.status = 'referred' THEN NULL
              WHEN a.age > interval '30 days' THEN t.created_at + interval '5 days'
              ELSE greatest(t.created_at, now() - a.u * interval '16 days') END AS cv_done,
         CASE WHEN s.status IN ('referred', 'cleanview_completed') OR (s.status = 'rebate_paid' AND g.n % 3 = 0) THEN NULL
              WHEN a.age > interval '30 days' THEN t.created_at + interval '20 days'
              ELSE greatest(t.created_at, now() - a.u * interval '31 days') END AS rl_done) d
  JOIN plumbers pl ON pl.p = a.p
  JOIN ${NUMBERED_LOCALITIES} ON loc.k = 1 + (g.n * 7907) % ${LOCALITY_COUNT}
  ORDER BY g.n`;

  // Jobs: tracking links made by staff; older ones mostly completed (or quoted and declined).
  const jobs = `
  INSERT INTO jobs (job_number, customer_name, customer_email, customer_phone, address, status, tracking_code, created_at, updated_at)
  SELECT 'JOB-' || (1000 + g.n), f.first || ' ' || f.last,
         lower(f.first) || '.' || lower(replace(f.last, '''', '')) || g.n || '@example.com',
         '04' || lpad(((g.n * 4231) % 100000000)::text, 8, '0'),
         (1 + g.n % 297) || ' ' || ${STREETS}[1 + (g.n * 11) % 28] || ', ' || loc.name || ' ' || loc.state || ' ' || loc.postcode,
         s.status,
         s.status || '-job' || (1000 + g.n) || '-' || translate(left(md5(g.n::text || random()::text), 26), '0189', 'wxyz'),
         t.created_at, least(now(), t.created_at + a.r * interval '40 days')
  FROM generate_series(1::bigint, ${counts.jobs}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 19) % 45] AS first, ${LAST}[1 + (g.n * 37) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${counts.jobs}) + random() * interval '1 hour' AS age, random() AS r) a
  CROSS JOIN LATERAL (SELECT now() - a.age AS created_at) t
  CROSS JOIN LATERAL (SELECT CASE WHEN a.age > interval '60 days' THEN
                CASE WHEN a.r < 0.80 THEN 'completed' WHEN a.r < 0.92 THEN 'quoted' WHEN a.r < 0.95 THEN 'accepted' WHEN a.r < 0.98 THEN 'inspected' ELSE 'booked' END
              ELSE
                (ARRAY['booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed'])[1 + floor(a.r * 6)::int] END AS status) s
  JOIN ${NUMBERED_LOCALITIES} ON loc.k = 1 + (g.n * 3301) % ${LOCALITY_COUNT}
  ORDER BY g.n`;
  return { plumbers, bookings, bookingStatuses, referrals, jobs };
}

/** A connection to a bench's embedded database (the product started on `dataDir`). */
export async function connectTo(dataDir, applicationName) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir), application_name: applicationName });
  await client.connect();
  return client;
}

/** Times seed steps: `timed(name, work)` runs one and keeps its seconds in `steps` (printed as it goes). */
export function seedSteps() {
  const steps = {};
  const timed = async (name, work) => {
    const start = performance.now();
    await work();
    steps[name] = +((performance.now() - start) / 1000).toFixed(1);
    console.log(`  seeded ${name} in ${steps[name]} s`);
  };
  return { steps, timed };
}

/** Session settings for seeding a million rows (sorts and index builds in memory). */
export const SEED_SESSION = `SET work_mem = '64MB'; SET maintenance_work_mem = '256MB'`;
