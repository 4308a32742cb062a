// `npm run bench:scale` (issue 7, part 3): the product with years of data. Seeds 1,000,000 bookings,
// 1,000,000 referrals from 5,000 plumbers and 200,000 jobs straight into the product's embedded
// PostgreSQL (server-side generate_series), then times the real HTTP endpoints against their budgets.
//
// A data folder already seeded with the same counts is reused (re-runs take a minute, not four);
// `npm run bench:scale -- --fresh` empties it and seeds again, timing the seed.
import { Algorithm, hash } from '@node-rs/argon2';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminSession, BENCH_ADMIN, createReport, ensureBuilt, percentile, sleep, startProduct, timeRuns } from './lib.mjs';
import { connectTo, scaleSql, SEED_SESSION, seedSteps } from './scale-data.mjs';

const FRESH = process.argv.includes('--fresh');
const PORT = 3320;
const COUNTS = { bookings: 1_000_000, referrals: 1_000_000, plumbers: 5_000, jobs: 200_000 };
const PLUMBER_PASSWORD = 'scale plumber password 2026';
const PLUMBER_EMAIL = (n) => `scale.plumber.${String(n).padStart(5, '0')}@example.com.au`;
const RUNS = Number(process.env.SCALE_RUNS ?? 200);
const WARMUP = 10;

const SQL = scaleSql(COUNTS);

// ── the database ────────────────────────────────────────────────────────────────────────────────
const connect = (dataDir) => connectTo(dataDir, 'bench-scale');

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
  const { steps, timed } = seedSteps();
  const [a, b] = await Promise.all([connect(dataDir), connect(dataDir)]);
  try {
    for (const client of [a, b]) await client.query(SEED_SESSION);
    // Start from empty tables (a data folder left half-seeded, or older figures).
    await a.query(`TRUNCATE bookings, referrals, jobs CASCADE`);
    await a.query(`DELETE FROM users WHERE email LIKE 'scale.plumber.%'`);
    const passwordHash = await hash(PLUMBER_PASSWORD, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await timed('plumbers', () => a.query(SQL.plumbers(passwordHash)));
    await Promise.all([
      timed('bookings', () => a.query(SQL.bookings)).then(() => timed('booking statuses', () => a.query(SQL.bookingStatuses))),
      timed('referrals', () => b.query(SQL.referrals)).then(() => timed('jobs', () => b.query(SQL.jobs))),
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
