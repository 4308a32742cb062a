// `npm run bench:exports` (issue 19): every console list's CSV export, streamed by the one shared
// exporter, on a million rows each: bookings, referrals, rebate entries, jobs, enquiries, the outbox
// and the audit trail (users: the 5,000 plumbers). Each is timed end to end through the real HTTP
// endpoint with the server's memory sampled, then again with a filter, whose row count is checked
// against the database. Budget (the bookings export's, bench/RESULTS.md part 3): ≤ 20 s and ≤ 150 MB
// of server memory growth for a million rows.
//
// Seeds its own data folder (.data/bench-exports) with server-side generate_series; a folder already
// seeded with the same counts is reused (`--fresh` seeds again).
import { Algorithm, hash } from '@node-rs/argon2';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminSession, createReport, ensureBuilt, sleep, startProduct } from './lib.mjs';
import { connectTo, scaleSql, SEED_SESSION, seedSteps } from './scale-data.mjs';

const FRESH = process.argv.includes('--fresh');
const PORT = 3324;
const MILLION = 1_000_000;
const COUNTS = {
  bookings: MILLION,
  referrals: MILLION,
  plumbers: 5_000,
  jobs: MILLION,
  rebateEntries: MILLION,
  enquiries: MILLION,
  notifications: MILLION,
  audit: MILLION,
};
const SQL = scaleSql(COUNTS);

const REBATES_SQL = `
  INSERT INTO rebate_entries (referral_id, plumber_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at, paid_at)
  SELECT id, plumber_id, ref_number, plumber_name, 'cleanview', cleanview_rebate_amount_cents,
         CASE WHEN n % 10 < 6 THEN 'paid' WHEN n % 10 < 8 THEN 'approved' ELSE 'pending' END,
         created_at + interval '5 days', created_at + interval '35 days',
         CASE WHEN n % 10 < 6 THEN created_at + interval '30 days' END
  FROM (SELECT r.*, row_number() OVER (ORDER BY r.created_at) AS n FROM referrals r) numbered`;

const ENQUIRIES_SQL = `
  INSERT INTO enquiries (kind, status, organisation_name, contact_person, email, phone, site_address, issue_type, message, created_at, updated_at)
  SELECT CASE WHEN n % 4 = 0 THEN 'product' ELSE 'corporate' END,
         (ARRAY['new', 'contacted', 'quoted', 'won', 'lost'])[1 + n % 5],
         'Council ' || n, 'Contact ' || n, 'contact' || n || '@example.gov.au', '03' || lpad(((n * 7919) % 100000000)::text, 8, '0'),
         n || ' Civic Way', 'Stormwater', 'Relining of ' || (n % 40 + 1) || ' pits',
         now() - interval '1095 days' * (1 - n::float8 / ${COUNTS.enquiries}), now() - interval '1095 days' * (1 - n::float8 / ${COUNTS.enquiries})
  FROM generate_series(1::bigint, ${COUNTS.enquiries}) n`;

const NOTIFICATIONS_SQL = `
  INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, template_key, status, attempts, message_id, created_at, sent_at)
  SELECT 'bench-' || n, 'customer' || n || '@example.com', 'Your job update #' || n, 'Body', '<p>Body</p>', 'job_status',
         CASE WHEN n % 100 = 0 THEN 'dead' WHEN n % 50 = 0 THEN 'failed' ELSE 'sent' END, 1 + (n % 100 = 0)::int * 7,
         '<bench-' || n || '@example.com.au>', now() - interval '1095 days' * (1 - n::float8 / ${COUNTS.notifications}),
         CASE WHEN n % 50 <> 0 THEN now() - interval '1095 days' * (1 - n::float8 / ${COUNTS.notifications}) END
  FROM generate_series(1::bigint, ${COUNTS.notifications}) n`;

const AUDIT_SQL = `
  INSERT INTO audit_log (at, actor_kind, actor_id, actor_name, entity, entity_id, action, changes)
  SELECT now() - interval '1095 days' * (1 - n::float8 / ${COUNTS.audit}), 'user', NULL, 'staff' || (n % 12) || '@example.com.au',
         (ARRAY['booking', 'job', 'referral', 'rebate_entry'])[1 + n % 4], gen_random_uuid()::text, 'status_changed',
         jsonb_build_object('status', jsonb_build_object('before', 'new', 'after', 'contacted'))
  FROM generate_series(1::bigint, ${COUNTS.audit}) n`;

const connect = (dataDir) => connectTo(dataDir, 'bench-exports');

async function counts(db) {
  const [row] = (
    await db.query(`SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM referrals)::int AS referrals,
                           (SELECT count(*) FROM users WHERE email LIKE 'scale.plumber.%')::int AS plumbers, (SELECT count(*) FROM jobs)::int AS jobs,
                           (SELECT count(*) FROM rebate_entries)::int AS "rebateEntries", (SELECT count(*) FROM enquiries)::int AS enquiries,
                           (SELECT count(*) FROM notifications WHERE dedupe_key LIKE 'bench-%')::int AS notifications,
                           (SELECT count(*) FROM audit_log WHERE actor_name LIKE 'staff%')::int AS audit`)
  ).rows;
  return row;
}

async function seed(dataDir) {
  const started = performance.now();
  const { steps, timed } = seedSteps();
  const [a, b] = await Promise.all([connect(dataDir), connect(dataDir)]);
  try {
    for (const client of [a, b]) await client.query(SEED_SESSION);
    await a.query(`TRUNCATE bookings, referrals, jobs, enquiries, rebate_entries CASCADE`);
    await a.query(`DELETE FROM notifications WHERE dedupe_key LIKE 'bench-%'`);
    await a.query(`DELETE FROM users WHERE email LIKE 'scale.plumber.%'`);
    // The trail is append-only: a fresh seed starts from a fresh folder (--fresh), never by deleting entries.
    const passwordHash = await hash('exports plumber password 2026', { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await timed('plumbers', () => a.query(SQL.plumbers(passwordHash)));
    await Promise.all([
      (async () => {
        await timed('bookings', () => a.query(SQL.bookings));
        await timed('booking statuses', () => a.query(SQL.bookingStatuses));
        await timed('enquiries', () => a.query(ENQUIRIES_SQL));
        await timed('audit entries', () => a.query(AUDIT_SQL));
      })(),
      (async () => {
        await timed('referrals', () => b.query(SQL.referrals));
        await timed('rebate entries', () => b.query(REBATES_SQL));
        await timed('jobs', () => b.query(SQL.jobs));
        await timed('outbox', () => b.query(NOTIFICATIONS_SQL));
      })(),
    ]);
    for (const table of ['bookings', 'referrals', 'rebate_entries', 'jobs', 'enquiries', 'notifications', 'audit_log', 'users, profiles, user_roles']) {
      await timed(`vacuum ${table}`, () => a.query(`VACUUM (ANALYZE) ${table}`));
    }
    await timed('checkpoint', () => a.query('CHECKPOINT'));
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), steps };
}

/** Downloads one export, counting lines and sampling the server's memory; answers seconds, lines, MB and the RSS growth. */
async function download(product, auth, pathname, query = {}) {
  await sleep(500);
  const rss = () => product.rssKiB();
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
    const search = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])));
    const response = await fetch(`${product.url}/api${pathname}?${search}`, { headers: auth });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      if (!firstByteMs) firstByteMs = performance.now() - start;
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rss());
  return { seconds: (performance.now() - start) / 1000, lines, mib: bytes / 2 ** 20, firstByteMs, growthMb: (peak - before) / 1024 };
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────
ensureBuilt();
const report = createReport('exports');
const product = await startProduct({ name: 'exports', port: PORT, fresh: FRESH, env: { TZ_DISPLAY: 'Australia/Melbourne' } });
const seedFile = path.join(product.dataDir, 'exports-seed.json');
let db;
try {
  db = await connect(product.dataDir);
  const found = await counts(db);
  const matches = Object.entries(COUNTS).every(([name, count]) => found[name] === count);
  let seedInfo;
  if (matches && existsSync(seedFile)) {
    seedInfo = JSON.parse(readFileSync(seedFile, 'utf8'));
    console.log(`Seeding skipped: ${product.dataDir} already holds the data (seeded ${seedInfo.seededAt}; --fresh seeds again).`);
  } else {
    if (found.audit > 0) throw new Error(`${product.dataDir} holds part of an earlier seed: run again with --fresh`);
    console.log('Seeding a million rows per list...');
    seedInfo = { seededAt: new Date().toISOString(), ...(await seed(product.dataDir)) };
    writeFileSync(seedFile, `${JSON.stringify(seedInfo, null, 2)}\n`);
  }
  report.note(`seed: ${seedInfo.seconds} s, steps ${JSON.stringify(seedInfo.steps)}`);

  const { auth } = await adminSession(product);
  // Each list: everything, then a filter whose count the database gives.
  const lists = [
    {
      name: 'bookings',
      path: '/admin/bookings/export.csv',
      all: COUNTS.bookings,
      filter: { status: 'new' },
      sql: `SELECT count(*)::int AS n FROM bookings WHERE status = 'new'`,
    },
    {
      name: 'referrals',
      path: '/admin/referrals/export.csv',
      all: COUNTS.referrals,
      filter: { status: 'referred' },
      sql: `SELECT count(*)::int AS n FROM referrals WHERE status = 'referred'`,
    },
    {
      name: 'rebate entries',
      path: '/admin/rebates/export.csv',
      all: COUNTS.rebateEntries,
      filter: { state: 'approved' },
      sql: `SELECT count(*)::int AS n FROM rebate_entries WHERE state = 'approved'`,
    },
    {
      name: 'jobs',
      path: '/admin/jobs/export.csv',
      all: COUNTS.jobs,
      filter: { status: 'quoted', archived: false },
      sql: `SELECT count(*)::int AS n FROM jobs WHERE status = 'quoted' AND archived_at IS NULL`,
    },
    {
      name: 'enquiries',
      path: '/admin/enquiries/export.csv',
      all: COUNTS.enquiries,
      filter: { status: 'won' },
      sql: `SELECT count(*)::int AS n FROM enquiries WHERE status = 'won' AND archived_at IS NULL`,
    },
    {
      name: 'outbox',
      path: '/admin/notifications/export.csv',
      all: null,
      filter: { status: 'dead' },
      sql: `SELECT count(*)::int AS n FROM notifications WHERE status = 'dead'`,
    },
    {
      name: 'audit trail',
      path: '/admin/audit/export.csv',
      all: null,
      filter: { entity: 'job' },
      sql: `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'job'`,
    },
    { name: 'users', path: '/admin/users/export.csv', all: null, filter: { role: 'plumber' }, sql: null },
  ];
  // EXPORTS_ONLY=referrals,jobs times only those lists (while working on one).
  const only = process.env.EXPORTS_ONLY?.split(',').map((name) => name.trim());
  for (const list of lists.filter((item) => !only || only.includes(item.name))) {
    const everything = await download(product, auth, list.path);
    const rows = everything.lines - 1;
    const expected = list.all ?? rows;
    if (rows !== expected) throw new Error(`${list.name}: ${rows} rows exported, expected ${expected}`);
    const label = `CSV export of ${rows.toLocaleString('en-AU')} ${list.name}`;
    if (rows >= MILLION) {
      report.check(label, everything.seconds, 's', '<=', 20);
      report.check(`  server memory growth (peak RSS − before)`, everything.growthMb, 'MB', '<=', 150);
    } else {
      report.check(label, everything.seconds, 's');
    }
    report.note(
      `${list.name}: ${everything.mib.toFixed(0)} MiB, first byte after ${everything.firstByteMs.toFixed(0)} ms, RSS growth ${everything.growthMb.toFixed(1)} MB`,
    );
    const filtered = await download(product, auth, list.path, { filter: list.filter });
    const want = list.sql ? (await db.query(list.sql)).rows[0].n : filtered.lines - 1;
    report.check(`  filtered ${JSON.stringify(list.filter)}: rows as the database counts them`, filtered.lines - 1, '', '=', want);
    report.check(`  filtered export time`, filtered.seconds, 's');
  }
} finally {
  await db?.end().catch(() => undefined);
  await product.stop();
}
report.finish();
