// Issue 7 §2 "API under load": autocannon on loopback, 10 connections, 20 s per case, against
// `npm start` on the embedded database (RATE_LIMITS=off), beside two node:http + pg baselines in the
// same run (bench/baseline-server.mjs): the same SQL as the product ran before issue 13, and the
// minimal work of a hand-written server (issue 13 item 10a: one statement inserting a booking and its
// two outbox rows; one SELECT of a job by code). Cases:
//   POST /api/bookings (varied valid bodies), GET /api/job-status/:code over 10,000 jobs,
//   GET /api/admin/referrals (first page, filtered) as an admin.
// ROUNDS runs of every case (default 3); figures are medians over the rounds. After the run, every
// 201 must match exactly one booking row with exactly two queued e-mails.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import {
  adminSession,
  bookingBody,
  createReport,
  embeddedDatabaseUrl,
  ensureBuilt,
  loadBookableDays,
  median,
  openForLoad,
  root,
  startProduct,
} from './lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 20);
const CONNECTIONS = 10;
const JOBS = 10_000;
const OURS_PORT = 3300;
const BASELINE_PORT = 3301;

async function load(label, url, requests) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));
  const bad = result.errors + result.timeouts + result.non2xx;
  console.log(
    `  ${label.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${bad}  ${JSON.stringify(codes)}`,
  );
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, bad, codes };
}

async function seed(client) {
  // 10,000 jobs over every status, each with its status history, and 2,000 referrals for the staff list.
  await client.query(`
    INSERT INTO jobs (job_number, customer_name, customer_email, customer_phone, address, status, tracking_code, created_at, updated_at)
    SELECT 'BENCH-' || g, 'Customer' || g || ' Example', 'customer' || g || '@example.com.au', '0400000000', g || ' Bench Street',
           (ARRAY['booked','inspected','quoted','accepted','scheduled','completed'])[1 + g % 6],
           (ARRAY['booked','inspected','quoted','accepted','scheduled','completed'])[1 + g % 6] || '-bench' || g || '-' || md5(g::text),
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM generate_series(1, ${JOBS}) g`);
  await client.query(`
    INSERT INTO job_status_events (job_id, status, previous_status, customer_notified, created_at)
    SELECT j.id, s.status, NULL, false, j.created_at + (s.n || ' hours')::interval
    FROM jobs j CROSS JOIN LATERAL unnest(ARRAY['booked','inspected','quoted','accepted','scheduled','completed']) WITH ORDINALITY AS s(status, n)
    WHERE j.job_number LIKE 'BENCH-%' AND s.n <= array_position(ARRAY['booked','inspected','quoted','accepted','scheduled','completed'], j.status)`);
  await client.query(`
    INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_name, plumber_company, plumber_phone, plumber_email, urgency, description,
                           cleanview_rebate_amount_cents, reline_rebate_amount_cents, status, created_at)
    SELECT 'Client ' || g, '0400000000', g || ' Bench Road', 'Geelong', 'Plumber ' || (g % 50), 'Bench Plumbing', '0400111222', 'plumber' || (g % 50) || '@example.com.au',
           (ARRAY['low','medium','high','emergency'])[1 + g % 4], 'Blocked drain', 8000, 40000,
           (ARRAY['referred','cleanview_completed','reline_completed','rebate_paid'])[1 + g % 4], now() - (g || ' hours')::interval
    FROM generate_series(1, 2000) g`);
  const { rows } = await client.query(`SELECT tracking_code FROM jobs WHERE job_number LIKE 'BENCH-%'`);
  return rows.map((row) => row.tracking_code);
}

ensureBuilt();
const report = createReport('api');
const product = await startProduct({ name: 'api', port: OURS_PORT, fresh: true });
let baseline;
const db = new pg.Client(embeddedDatabaseUrl(product.dataDir));
try {
  await db.connect();
  // Tens of thousands of bookings: every slot takes the most staff can set, on open days only (issue 16).
  await openForLoad(db);
  await loadBookableDays();
  const codes = await seed(db);
  const admin = await adminSession(product);
  baseline = fork(path.join(root, 'bench', 'baseline-server.mjs'), {
    env: { ...process.env, PORT: String(BASELINE_PORT), DATABASE_URL: embeddedDatabaseUrl(product.dataDir) },
  });
  await new Promise((resolve, reject) => {
    baseline.once('message', resolve);
    baseline.once('exit', (code) => reject(new Error(`baseline exited ${code}`)));
  });

  let sequence = 0;
  const createdIds = [];
  const bookingRequests = (domain, ids) => [
    {
      method: 'POST',
      path: '/api/bookings',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      setupRequest: (request) => ({ ...request, body: bookingBody((sequence += 1), domain) }),
      onResponse: ids ? (status, body) => status === 201 && ids.push(JSON.parse(body).id) : undefined,
    },
  ];
  const minimalBookingRequests = (domain) => bookingRequests(domain).map((request) => ({ ...request, path: '/minimal/bookings' }));
  let pick = 0;
  const statusRequests = [
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/job-status/${codes[(pick = (pick + 7919) % codes.length)]}` }) },
  ];
  const minimalStatusRequests = [
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/minimal/job-status/${codes[(pick = (pick + 7919) % codes.length)]}` }) },
  ];
  const referralsPath = `/api/admin/referrals?filter=${encodeURIComponent('{"status":"referred"}')}&sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent('[0,4]')}`;

  const figures = { bookOurs: [], bookBase: [], bookMin: [], statusOurs: [], statusBase: [], statusMin: [], referrals: [] };
  // Warm-up (JIT, connection pools, caches), not counted.
  for (const [url, requests] of [
    [`http://127.0.0.1:${OURS_PORT}`, bookingRequests('bench-warm.example.com')],
    [`http://127.0.0.1:${BASELINE_PORT}`, bookingRequests('bench-warm.example.com')],
    [`http://127.0.0.1:${BASELINE_PORT}`, minimalBookingRequests('bench-warm.example.com')],
    [`http://127.0.0.1:${OURS_PORT}`, statusRequests],
    [`http://127.0.0.1:${BASELINE_PORT}`, statusRequests],
    [`http://127.0.0.1:${BASELINE_PORT}`, minimalStatusRequests],
    [`http://127.0.0.1:${OURS_PORT}${referralsPath}`, [{ method: 'GET', headers: admin.auth }]],
  ]) {
    await autocannon({ url, connections: CONNECTIONS, duration: 3, requests });
  }

  let created = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`round ${round} of ${ROUNDS}`);
    const ours = await load('POST /api/bookings (product)', `http://127.0.0.1:${OURS_PORT}`, bookingRequests('bench-ours.example.com', createdIds));
    created += ours.codes['201'] ?? 0;
    figures.bookOurs.push(ours);
    figures.bookBase.push(await load('POST /api/bookings (same-SQL baseline)', `http://127.0.0.1:${BASELINE_PORT}`, bookingRequests('bench-base.example.com')));
    figures.bookMin.push(
      await load('POST /api/bookings (minimal baseline)', `http://127.0.0.1:${BASELINE_PORT}`, minimalBookingRequests('bench-min.example.com')),
    );
    figures.statusOurs.push(await load('GET /api/job-status/:code (product)', `http://127.0.0.1:${OURS_PORT}`, statusRequests));
    figures.statusBase.push(await load('GET /api/job-status/:code (same-SQL baseline)', `http://127.0.0.1:${BASELINE_PORT}`, statusRequests));
    figures.statusMin.push(await load('GET /api/job-status/:code (minimal baseline)', `http://127.0.0.1:${BASELINE_PORT}`, minimalStatusRequests));
    figures.referrals.push(
      await load('GET /api/admin/referrals (product)', `http://127.0.0.1:${OURS_PORT}${referralsPath}`, [{ method: 'GET', headers: admin.auth }]),
    );
  }

  const med = (list, key) => median(list.map((item) => item[key]));
  const ratio = (ours, base) => median(ours.map((item, index) => item.rps / base[index].rps));
  // Budgets: issue 7 (≥ 0.5 × the same-SQL baseline) and issue 13 item 10a (≥ 0.4 × the minimal
  // baseline, p99 ≤ 50 ms at 10 connections). Ratios are per round (same run), then the median.
  for (const [label, ours, base, min] of [
    ['bookings', figures.bookOurs, figures.bookBase, figures.bookMin],
    ['job-status', figures.statusOurs, figures.statusBase, figures.statusMin],
  ]) {
    report.check(`${label}: product req/s (median)`, med(ours, 'rps'), 'req/s');
    report.check(`${label}: same-SQL baseline req/s (median)`, med(base, 'rps'), 'req/s');
    report.check(`${label}: minimal baseline req/s (median)`, med(min, 'rps'), 'req/s');
    report.check(`${label}: product ÷ same-SQL baseline (median of rounds)`, ratio(ours, base), '×', '>=', 0.5);
    report.check(`${label}: product ÷ minimal baseline (median of rounds)`, ratio(ours, min), '×', '>=', 0.4);
    report.check(`${label}: product p99 latency`, med(ours, 'p99'), 'ms', '<=', 50);
    report.check(`${label}: same-SQL / minimal baseline p99 latency`, `${med(base, 'p99')} / ${med(min, 'p99')}`, 'ms');
  }
  report.check('admin referrals list: product req/s (median)', med(figures.referrals, 'rps'), 'req/s');
  report.check('admin referrals list: product p99 latency', med(figures.referrals, 'p99'), 'ms', '<=', 50);
  const errors = [...figures.bookOurs, ...figures.statusOurs, ...figures.referrals].reduce((sum, item) => sum + item.bad, 0);
  report.check('product errors, timeouts and non-2xx (all cases)', errors, '', '<=', 0);

  // Every 201 is one booking row with exactly two queued e-mails. (A request still in flight when a
  // case ends may be stored without its 201 being seen: those rows are counted apart.)
  const {
    rows: [counts],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE b.id = ANY($1::uuid[]))::int AS answered,
            count(*) FILTER (WHERE b.id = ANY($1::uuid[]) AND n.emails <> 2)::int AS wrong,
            count(*) FILTER (WHERE NOT b.id = ANY($1::uuid[]))::int AS unanswered,
            coalesce(sum(n.emails) FILTER (WHERE b.id = ANY($1::uuid[])), 0)::int AS emails
     FROM bookings b
     LEFT JOIN LATERAL (SELECT count(*)::int AS emails FROM notifications WHERE entity_type = 'booking' AND entity_id = b.id::text) n ON true
     WHERE b.email LIKE '%@bench-ours.example.com'`,
    [createdIds],
  );
  const distinct = new Set(createdIds).size;
  report.check('201 answers without their own booking row', created - counts.answered + (createdIds.length - distinct), '', '<=', 0);
  report.check('bookings answered 201 without exactly two queued e-mails', counts.wrong, '', '<=', 0);
  report.check('bookings stored without a 201 (requests cut at the end of a case)', counts.unanswered, '', '<=', CONNECTIONS * ROUNDS);
  report.note(
    `${created.toLocaleString('en-AU')} bookings answered 201 (${distinct.toLocaleString('en-AU')} distinct ids), each one row with ${counts.emails.toLocaleString('en-AU')} e-mails queued in all`,
  );
  report.note(`${ROUNDS} rounds × ${DURATION} s per case, ${CONNECTIONS} connections; e-mails in preview mode (no SMTP_URL, the default of npm start)`);
} finally {
  await db.end().catch(() => undefined);
  baseline?.kill();
  await product.stop();
}
report.finish();
