// `npm run bench:scale` (issue 7, part 3): the product with years of data. Seeds 1,000,000 bookings,
// 1,000,000 referrals from 5,000 plumbers and 200,000 jobs straight into the product's embedded
// PostgreSQL (server-side generate_series), then times the real HTTP endpoints against their budgets.
//
// A data folder already seeded with the same counts is reused (re-runs take a minute, not four);
// `npm run bench:scale -- --fresh` empties it and seeds again, timing the seed.
import { Algorithm, hash } from '@node-rs/argon2';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminSession, BENCH_ADMIN, createReport, embeddedDatabaseUrl, ensureBuilt, percentile, sleep, startProduct, timeRuns } from './lib.mjs';
import { BOOKING_BRIEFS, FIRST_NAMES, HEARD_OPTIONS, LAST_NAMES, SLOT_TIMES, sqlArray, STREET_NAMES } from './seed-sql.mjs';

const FRESH = process.argv.includes('--fresh');
const PORT = 3320;
const COUNTS = { bookings: 1_000_000, referrals: 1_000_000, plumbers: 5_000, jobs: 200_000 };
const PLUMBER_PASSWORD = 'scale plumber password 2026';
const PLUMBER_EMAIL = (n) => `scale.plumber.${String(n).padStart(5, '0')}@example.com.au`;
const RUNS = Number(process.env.SCALE_RUNS ?? 200);
const WARMUP = 10;

// ── the data ────────────────────────────────────────────────────────────────────────────────────
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

const PLUMBERS_SQL = (passwordHash) => `
  WITH numbered AS (
    SELECT n, ${FIRST}[1 + (n * 7) % 45] || ' ' || ${LAST}[1 + (n * 13) % 43] AS full_name,
           now() - ${THREE_YEARS} * (1 - n::float8 / ${COUNTS.plumbers}) - interval '30 days' AS created_at
    FROM generate_series(1::bigint, ${COUNTS.plumbers}) n
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
const BOOKINGS_SQL = `
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
  FROM generate_series(1::bigint, ${COUNTS.bookings}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 7) % 45] AS first, ${LAST}[1 + (g.n * 31) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${COUNTS.bookings}) + random() * interval '1 hour' AS age, random() AS r) a
  CROSS JOIN LATERAL (SELECT now() - a.age AS created_at, a.age, a.r) t
  JOIN ${NUMBERED_LOCALITIES} ON loc.k = 1 + (g.n * 104729) % ${LOCALITY_COUNT}
  ORDER BY g.n`;

const BOOKING_STATUS = `(CASE WHEN created_at < now() - interval '30 days' THEN
    CASE WHEN r < 0.72 THEN 'completed' WHEN r < 0.92 THEN 'cancelled' WHEN r < 0.96 THEN 'contacted' WHEN r < 0.98 THEN 'new' ELSE 'scheduled' END
  ELSE
    CASE WHEN r < 0.30 THEN 'new' WHEN r < 0.55 THEN 'contacted' WHEN r < 0.80 THEN 'scheduled' WHEN r < 0.95 THEN 'completed' ELSE 'cancelled' END
  END)`.replace(/\br\b/g, '((hashtext(id::text)::bigint & 2147483647) / 2147483648.0)');
const BOOKING_STATUSES_SQL = `UPDATE bookings SET status = ${BOOKING_STATUS} WHERE ${BOOKING_STATUS} <> 'new'`;

// Referrals: ~200 per plumber. Older than a month: paid, or never went ahead (a few stragglers left
// unpaid, so some are overdue); the last month is still in progress, with completions in the last
// two weeks (C&V) or month (reline), as a business that pays on time would have.
const REFERRALS_SQL = `
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
  FROM generate_series(1::bigint, ${COUNTS.referrals}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 17) % 45] AS first, ${LAST}[1 + (g.n * 29) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${COUNTS.referrals}) + random() * interval '1 hour' AS age, random() AS r, random() AS u,
                             1 + floor(random() * ${COUNTS.plumbers})::int AS p) a
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
const JOBS_SQL = `
  INSERT INTO jobs (job_number, customer_name, customer_email, customer_phone, address, status, tracking_code, created_at, updated_at)
  SELECT 'JOB-' || (1000 + g.n), f.first || ' ' || f.last,
         lower(f.first) || '.' || lower(replace(f.last, '''', '')) || g.n || '@example.com',
         '04' || lpad(((g.n * 4231) % 100000000)::text, 8, '0'),
         (1 + g.n % 297) || ' ' || ${STREETS}[1 + (g.n * 11) % 28] || ', ' || loc.name || ' ' || loc.state || ' ' || loc.postcode,
         s.status,
         s.status || '-job' || (1000 + g.n) || '-' || translate(left(md5(g.n::text || random()::text), 26), '0189', 'wxyz'),
         t.created_at, least(now(), t.created_at + a.r * interval '40 days')
  FROM generate_series(1::bigint, ${COUNTS.jobs}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 19) % 45] AS first, ${LAST}[1 + (g.n * 37) % 43] AS last) f
  CROSS JOIN LATERAL (SELECT ${THREE_YEARS} * (1 - g.n::float8 / ${COUNTS.jobs}) + random() * interval '1 hour' AS age, random() AS r) a
  CROSS JOIN LATERAL (SELECT now() - a.age AS created_at) t
  CROSS JOIN LATERAL (SELECT CASE WHEN a.age > interval '60 days' THEN
                CASE WHEN a.r < 0.80 THEN 'completed' WHEN a.r < 0.92 THEN 'quoted' WHEN a.r < 0.95 THEN 'accepted' WHEN a.r < 0.98 THEN 'inspected' ELSE 'booked' END
              ELSE
                (ARRAY['booked', 'inspected', 'quoted', 'accepted', 'scheduled', 'completed'])[1 + floor(a.r * 6)::int] END AS status) s
  JOIN ${NUMBERED_LOCALITIES} ON loc.k = 1 + (g.n * 3301) % ${LOCALITY_COUNT}
  ORDER BY g.n`;

// ── the database ────────────────────────────────────────────────────────────────────────────────
async function connect(dataDir) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir), application_name: 'bench-scale' });
  await client.connect();
  return client;
}

async function counts(db) {
  const [row] = (
    await db.query(`SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM referrals)::int AS referrals,
                           (SELECT count(*) FROM users WHERE email LIKE 'scale.plumber.%')::int AS plumbers, (SELECT count(*) FROM jobs)::int AS jobs`)
  ).rows;
  return row;
}

/** Seeds the three tables (bookings and referrals at the same time, on two connections); answers the seconds. */
async function seed(dataDir) {
  const started = performance.now();
  const steps = {};
  const timed = async (name, work) => {
    const start = performance.now();
    await work();
    steps[name] = +((performance.now() - start) / 1000).toFixed(1);
    console.log(`  seeded ${name} in ${steps[name]} s`);
  };
  const [a, b] = await Promise.all([connect(dataDir), connect(dataDir)]);
  try {
    for (const client of [a, b]) await client.query(`SET work_mem = '64MB'; SET maintenance_work_mem = '256MB'`);
    // Start from empty tables (a data folder left half-seeded, or older figures).
    await a.query(`TRUNCATE bookings, referrals, jobs CASCADE`);
    await a.query(`DELETE FROM users WHERE email LIKE 'scale.plumber.%'`);
    const passwordHash = await hash(PLUMBER_PASSWORD, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await timed('plumbers', () => a.query(PLUMBERS_SQL(passwordHash)));
    await Promise.all([
      timed('bookings', () => a.query(BOOKINGS_SQL)).then(() => timed('booking statuses', () => a.query(BOOKING_STATUSES_SQL))),
      timed('referrals', () => b.query(REFERRALS_SQL)).then(() => timed('jobs', () => b.query(JOBS_SQL))),
    ]);
    // What three years of operation would have left: autovacuum's statistics and visibility map (for
    // index-only scans), and the seed's writes checkpointed (not flushed while requests are timed).
    await Promise.all([
      timed('vacuum bookings', () => a.query(`VACUUM (ANALYZE) bookings`)),
      timed('vacuum referrals, jobs, users', async () => {
        for (const table of ['referrals', 'jobs', 'users, profiles, user_roles']) await b.query(`VACUUM (ANALYZE) ${table}`);
      }),
    ]);
    await timed('checkpoint', () => a.query('CHECKPOINT'));
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), steps };
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────
async function login(url, credentials) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login of ${credentials.email} failed: ${response.status} ${await response.text()}`);
  const session = await response.json();
  return { authorization: `Bearer ${session.accessToken}` };
}

async function get(url, headers) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
  return { response, body };
}

function listUrl(base, resource, { filter, sort, range }) {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify(range) });
  return `${base}/api/admin/${resource}?${query}`;
}

/** The server process listening on `port` (npm start → node scripts/start.mjs): its resident memory in KiB. */
// ── the run ─────────────────────────────────────────────────────────────────────────────────────
ensureBuilt();
const report = createReport('scale');
const product = await startProduct({ name: 'scale', port: PORT, fresh: FRESH, env: { TZ_DISPLAY: 'Australia/Melbourne' } });
const seedFile = path.join(product.dataDir, 'scale-seed.json');
let db;
try {
  db = await connect(product.dataDir);
  const found = await counts(db);
  const matches = Object.entries(COUNTS).every(([name, count]) => found[name] === count);
  let seedInfo;
  if (matches && existsSync(seedFile)) {
    seedInfo = JSON.parse(readFileSync(seedFile, 'utf8'));
    console.log(`Seeding skipped: ${product.dataDir} already holds the data (seeded ${seedInfo.seededAt} in ${seedInfo.seconds} s; --fresh seeds again).`);
  } else {
    console.log(
      `Seeding ${Object.entries(COUNTS)
        .map(([name, count]) => `${count.toLocaleString('en-AU')} ${name}`)
        .join(', ')}...`,
    );
    const result = await seed(product.dataDir);
    seedInfo = { seededAt: new Date().toISOString(), ...result, counts: await counts(db) };
    writeFileSync(seedFile, `${JSON.stringify(seedInfo, null, 2)}\n`);
  }
  report.check(`seeding (${matches ? `last fresh seed, ${seedInfo.seededAt.slice(0, 16)}` : 'this run'})`, seedInfo.seconds, 's', '<=', 180);
  report.note(`seed steps (s): ${JSON.stringify(seedInfo.steps)}`);

  const base = product.url;
  await adminSession(product);
  let adminAuth = await login(base, BENCH_ADMIN);
  const plumberAuth = await login(base, { email: PLUMBER_EMAIL(1), password: PLUMBER_PASSWORD });
  const [{ id: plumberId }] = (await db.query(`SELECT id FROM users WHERE lower(email) = $1`, [PLUMBER_EMAIL(1)])).rows;

  /** Times GET requests one at a time; answers p50/p95 in ms. */
  const timeGets = async (urls, headers, runs = RUNS) => {
    let i = 0;
    const durations = await timeRuns(
      async () => {
        const url = urls[i % urls.length];
        i += 1;
        await get(url, headers);
      },
      { runs, warmup: WARMUP },
    );
    return { p50: percentile(durations, 50), p95: percentile(durations, 95), runs };
  };

  // Staff lists: a status filter and a sort, total included; page 1 and page 1,000. The budgets use the
  // largest status of each list (the costliest total); the rows without a budget show the console's
  // landing list (no filter) and a sort no index serves.
  const lists = [
    { resource: 'bookings', table: 'bookings', filter: { status: 'completed' }, sort: ['createdAt', 'DESC'], orderSql: 'created_at DESC', pageSize: 10 },
    { resource: 'referrals', table: 'referrals', filter: { status: 'referred' }, sort: ['createdAt', 'DESC'], orderSql: 'created_at DESC', pageSize: 5 },
    { resource: 'jobs', table: 'jobs', filter: { status: 'completed' }, sort: ['createdAt', 'DESC'], orderSql: 'created_at DESC', pageSize: 10 },
    { resource: 'bookings', table: 'bookings', filter: {}, sort: ['createdAt', 'DESC'], orderSql: 'created_at DESC', pageSize: 10, budget: false },
  ];
  // Timed last, so that its heavy sorts disturb no other figure.
  const unindexedSort = {
    resource: 'bookings',
    table: 'bookings',
    filter: { status: 'cancelled' },
    sort: ['fullName', 'ASC'],
    orderSql: 'lower(full_name) ASC',
    pageSize: 10,
    budget: false,
    runs: 30,
  };
  const timeList = async (list) => {
    adminAuth = await login(base, BENCH_ADMIN);
    const where = list.filter.status ? `WHERE status = '${list.filter.status}'` : '';
    const [{ total }] = (await db.query(`SELECT count(*)::int AS total FROM ${list.table} ${where}`)).rows;
    const label = `${list.resource}: ${list.filter.status ? `status=${list.filter.status}` : 'no filter'} (${total.toLocaleString('en-AU')}), sort ${list.sort.join(' ')}`;
    for (const page of [1, 1000]) {
      const start = (page - 1) * list.pageSize;
      const url = listUrl(base, list.resource, { filter: list.filter, sort: list.sort, range: [start, start + list.pageSize - 1] });
      // The answer is right before it is timed: the exact total and the rows SQL gives for that page.
      const { response, body } = await get(url, adminAuth);
      const expectedRange = `${list.resource} ${start}-${start + list.pageSize - 1}/${total}`;
      if (response.headers.get('content-range') !== expectedRange)
        throw new Error(`${url}: Content-Range ${response.headers.get('content-range')}, expected ${expectedRange}`);
      const direction = list.orderSql.endsWith('ASC') ? 'ASC' : 'DESC';
      const expectedIds = (
        await db.query(`SELECT id FROM ${list.table} ${where} ORDER BY ${list.orderSql}, id ${direction} OFFSET $1 LIMIT $2`, [start, list.pageSize])
      ).rows.map((row) => row.id);
      const ids = JSON.parse(body).map((row) => row.id);
      if (JSON.stringify(ids) !== JSON.stringify(expectedIds)) throw new Error(`${url}: rows differ from SQL's page`);
      const timing = await timeGets([url], adminAuth, list.runs ?? RUNS);
      const name = `${label}, page ${page.toLocaleString('en-AU')}, p95`;
      if (list.budget === false) report.check(name, timing.p95, 'ms');
      else report.check(name, timing.p95, 'ms', '<=', page === 1 ? 50 : 150);
      report.note(`${list.resource} page ${page}: p50 ${timing.p50.toFixed(1)} ms over ${timing.runs} requests`);
    }
  };
  for (const list of lists) await timeList(list);

  // A plumber's own referrals and rebate totals.
  const [{ own }] = (await db.query(`SELECT count(*)::int AS own FROM referrals WHERE plumber_id = $1`, [plumberId])).rows;
  for (const [name, pathname] of [
    ['GET /api/me/referrals', '/api/me/referrals'],
    ['GET /api/me/rebates/summary', '/api/me/rebates/summary'],
  ]) {
    const { body } = await get(`${base}${pathname}`, plumberAuth);
    const parsed = JSON.parse(body);
    const answered = Array.isArray(parsed) ? parsed.length : parsed.totalReferrals;
    if (answered !== own) throw new Error(`${pathname}: ${answered} referrals, expected ${own}`);
    const timing = await timeGets([`${base}${pathname}`], plumberAuth);
    report.check(`${name} (a plumber with ${own} referrals), p95`, timing.p95, 'ms', '<=', 10);
    report.note(`${name}: p50 ${timing.p50.toFixed(1)} ms`);
  }

  // Referral statistics and top referrers.
  adminAuth = await login(base, BENCH_ADMIN);
  {
    const stats = JSON.parse((await get(`${base}/api/admin/referrals/stats`, adminAuth)).body);
    if (stats.total !== COUNTS.referrals) throw new Error(`stats total ${stats.total}`);
    report.note(
      `stats: ${stats.topReferrers.map((t) => `${t.plumberName} ${t.count}`).join(', ')} top; ${stats.due.length} due within 3 days or overdue; ${stats.overdueCount} overdue`,
    );
    const timing = await timeGets([`${base}/api/admin/referrals/stats`], adminAuth, Math.min(RUNS, 100));
    report.check('GET /api/admin/referrals/stats, p95', timing.p95, 'ms', '<=', 100);
    report.note(`referrals stats: p50 ${timing.p50.toFixed(1)} ms`);
  }

  // Address suggestions over many 3-letter prefixes (built-in localities).
  {
    const prefixes = (await db.query(`SELECT DISTINCT lower(left(name, 3)) AS prefix FROM localities WHERE name ~ '^[A-Za-z]{3}' ORDER BY 1`)).rows.map(
      (row) => row.prefix,
    );
    const picked = prefixes.filter((_, index) => index % Math.max(1, Math.floor(prefixes.length / 200)) === 0).slice(0, 200);
    const urls = picked.map((prefix) => `${base}/api/addresses/suggest?kind=locality&q=${encodeURIComponent(prefix)}`);
    const timing = await timeGets(urls, {}, Math.max(RUNS, picked.length));
    report.check(`GET /api/addresses/suggest, ${picked.length} different 3-letter prefixes, p95`, timing.p95, 'ms', '<=', 20);
    report.note(`address suggestions: p50 ${timing.p50.toFixed(1)} ms`);
  }

  // CSV export of every booking: time, and the server's memory while it streams.
  adminAuth = await login(base, BENCH_ADMIN);
  {
    await sleep(1_000);
    const rss = () => product.rssKiB(); // the node process listening on the port
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 100);
    const start = performance.now();
    let firstByteMs = 0;
    let lines = 0;
    let bytes = 0;
    try {
      const response = await fetch(`${base}/api/admin/bookings/export.csv`, { headers: adminAuth });
      if (!response.ok) throw new Error(`export: ${response.status}`);
      for await (const chunk of response.body) {
        if (!firstByteMs) firstByteMs = performance.now() - start;
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - start) / 1000;
    peak = Math.max(peak, rss());
    // Quoted descriptions hold no line breaks here, so lines = header + one per booking.
    if (lines !== COUNTS.bookings + 1) throw new Error(`export: ${lines} lines, expected ${COUNTS.bookings + 1}`);
    report.check('CSV export of 1,000,000 bookings', seconds, 's', '<=', 20);
    report.check('server memory growth during the export (peak RSS − before)', (peak - before) / 1024, 'MB', '<=', 150);
    report.note(
      `export: ${(bytes / 2 ** 20).toFixed(0)} MiB, first byte after ${firstByteMs.toFixed(0)} ms, RSS ${(before / 1024).toFixed(0)} → peak ${(peak / 1024).toFixed(0)} MB`,
    );
  }
  await timeList(unindexedSort);
} finally {
  await db?.end().catch(() => undefined);
  await product.stop();
}
report.finish();
