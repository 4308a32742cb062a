// `npm run bench:availability` (issue 16, "Confirmed appointments", performance): real availability
// with 1,000,000 bookings, each holding its place of a slot (booking_slots), and a crowd racing for
// the last place of one slot. Seeds straight into the product's embedded PostgreSQL (server-side
// generate_series), then, against `npm start` (RATE_LIMITS=off, as every benchmark):
//   1. GET /api/availability?suburb=Parramatta NSW 2150&days=14, its answer first checked against SQL:
//      RUNS requests one at a time, then on 10 connections for DURATION s each: RATE requests a second
//      at a steady pace (busy, not full), and flat out (autocannon: the most it answers). p50/p95/p99,
//      req/s; budget p95 ≤ 20 ms one at a time and at RATE. The endpoint allows 60 requests a minute
//      per IP; for comparison, the same again with the limits on (TRUST_PROXY=true, each request from
//      its own X-Forwarded-For address: many customers, each under the limit, so every request pays
//      the counter's write and none is refused).
//   2. 200 POST /api/bookings at once for the last free place of one slot: exactly one 201, 199 × 409
//      SLOT_TAKEN, nothing stored for them, and the slot holds exactly its capacity of live places.
// Each timing waits for a quiet machine first (bench/uploads' rule) and reports the other work.
//
// The data: every region's open days (Monday to Saturday) over the last three years and the next 60
// days, each slot holding live places 1 … n (as bookings take them) with n drawn around a fill that
// is high in the past and falls from ~90 % tomorrow to a few percent two months out; about one place
// in five also has a cancelled booking whose released row is kept (as cancellations leave them).
// Capacities per slot are set through the console's API first, by region (NSW 30 … NT 2): the default
// of 2 per slot would hold 160 visits a day, a fifth of what a million bookings in three years need.
//
// A data folder seeded today with the same count is reused (bookings are dated from today);
// `npm run bench:availability -- --fresh` empties it and seeds again, timing the seed.
import autocannon from 'autocannon';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { adminSession, createReport, embeddedDatabaseUrl, ensureBuilt, machineCpu, percentile, quietMachine, sleep, startProduct, timeRuns } from './lib.mjs';
import { BOOKING_BRIEFS, FIRST_NAMES, HEARD_OPTIONS, LAST_NAMES, SLOT_TIMES, sqlArray, STREET_NAMES } from './seed-sql.mjs';

const FRESH = process.argv.includes('--fresh');
const PORT = 3321;
const BOOKINGS = 1_000_000;
const PAST_DAYS = 1_400; // more than the million needs: the oldest days are left out
const FUTURE_DAYS = 60;
const RUNS = Number(process.env.RUNS ?? 1_000);
const DURATION = Number(process.env.DURATION ?? 20);
const RATE = Number(process.env.RATE ?? 200);
const CONNECTIONS = 10;
const RACERS = 200;
const SUBURB = 'Parramatta NSW 2150';
const RACE_DOMAIN = 'race.bench.example.com';
/** Visits per slot, Monday to Saturday (Sunday stays closed, the default). */
const CAPACITY = { NSW: 30, VIC: 28, QLD: 20, WA: 10, SA: 8, TAS: 4, ACT: 4, NT: 2 };
const TIME_ZONES = {
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  WA: 'Australia/Perth',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  ACT: 'Australia/Canberra',
  NT: 'Australia/Darwin',
};
const REGIONS = Object.keys(CAPACITY);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONES.NSW }).format(new Date());

// ── the data ────────────────────────────────────────────────────────────────────────────────────
const FIRST = sqlArray(FIRST_NAMES);
const LAST = sqlArray(LAST_NAMES);
const STREETS = sqlArray(STREET_NAMES);
const BRIEFS = sqlArray(BOOKING_BRIEFS);
const SLOTS = sqlArray(SLOT_TIMES);
const HEARD = sqlArray(HEARD_OPTIONS);

/** A number in [0, 1) from text, the same on every run (a slot's fill, a place's cancellation). */
const unit = (text) => `((hashtext(${text})::bigint & 2147483647) / 2147483648.0)`;

// One row per booking to make: its region, day, slot and place, whether its place was released (a
// cancelled booking), when it was made and its status. The million is taken from the newest days
// back, so it ends in the oldest year. Places of a slot are 1 … taken, as the product hands them out
// (the first free one). Rows are numbered in the order the bookings arrived (created_at), the order
// they are inserted in.
const PLACES_SQL = `
  CREATE UNLOGGED TABLE bench_places AS
  WITH regions AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[]) AS r(region, capacity, time_zone)
  ), days AS (
    SELECT d::date AS day, d::date - $4::date AS ahead
    FROM generate_series($4::date + ${FUTURE_DAYS}, $4::date - ${PAST_DAYS}, interval '-1 day') d
    WHERE extract(isodow FROM d) <> 7
  ), cells AS (
    SELECT r.region, r.time_zone, d.day, d.ahead, s.slot, s.k,
           least(r.capacity, floor(r.capacity * greatest(0, least(1,
             CASE WHEN d.ahead <= 0 THEN 0.55 + 0.45 * u.u
                  ELSE 0.95 * exp(-d.ahead / 20.0) + (u.u - 0.5) * 0.5 END))))::int AS taken
    FROM days d CROSS JOIN regions r CROSS JOIN unnest(${SLOTS}) WITH ORDINALITY s(slot, k)
    CROSS JOIN LATERAL (SELECT ${unit(`r.region || d.day::text || s.slot`)} AS u) u
  ), places AS (
    SELECT c.region, c.time_zone, c.day, c.ahead, c.slot, p.place, x.released
    FROM cells c
    CROSS JOIN LATERAL generate_series(1, c.taken) p(place)
    CROSS JOIN LATERAL unnest(CASE WHEN ${unit(`c.region || c.day::text || c.slot || p.place`)} < (CASE WHEN c.ahead <= 0 THEN 0.2 ELSE 0.1 END)
                                   THEN ARRAY[true, false] ELSE ARRAY[false] END) x(released)
    ORDER BY c.day DESC, c.region, c.k, p.place, x.released DESC
    LIMIT ${BOOKINGS}
  ), drawn AS (
    SELECT pl.*, random() AS r, random() AS lead FROM places pl
  ), made AS (
    SELECT d.*, CASE WHEN d.ahead <= 0 THEN (d.day + time '07:00') AT TIME ZONE d.time_zone - (1 + 20 * d.lead) * interval '1 day'
                     ELSE now() - d.lead * interval '21 days' END AS created_at
    FROM drawn d
  )
  SELECT row_number() OVER (ORDER BY m.created_at) AS n, gen_random_uuid() AS booking_id, m.region, m.day, m.slot, m.place,
         (m.day + m.slot::time) AT TIME ZONE m.time_zone AS starts_at,
         m.created_at,
         CASE WHEN m.released THEN m.created_at + random() * (least(now(), (m.day + time '07:00') AT TIME ZONE m.time_zone) - m.created_at) END AS released_at,
         CASE WHEN m.released THEN 'cancelled'
              WHEN m.ahead < 0 THEN CASE WHEN m.r < 0.93 THEN 'completed' WHEN m.r < 0.97 THEN 'scheduled' ELSE 'contacted' END
              ELSE CASE WHEN m.r < 0.3 THEN 'new' WHEN m.r < 0.6 THEN 'contacted' ELSE 'scheduled' END END AS status
  FROM made m
  ORDER BY m.created_at`;

/** Localities of each state numbered 1 … n, to give every booking a real suburb of its region. */
const LOCALITIES_SQL = `
  CREATE TEMP TABLE bench_localities AS
  SELECT state, name, postcode, row_number() OVER (PARTITION BY state ORDER BY id) AS k, count(*) OVER (PARTITION BY state) AS total
  FROM localities WHERE state = ANY($1::text[])`;

const BOOKINGS_SQL = `
  INSERT INTO bookings (id, full_name, email, phone, address, suburb, state, postcode, preferred_date, preferred_time,
                        brief_description, how_heard_about_us, status, created_at, updated_at)
  SELECT s.booking_id, f.first || ' ' || f.last,
         lower(f.first) || '.' || lower(replace(f.last, '''', '')) || s.n || '@example.com',
         '04' || lpad(((s.n * 7919) % 100000000)::text, 8, '0'),
         (1 + s.n % 297) || ' ' || ${STREETS}[1 + (s.n * 11) % ${STREET_NAMES.length}],
         loc.name, s.region, loc.postcode, s.day, s.slot,
         ${BRIEFS}[1 + (s.n * 5) % ${BOOKING_BRIEFS.length}],
         CASE WHEN s.n % 7 = 0 THEN NULL ELSE ${HEARD}[1 + (s.n * 3) % ${HEARD_OPTIONS.length}] END,
         s.status, s.created_at, coalesce(s.released_at, s.created_at)
  FROM bench_places s
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (s.n * 7) % ${FIRST_NAMES.length}] AS first, ${LAST}[1 + (s.n * 31) % ${LAST_NAMES.length}] AS last) f
  JOIN (SELECT DISTINCT state, total FROM bench_localities) st ON st.state = s.region
  JOIN bench_localities loc ON loc.state = s.region AND loc.k = 1 + (s.n * 104729) % st.total`;

const SLOTS_SQL = `
  INSERT INTO booking_slots (booking_id, region, day, slot, place, starts_at, released_at, created_at)
  SELECT booking_id, region, day, slot, place, starts_at, released_at, created_at FROM bench_places`;

// ── the database ────────────────────────────────────────────────────────────────────────────────
async function connect(dataDir) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir), application_name: 'bench-availability' });
  await client.connect();
  return client;
}

async function counts(db) {
  const [row] = (await db.query(`SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM booking_slots)::int AS places`)).rows;
  return row;
}

/**
 * Runs `load` with a table's indexes and foreign keys set aside (but those named in `keep`), then
 * makes them again from their own definitions in the catalog, as a restore loads a table: each index
 * built once by sorting and each foreign key checked by one join, instead of a million index
 * insertions and a million row checks. In the caller's transaction: a failure leaves the table as
 * it was.
 */
async function withoutIndexes(db, table, keep, load) {
  const { rows: constraints } = await db.query(
    `SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'f') AND NOT conname = ANY($2::text[]) ORDER BY contype = 'f', conname`,
    [table, keep],
  );
  const { rows: indexes } = await db.query(
    `SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT i.relname = ANY($2::text[]) AND NOT EXISTS (SELECT FROM pg_constraint c WHERE c.conindid = i.oid)`,
    [table, keep],
  );
  for (const constraint of [...constraints].reverse()) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${constraint.name}`);
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  await load();
  for (const index of indexes) await db.query(index.definition);
  for (const constraint of constraints) await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${constraint.name} ${constraint.definition}`);
}

/** Seeds the bookings and their places (one transaction); answers the seconds. */
async function seed(db) {
  const started = performance.now();
  const steps = {};
  const timed = async (name, work) => {
    const start = performance.now();
    await work();
    steps[name] = +((performance.now() - start) / 1000).toFixed(1);
    console.log(`  seeded ${name} in ${steps[name]} s`);
  };
  await db.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '256MB'`);
  await db.query(`TRUNCATE bookings CASCADE`);
  await db.query(`DROP TABLE IF EXISTS bench_places`);
  await timed('places', () => db.query(PLACES_SQL, [REGIONS, REGIONS.map((region) => CAPACITY[region]), REGIONS.map((region) => TIME_ZONES[region]), today]));
  await db.query(`ANALYZE bench_places`);
  await db.query(LOCALITIES_SQL, [REGIONS]);
  await db.query(`ANALYZE bench_localities`);
  await db.query('BEGIN');
  try {
    // The status totals' row trigger counts a booking inserted past 'new' with one upsert each: in
    // one transaction, each upsert walks the row versions of all the earlier ones (a first try had
    // not inserted 200,000 after ten minutes). The seed counts them once instead, as the migration
    // that made the totals did, in the same transaction.
    await db.query(`ALTER TABLE bookings DISABLE TRIGGER booking_status_totals_insert`);
    // The bookings' primary key stays: other tables' foreign keys depend on it.
    await timed('bookings', () => withoutIndexes(db, 'bookings', ['bookings_pkey'], () => db.query(BOOKINGS_SQL)));
    await db.query(`ALTER TABLE bookings ENABLE TRIGGER booking_status_totals_insert`);
    await db.query(`DELETE FROM booking_status_totals`);
    await db.query(`INSERT INTO booking_status_totals (status, bookings) SELECT status, count(*) FROM bookings WHERE status <> 'new' GROUP BY status`);
    await timed('booking slots', () => withoutIndexes(db, 'booking_slots', [], () => db.query(SLOTS_SQL)));
    const [totals] = (
      await db.query(`SELECT count(*)::int AS wrong FROM (SELECT status, count(*) AS bookings FROM bookings WHERE status <> 'new' GROUP BY status) counted
                      FULL JOIN booking_status_totals kept USING (status) WHERE counted.bookings IS DISTINCT FROM kept.bookings`)
    ).rows;
    if (totals.wrong > 0) throw new Error('the booking status totals differ from the bookings');
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query(`DROP TABLE bench_places; DROP TABLE bench_localities`);
  // What autovacuum would have left (statistics, the visibility map for index-only scans), and the
  // seed's writes checkpointed (not flushed while requests are timed).
  await timed('vacuum', () => db.query(`VACUUM (ANALYZE) bookings, booking_slots`));
  await timed('checkpoint', () => db.query('CHECKPOINT'));
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), steps };
}

/** Live places per 'yyyy-MM-dd|8:00 AM' of a region's days, straight from SQL. */
async function takenFromSql(db, region, from, to) {
  const { rows } = await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') || '|' || slot AS key, count(*)::int AS taken
     FROM booking_slots WHERE region = $1 AND day BETWEEN $2::date AND $3::date AND released_at IS NULL GROUP BY 1`,
    [region, from, to],
  );
  return new Map(rows.map((row) => [row.key, row.taken]));
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────
/** Status, body and time of one request, on a keep-alive agent (so a crowd can be sent at once). */
function send(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.request(url, { method, agent, headers: body ? { 'content-type': 'application/json', ...headers } : headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: text, ms: performance.now() - start }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** autocannon at CONNECTIONS, flat out: the latencies it timed (ms), req/s, and answers other than 200. */
async function flatOut(url, headers, duration) {
  const latencies = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headers() } }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return { latencies, rps: result.requests.average, requests: result.requests.total, notOk: result.non2xx + result.errors + result.timeouts };
}

/**
 * One request every 1000 / `rate` ms for `duration` s, on at most CONNECTIONS connections, each timed
 * from when it was due (a request kept waiting by the ones before it counts its wait). autocannon's
 * own rate sends each second's share at once, then idles: bursts, not a steady load.
 */
async function paced(url, headers, duration, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const answers = [];
  let notOk = 0;
  const started = performance.now();
  for (let index = 0; index < duration * rate; index += 1) {
    const due = started + (index * 1000) / rate;
    if (due > performance.now()) await sleep(due - performance.now());
    answers.push(
      send(agent, url, { headers: headers() }).then((answer) => {
        latencies.push(performance.now() - due);
        if (answer.status !== 200) notOk += 1;
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return { latencies, rps: answers.length / ((performance.now() - started) / 1000), requests: answers.length, notOk };
}

/**
 * GET `url` RUNS times one at a time, then on CONNECTIONS connections: RATE requests a second, one
 * every 1000 / RATE ms (busy, not full), then flat out (the most it answers). p50/p95/p99 in ms and
 * req/s of each; answers other than 200 counted.
 */
async function timeAvailability(label, url, { headers = () => ({}), runs = RUNS, duration = DURATION } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let notOk = 0;
  const started = performance.now();
  const durations = await timeRuns(
    async () => {
      const answer = await send(agent, url, { headers: headers() });
      if (answer.status !== 200) notOk += 1;
    },
    { runs, warmup: 50 },
  );
  const sequentialSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const steady = await paced(url, headers, duration, RATE);
  const full = await flatOut(url, headers, duration);
  const figure = (latencies, rps) => ({ p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), rps });
  const figures = {
    sequential: figure(durations, (runs + 50) / sequentialSeconds),
    rated: figure(steady.latencies, steady.rps),
    flatOut: figure(full.latencies, full.rps),
    notOk: notOk + steady.notOk + full.notOk,
    requests: runs + 50 + steady.requests + full.requests,
  };
  for (const [name, { p50, p95, p99, rps }] of Object.entries({
    '1 connection': figures.sequential,
    [`${CONNECTIONS} connections, ${RATE} req/s`]: figures.rated,
    [`${CONNECTIONS} connections, flat out`]: figures.flatOut,
  })) {
    console.log(
      `  ${`${label}, ${name}`.padEnd(54)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`,
    );
  }
  return figures;
}

// ── the machine ─────────────────────────────────────────────────────────────────────────────────
/** The running product's process groups: npm start's (npm, node) and its PostgreSQL's (one of its own). */
function productGroups(product) {
  const groupOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
  const postmaster = Number(readFileSync(path.join(product.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return [groupOf(product.serverPid()), groupOf(postmaster)];
}

/** Cores other work took between two readings: the machine's busy time less the product's and this script's. */
const otherLoad = (before, after, ms) => (after.busy - before.busy - (after.ours - before.ours)) / ms;

/** Runs `work` once the machine is quiet (bench/uploads' rule); answers its result and the cores other work took meanwhile. */
async function onQuietMachine(report, product, work) {
  const groups = productGroups(product);
  await quietMachine(report, groups, otherLoad);
  const started = performance.now();
  const before = machineCpu(groups, [process.pid]);
  const result = await work();
  return { result, other: otherLoad(before, machineCpu(groups, [process.pid]), performance.now() - started) };
}

function racer(sequence, slot) {
  return JSON.stringify({
    name: `Racer ${sequence}`,
    email: `racer.${sequence}@${RACE_DOMAIN}`,
    phone: `04${String(10_000_000 + sequence).slice(0, 8)}`,
    suburb: SUBURB,
    address: `${1 + sequence} Church Street`,
    preferred_date: slot.date,
    preferred_time: slot.time,
    how_heard_about_us: 'Google Search',
    message: `Blocked sewer line, racer ${sequence} wants the last place of the slot.`,
  });
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────────
ensureBuilt();
const report = createReport('availability');
let product = await startProduct({ name: 'availability', port: PORT, fresh: FRESH });
const seedFile = path.join(product.dataDir, 'availability-seed.json');
const availabilityUrl = `${product.url}/api/availability?${new URLSearchParams({ suburb: SUBURB, days: '14' })}`;
let db;
try {
  db = await connect(product.dataDir);
  const admin = await adminSession(product);
  const capacity = Object.fromEntries(REGIONS.map((region) => [region, Object.fromEntries([1, 2, 3, 4, 5, 6].map((weekday) => [weekday, CAPACITY[region]]))]));
  const saved = await fetch(`${product.url}/api/admin/settings/availability`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...admin.auth },
    body: JSON.stringify({ capacity }),
  });
  if (!saved.ok) throw new Error(`availability settings: ${saved.status} ${await saved.text()}`);

  // Bookings a previous run's race left behind go first (their places with them).
  await db.query(`DELETE FROM bookings WHERE email LIKE $1`, [`%@${RACE_DOMAIN}`]);
  const found = await counts(db);
  const previous = existsSync(seedFile) ? JSON.parse(readFileSync(seedFile, 'utf8')) : undefined;
  let seedInfo;
  if (previous?.today === today && found.bookings === BOOKINGS && found.places === BOOKINGS) {
    seedInfo = previous;
    console.log(`Seeding skipped: ${product.dataDir} already holds today's data (seeded ${seedInfo.seededAt} in ${seedInfo.seconds} s; --fresh seeds again).`);
  } else {
    console.log(`Seeding ${BOOKINGS.toLocaleString('en-AU')} bookings and their places...`);
    const groups = productGroups(product);
    const started = performance.now();
    const before = machineCpu(groups, [process.pid]);
    const seeded = await seed(db);
    const otherCores = +otherLoad(before, machineCpu(groups, [process.pid]), performance.now() - started).toFixed(2);
    seedInfo = { seededAt: new Date().toISOString(), today, ...seeded, otherCores, counts: await counts(db) };
    writeFileSync(seedFile, `${JSON.stringify(seedInfo, null, 2)}\n`);
  }
  report.check(`seeding (${seedInfo === previous ? `last fresh seed, ${seedInfo.seededAt.slice(0, 16)}` : 'this run'})`, seedInfo.seconds, 's', '<=', 180);
  report.note(
    `seed steps (s): ${JSON.stringify(seedInfo.steps)}${seedInfo.otherCores === undefined ? '' : `; other work on the machine meanwhile: ${seedInfo.otherCores} cores`}`,
  );
  {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE day < $1::date)::int AS past, count(*) FILTER (WHERE day >= $1::date)::int AS upcoming,
              count(*) FILTER (WHERE released_at IS NOT NULL)::int AS released, min(day)::text AS first_day, max(day)::text AS last_day
       FROM booking_slots`,
      [today],
    );
    report.note(
      `places: ${rows[0].past.toLocaleString('en-AU')} past, ${rows[0].upcoming.toLocaleString('en-AU')} today and later, ${rows[0].released.toLocaleString('en-AU')} released (cancelled), ${rows[0].first_day} … ${rows[0].last_day}`,
    );
  }

  // 1. Availability: the answer is right before it is timed.
  const answer = await (await fetch(availabilityUrl)).json();
  const region = answer.region;
  const lastDay = answer.days.at(-1).date;
  const taken = await takenFromSql(db, region, answer.days[0].date, lastDay);
  let open = 0;
  let free = 0;
  let full = 0;
  let partly = 0;
  for (const day of answer.days) {
    const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
    if (day.open) open += 1;
    for (const slot of day.slots) {
      const count = taken.get(`${day.date}|${slot.time}`) ?? 0;
      if (day.open && slot.available !== count < CAPACITY[region]) throw new Error(`${day.date} ${slot.time}: available ${slot.available} with ${count} taken`);
      if (!day.open && slot.available) throw new Error(`${day.date} ${slot.time}: available on a closed day`);
      if (!day.open || weekday === 0) continue;
      if (slot.available) free += 1;
      if (count >= CAPACITY[region]) full += 1;
      else if (count > 0) partly += 1;
    }
  }
  const rowsInRange = [...taken.values()].reduce((sum, count) => sum + count, 0);
  report.note(
    `${SUBURB} (${region}, ${CAPACITY[region]} a slot), ${answer.days[0].date} … ${lastDay}: ${rowsInRange.toLocaleString('en-AU')} live places; ${open} open days, their slots ${free} free (${partly} partly full, ${free - partly} empty), ${full} full`,
  );

  console.log('timing GET /api/availability');
  const { result: off, other: offOther } = await onQuietMachine(report, product, () => timeAvailability('RATE_LIMITS=off', availabilityUrl));
  report.check('GET /api/availability, 14 days, 1 connection, p95', off.sequential.p95, 'ms', '<=', 20);
  report.check(`GET /api/availability, 14 days, ${CONNECTIONS} connections at ${RATE} req/s, p95`, off.rated.p95, 'ms', '<=', 20);
  report.check(`GET /api/availability, 14 days, ${CONNECTIONS} connections flat out, p95`, off.flatOut.p95, 'ms');
  report.check(`GET /api/availability, ${CONNECTIONS} connections flat out, requests/s`, off.flatOut.rps, 'req/s');
  report.check('GET /api/availability, answers other than 200', off.notOk, '', '<=', 0);
  report.note(
    `availability (RATE_LIMITS=off): p50 / p99 ${[off.sequential, off.rated, off.flatOut].map((figure) => `${figure.p50.toFixed(1)} / ${figure.p99.toFixed(1)}`).join(', ')} ms (1 connection, ${RATE} req/s, flat out); ${off.requests.toLocaleString('en-AU')} requests; other work on the machine meanwhile: ${offOther.toFixed(2)} cores`,
  );

  // 2. The last free place of one slot: the second open day (clear of the minimum notice moving at
  // the cut-off while the race runs), its first free time.
  const openDays = answer.days.filter((day) => day.open && day.slots.some((slot) => slot.available));
  const raceDay = openDays[1] ?? openDays[0];
  if (!raceDay) throw new Error(`no free slot in ${SUBURB}'s next 14 days`);
  const slot = { date: raceDay.date, time: raceDay.slots.find((candidate) => candidate.available).time };
  const livePlaces = async () =>
    (
      await db.query(`SELECT count(*)::int AS live FROM booking_slots WHERE region = $1 AND day = $2::date AND slot = $3 AND released_at IS NULL`, [
        region,
        slot.date,
        slot.time,
      ])
    ).rows[0].live;
  const agent = new http.Agent({ keepAlive: true, maxSockets: RACERS });
  let sequence = 0;
  const before = await livePlaces();
  for (let live = before; live < CAPACITY[region] - 1; live += 1) {
    const booked = await send(agent, `${product.url}/api/bookings`, { method: 'POST', body: racer((sequence += 1), slot) });
    if (booked.status !== 201) throw new Error(`filling ${slot.date} ${slot.time}: ${booked.status} ${booked.body}`);
  }
  if ((await livePlaces()) !== CAPACITY[region] - 1) throw new Error(`${slot.date} ${slot.time} should have one free place`);
  const { result: answers, other: raceOther } = await onQuietMachine(report, product, async () => {
    // Every racer's connection open first, so the 200 requests leave together.
    await Promise.all(Array.from({ length: RACERS }, () => send(agent, `${product.url}/api/health`)));
    return Promise.all(
      Array.from({ length: RACERS }, () => send(agent, `${product.url}/api/bookings`, { method: 'POST', body: racer((sequence += 1), slot) })),
    );
  });
  const raceMs = Math.max(...answers.map((reply) => reply.ms));
  agent.destroy();
  const created = answers.filter((reply) => reply.status === 201);
  const slotTaken = answers.filter((reply) => reply.status === 409 && JSON.parse(reply.body).code === 'SLOT_TAKEN');
  const others = answers.filter((reply) => !created.includes(reply) && !slotTaken.includes(reply));
  const offered = slotTaken.flatMap((reply) => JSON.parse(reply.body).nextSlots ?? []);
  const [stored] = (
    await db.query(`SELECT count(*)::int AS bookings FROM bookings WHERE email LIKE $1 AND preferred_date = $2::date AND preferred_time = $3`, [
      `%@${RACE_DOMAIN}`,
      slot.date,
      slot.time,
    ])
  ).rows;
  const raced = answers.map((reply) => reply.ms);
  report.note(
    `race for ${region} ${slot.date} ${slot.time} (capacity ${CAPACITY[region]}; ${before} places taken by the seed, ${CAPACITY[region] - 1 - before} by the product's API before the race); other work on the machine meanwhile: ${raceOther.toFixed(2)} cores`,
  );
  report.check(`${RACERS} bookings at once for the last place: 201`, created.length, '', '=', 1);
  report.check(`${RACERS} bookings at once for the last place: 409 SLOT_TAKEN`, slotTaken.length, '', '=', RACERS - 1);
  report.check(`${RACERS} bookings at once for the last place: other answers`, others.length, '', '=', 0);
  report.check(`live places of the slot after the race (its capacity: ${CAPACITY[region]})`, await livePlaces(), '', '=', CAPACITY[region]);
  report.check('bookings of the slot the race stored (one)', stored.bookings - (CAPACITY[region] - 1 - before), '', '=', 1);
  report.check(
    '409 answers offering the full slot among the next free ones',
    offered.filter((next) => next.date === slot.date && next.time === slot.time).length,
    '',
    '=',
    0,
  );
  report.check(`${RACERS} bookings at once: latency p50`, percentile(raced, 50), 'ms');
  report.check(`${RACERS} bookings at once: latency p95`, percentile(raced, 95), 'ms');
  report.check(`${RACERS} bookings at once: latency p99`, percentile(raced, 99), 'ms');
  report.check(`${RACERS} bookings at once: the last answer after`, raceMs, 'ms');
  if (others.length > 0) {
    const kinds = Map.groupBy(others, (reply) => `${reply.status} ${JSON.parse(reply.body).code ?? ''}`.trim());
    report.note(`other answers: ${[...kinds].map(([kind, replies]) => `${replies.length} × ${kind}`).join(', ')}`);
  }
  await db.query(`DELETE FROM bookings WHERE email LIKE $1`, [`%@${RACE_DOMAIN}`]);
  // The product's PostgreSQL stops with it.
  await db.end();
  db = undefined;

  // 3. For comparison, no budget: the same availability with the rate limits on, as in production.
  await product.stop();
  product = await startProduct({ name: 'availability', port: PORT, env: { RATE_LIMITS: 'on', TRUST_PROXY: 'true' } });
  let client = 0;
  const customer = () => {
    client += 1;
    return { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
  };
  console.log('timing GET /api/availability with the rate limits on');
  const { result: on, other: onOther } = await onQuietMachine(report, product, () =>
    timeAvailability('rate limits on', availabilityUrl, { headers: customer, runs: Math.min(RUNS, 500), duration: Math.min(DURATION, 10) }),
  );
  report.check('rate limits on (one client per request): 1 connection, p95', on.sequential.p95, 'ms');
  report.check(`rate limits on (one client per request): ${CONNECTIONS} connections at ${RATE} req/s, p95`, on.rated.p95, 'ms');
  report.check(`rate limits on (one client per request): ${CONNECTIONS} connections flat out, p95`, on.flatOut.p95, 'ms');
  report.check(`rate limits on (one client per request): ${CONNECTIONS} connections flat out, req/s`, on.flatOut.rps, 'req/s');
  report.check('rate limits on: answers other than 200 (429 included)', on.notOk, '', '<=', 0);
  report.note(
    `availability (rate limits on): p50 / p99 ${[on.sequential, on.rated, on.flatOut].map((figure) => `${figure.p50.toFixed(1)} / ${figure.p99.toFixed(1)}`).join(', ')} ms (1 connection, ${RATE} req/s, flat out); other work on the machine meanwhile: ${onOther.toFixed(2)} cores`,
  );
} finally {
  await db?.end().catch(() => undefined);
  await product.stop();
}
report.finish();
