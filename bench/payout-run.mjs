// `npm run bench:payout-run` (issue 18, performance): a whole payout run through the real API on real
// data, as staff do it. Seeds 5,000 plumbers with their payment details (bank details encrypted with
// the product's own FieldCipher and key), 20,000 referrals and 20,000 approved rebate entries due in
// the next 30 days straight into the product's embedded PostgreSQL, then, as the admin:
//  1. POST /api/admin/payout-runs {dueBefore: today + 60 days}: the run (payees, entries, left out);
//  2. GET /api/admin/payout-runs/:id: its detail;
//  3. PUT /api/admin/settings/payouts (the business's bank), then GET …/:id/aba: the file, read back
//     with parseAbaFile: 120-character records, one credit per plumber paid by direct deposit, the
//     BSBs and accounts seeded, totals to the cent. Budget: ≤ 5 s for the request, end to end;
//  4. POST …/:id/mark-paid: every entry paid, one RCTI per plumber rendered and stored, and a
//     remittance e-mail with it attached queued, in one transaction. Budget: ≤ 60 s for the request,
//     end to end. Checked afterwards by SQL (and once more: marking it paid again changes nothing).
// The server's resident memory is sampled every 100 ms throughout (peak reported, no budget). It
// waits for a quiet machine (bench/uploads' rule) before the timing and reports the other work.
// Port 3322, data folder .data/bench-payout-run.
//
// E-mail: preview mode (no SMTP_URL). The remittance e-mails are rendered and stored with their PDF
// in the same transaction as in production; the outbox sends nothing afterwards (sending happens
// after the commit and is not part of the request: bench/mail.mjs measures it).
//
// The plumbers (and their payment details) of a data folder seeded with the same counts are reused;
// `--fresh` empties the folder and seeds them again. The run's own data (referrals, rebate entries,
// payout runs and payments, remittance e-mails, stored RCTIs) is emptied and seeded again on every
// run: the ledger never un-pays an entry, so this is how each run starts from the same 20,000
// approved entries and nothing else approved.
import { Algorithm, hash } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { isValidAbn } from '@relining/contracts/site-content';
import { maskedAccountNumber, maskedBsb, RCTI_AGREEMENT } from '@relining/contracts/payout-rules';
import { adminSession, BENCH_ADMIN, createReport, embeddedDatabaseUrl, ensureBuilt, machineCpu, quietMachine, root, startProduct } from './lib.mjs';
import { BOOKING_BRIEFS, FIRST_NAMES, LAST_NAMES, sqlArray, STREET_NAMES } from './seed-sql.mjs';

const FRESH = process.argv.includes('--fresh');
const PORT = 3322;
const PLUMBERS = 5_000;
const REFERRALS_PER_PLUMBER = 4;
const REFERRALS = PLUMBERS * REFERRALS_PER_PLUMBER;
const ABA_BUDGET_MS = 5_000;
const MARK_PAID_BUDGET_MS = 60_000;
/** A fixed key (32 bytes, base64): the product encrypts and decrypts with it, and this script encrypts the seeded bank details with it. */
const PAYOUT_ENCRYPTION_KEY = createHash('sha256').update('bench/payout-run.mjs: payout encryption key').digest('base64');
const PLUMBER_EMAIL_PREFIX = 'payout.plumber.';
const PLUMBER_PASSWORD = 'payout plumber password 2026';
const BUSINESS_BANK = {
  bankMnemonic: 'CBA',
  bsb: '062-000',
  accountNumber: '10000001',
  accountName: 'Pipe Relining Australia',
  apcaUserId: '301500',
  remitterName: 'PIPE RELINING',
  balancingRecord: false,
};

const built = (file) => pathToFileURL(path.join(root, 'dist/src', file)).href;

// ── the plumbers ────────────────────────────────────────────────────────────────────────────────
// Plumber n (1..5,000): about 2% without an ABN (and no Statement by a Supplier: left out of the run),
// 5% paid by cheque, the rest by direct deposit; GST-registered about half (only with an ABN); every
// one has accepted the RCTI agreement, and no bank details changed in the last 48 hours.
const hasAbn = (n) => n % 50 !== 0;
const byCheque = (n) => n % 20 === 1;
const gstRegistered = (n) => hasAbn(n) && n % 2 === 0;
const bankOf = (n) => ({
  bsb: `${['062', '033', '083', '012', '484'][n % 5]}${String((n * 37) % 1000).padStart(3, '0')}`,
  accountNumber: String(10_000_000 + n),
});

/** An ABN passing the ATO's check: nine digits from n, then the two leading digits that make the weighted sum a multiple of 89. */
function abnOf(n) {
  const body = String(100_000_000 + ((n * 104_729) % 800_000_000));
  const weights = [3, 5, 7, 9, 11, 13, 15, 17, 19];
  const rest = [...body].reduce((sum, digit, index) => sum + Number(digit) * weights[index], 0);
  // (first digit − 1) × 10 + second digit × 1 takes every value 0..89: the one that completes the multiple.
  const lead = (89 - (rest % 89)) % 89;
  return `${Math.floor(lead / 10) + 1}${lead % 10}${body}`;
}

const TRADES = sqlArray(['Plumbing', 'Plumbing & Gas', 'Drainage', 'Plumbing Services', 'Pipe Solutions', 'Maintenance Plumbing', 'Hot Water & Plumbing']);
const FIRST = sqlArray(FIRST_NAMES);
const LAST = sqlArray(LAST_NAMES);
const STREETS = sqlArray(STREET_NAMES);
const BRIEFS = sqlArray(BOOKING_BRIEFS);

const PLUMBERS_SQL = (passwordHash) => `
  WITH numbered AS (
    SELECT n, ${FIRST}[1 + (n * 7) % ${FIRST_NAMES.length}] || ' ' || ${LAST}[1 + (n * 13) % ${LAST_NAMES.length}] AS full_name,
           now() - interval '400 days' + n * interval '1 minute' AS created_at
    FROM generate_series(1::bigint, ${PLUMBERS}) n
  ), inserted AS (
    INSERT INTO users (email, password_hash, email_verified_at, created_at, updated_at)
    SELECT '${PLUMBER_EMAIL_PREFIX}' || lpad(n::text, 5, '0') || '@example.com.au', '${passwordHash}', created_at, created_at, created_at
    FROM numbered ORDER BY n
    RETURNING id, email
  ), profiled AS (
    INSERT INTO profiles (user_id, full_name, business_name, phone)
    SELECT i.id, nb.full_name, CASE WHEN nb.n % 3 = 0 THEN split_part(nb.full_name, ' ', 2) || ' ' || ${TRADES}[1 + nb.n % 7] END,
           '04' || lpad(((nb.n * 7919) % 100000000)::text, 8, '0')
    FROM inserted i JOIN numbered nb ON i.email = '${PLUMBER_EMAIL_PREFIX}' || lpad(nb.n::text, 5, '0') || '@example.com.au'
  )
  INSERT INTO user_roles (user_id, role) SELECT id, 'plumber' FROM inserted`;

/** The plumbers as the database holds them: id, n (from the e-mail address), full name. */
async function plumbersOf(db) {
  const { rows } = await db.query(
    `SELECT u.id, substring(u.email from '${PLUMBER_EMAIL_PREFIX.replace(/\./g, '\\.')}(\\d+)@')::int AS n, p.full_name AS "fullName", u.email
     FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email LIKE '${PLUMBER_EMAIL_PREFIX}%' ORDER BY u.email`,
  );
  return rows;
}

/** Their payment details as the product stores them: BSB and account encrypted for their row and field, masked forms beside them. */
async function insertPaymentDetails(db, plumbers) {
  const { FieldCipher } = await import(built('common/crypto/field-cipher.js'));
  const { bankFieldContext } = await import(built('modules/users/payment-details.service.js'));
  const cipher = new FieldCipher(PAYOUT_ENCRYPTION_KEY);
  const columns = {
    userId: [],
    abn: [],
    gst: [],
    method: [],
    accountName: [],
    bsbEncrypted: [],
    accountEncrypted: [],
    bsbMasked: [],
    accountMasked: [],
    postal: [],
  };
  for (const { id, n, fullName } of plumbers) {
    const abn = hasAbn(n) ? abnOf(n) : null;
    if (abn && !isValidAbn(abn)) throw new Error(`seeded ABN ${abn} fails the check`);
    const cheque = byCheque(n);
    const bank = cheque ? null : bankOf(n);
    columns.userId.push(id);
    columns.abn.push(abn);
    columns.gst.push(gstRegistered(n));
    columns.method.push(cheque ? 'cheque' : 'direct_deposit');
    columns.accountName.push(cheque ? null : fullName.slice(0, 32));
    columns.bsbEncrypted.push(bank && cipher.encrypt(bank.bsb, bankFieldContext(id, 'bsb')));
    columns.accountEncrypted.push(bank && cipher.encrypt(bank.accountNumber, bankFieldContext(id, 'account')));
    columns.bsbMasked.push(bank && maskedBsb(bank.bsb));
    columns.accountMasked.push(bank && maskedAccountNumber(bank.accountNumber));
    columns.postal.push(cheque ? `PO Box ${n}, Geelong VIC 3220` : null);
  }
  // Bank details entered for the first time: their "changed at" is the epoch, as the product stores it (no hold).
  await db.query(
    `INSERT INTO plumber_payment_details (user_id, abn, gst_registered, payment_method, account_name, bsb_encrypted, account_number_encrypted,
                                          bsb_masked, account_number_masked, postal_address, bank_details_changed_at, rcti_accepted_at, rcti_version)
     SELECT d.user_id, d.abn, d.gst, d.method, d.account_name, d.bsb_encrypted, d.account_encrypted, d.bsb_masked, d.account_masked, d.postal,
            CASE WHEN d.bsb_encrypted IS NOT NULL THEN 'epoch'::timestamptz END, now() - interval '90 days', $11
     FROM unnest($1::uuid[], $2::text[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
          AS d (user_id, abn, gst, method, account_name, bsb_encrypted, account_encrypted, bsb_masked, account_masked, postal)`,
    [
      columns.userId,
      columns.abn,
      columns.gst,
      columns.method,
      columns.accountName,
      columns.bsbEncrypted,
      columns.accountEncrypted,
      columns.bsbMasked,
      columns.accountMasked,
      columns.postal,
      RCTI_AGREEMENT.version,
    ],
  );
}

// ── the run's data: referrals and their approved rebates ────────────────────────────────────────
// Four referrals per plumber. Every 50th is a reline (40,000 cents, due 30 days after the reline);
// the others a Clean & View (8,000 cents, due 15 days after it). Each is due within the next 30 days,
// approved, and the referral's fields say what its ledger says (as the pipeline keeps them).
const REFERRALS_SQL = `
  WITH plumbers AS (
    SELECT row_number() OVER (ORDER BY u.email) AS p, u.id, u.email, pr.full_name, pr.business_name, pr.phone
    FROM users u JOIN profiles pr ON pr.user_id = u.id WHERE u.email LIKE '${PLUMBER_EMAIL_PREFIX}%'
  )
  INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_id, plumber_name, plumber_company, plumber_phone, plumber_email,
                         urgency, description, notes, contact_client, service_clean_view, service_reline, status,
                         cleanview_rebate_amount_cents, cleanview_rebate_status, reline_rebate_amount_cents, reline_rebate_status,
                         cleanview_completed_at, reline_completed_at, source, created_at, updated_at)
  SELECT f.first || ' ' || f.last, '04' || lpad(((g.n * 6151) % 100000000)::text, 8, '0'),
         (1 + g.n % 297) || ' ' || ${STREETS}[1 + (g.n * 11) % ${STREET_NAMES.length}], loc.name,
         pl.id, pl.full_name, coalesce(pl.business_name, ''), pl.phone, pl.email,
         (ARRAY['low', 'medium', 'high', 'emergency'])[1 + g.n % 4],
         ${BRIEFS}[1 + (g.n * 5) % ${BOOKING_BRIEFS.length}],
         CASE WHEN g.n % 5 = 0 THEN 'Client prefers mornings' END,
         g.n % 10 <> 0, NOT t.reline, t.reline OR g.n % 3 = 0,
         CASE WHEN t.reline THEN 'reline_completed' ELSE 'cleanview_completed' END,
         8000, CASE WHEN t.reline THEN 'pending' ELSE 'approved' END,
         40000, CASE WHEN t.reline THEN 'approved' ELSE 'pending' END,
         CASE WHEN NOT t.reline THEN t.milestone_at END, CASE WHEN t.reline THEN t.milestone_at END,
         'dashboard', t.milestone_at - interval '10 days', t.milestone_at
  FROM generate_series(1::bigint, ${REFERRALS}) g(n)
  CROSS JOIN LATERAL (SELECT ${FIRST}[1 + (g.n * 17) % ${FIRST_NAMES.length}] AS first, ${LAST}[1 + (g.n * 29) % ${LAST_NAMES.length}] AS last) f
  CROSS JOIN LATERAL (SELECT g.n % 50 = 0 AS reline,
                             date_trunc('minute', now()) + (1 + (g.n * 7) % 29) * interval '1 day' + (g.n % 600) * interval '1 minute' AS due_at) d
  CROSS JOIN LATERAL (SELECT d.reline, d.due_at - CASE WHEN d.reline THEN interval '30 days' ELSE interval '15 days' END AS milestone_at) t
  JOIN plumbers pl ON pl.p = 1 + (g.n - 1) / ${REFERRALS_PER_PLUMBER}
  JOIN (SELECT row_number() OVER (ORDER BY id) AS k, name FROM localities) loc ON loc.k = 1 + (g.n * 7907) % (SELECT count(*) FROM localities)
  ORDER BY g.n`;

const ENTRIES_SQL = `
  INSERT INTO rebate_entries (referral_id, plumber_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at, change_reason)
  SELECT r.id, r.plumber_id, r.ref_number, r.plumber_name, k.kind,
         CASE k.kind WHEN 'reline' THEN r.reline_rebate_amount_cents ELSE r.cleanview_rebate_amount_cents END, 'approved', k.milestone_at,
         k.milestone_at + CASE k.kind WHEN 'reline' THEN interval '30 days' ELSE interval '15 days' END, 'Approved for payment'
  FROM referrals r
  CROSS JOIN LATERAL (SELECT CASE WHEN r.status = 'reline_completed' THEN 'reline' ELSE 'cleanview' END AS kind,
                             coalesce(r.reline_completed_at, r.cleanview_completed_at) AS milestone_at) k
  WHERE r.plumber_email LIKE '${PLUMBER_EMAIL_PREFIX}%'
  ORDER BY r.created_at`;

// ── the database ────────────────────────────────────────────────────────────────────────────────
async function connect(dataDir) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir), application_name: 'bench-payout-run' });
  await client.connect();
  return client;
}

async function counts(db) {
  const [row] = (
    await db.query(`SELECT (SELECT count(*) FROM users WHERE email LIKE '${PLUMBER_EMAIL_PREFIX}%')::int AS plumbers,
                           (SELECT count(*) FROM plumber_payment_details d JOIN users u ON u.id = d.user_id WHERE u.email LIKE '${PLUMBER_EMAIL_PREFIX}%')::int AS "paymentDetails"`)
  ).rows;
  return row;
}

async function timed(steps, name, work) {
  const start = performance.now();
  await work();
  steps[name] = +((performance.now() - start) / 1000).toFixed(1);
  console.log(`  seeded ${name} in ${steps[name]} s`);
}

/** The plumbers and their payment details, from empty (the run's data goes first: it references them). */
async function seedPlumbers(db, dataDir) {
  const started = performance.now();
  const steps = {};
  await emptyRunData(db, dataDir);
  await db.query(`DELETE FROM users WHERE email LIKE '${PLUMBER_EMAIL_PREFIX}%'`);
  const passwordHash = await hash(PLUMBER_PASSWORD, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await timed(steps, 'plumbers', () => db.query(PLUMBERS_SQL(passwordHash)));
  await timed(steps, 'payment details (encrypted)', async () => insertPaymentDetails(db, await plumbersOf(db)));
  await timed(steps, 'vacuum', () => db.query(`VACUUM (ANALYZE) users, profiles, user_roles, plumber_payment_details`));
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), steps };
}

/** Every payout run, payment, referral, rebate entry, remittance e-mail and stored RCTI of earlier runs gone (TRUNCATE: the ledger refuses a DELETE). */
async function emptyRunData(db, dataDir) {
  await db.query(`TRUNCATE payout_payments, payout_run_entries, payout_runs, rebate_entry_events, rebate_entries, referral_events, referrals CASCADE`);
  await db.query(`DELETE FROM notifications WHERE template_key IN ('payout_remittance', 'referral_status_changed')`);
  rmSync(path.join(dataDir, 'uploads', 'payouts'), { recursive: true, force: true });
}

/** This run's referrals and approved entries, from empty. */
async function seedRunData(db, dataDir) {
  const started = performance.now();
  const steps = {};
  await timed(steps, 'empty the last run', () => emptyRunData(db, dataDir));
  await timed(steps, 'referrals', () => db.query(REFERRALS_SQL));
  await timed(steps, 'rebate entries', () => db.query(ENTRIES_SQL));
  await timed(steps, 'vacuum', () => db.query(`VACUUM (ANALYZE) referrals, rebate_entries, rebate_entry_events, rebate_totals, notifications`));
  await timed(steps, 'checkpoint', () => db.query('CHECKPOINT'));
  return { seconds: +((performance.now() - started) / 1000).toFixed(1), steps };
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────
/** One request, end to end (the whole answer read); node:http, so no client timeout cuts a long request short. */
function call(method, url, { headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { ...headers, ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A request timed end to end; throws unless it answers `expected`. */
async function timedCall(method, url, options, expected = 200) {
  const start = performance.now();
  const answer = await call(method, url, options);
  const ms = performance.now() - start;
  if (answer.status !== expected) throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return { ...answer, ms };
}

async function login(url) {
  const answer = await call('POST', `${url}/api/auth/login`, { body: BENCH_ADMIN });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`admin login failed: ${answer.status} ${answer.text}`);
  return { authorization: `Bearer ${JSON.parse(answer.text).accessToken}` };
}

// ── memory ──────────────────────────────────────────────────────────────────────────────────────
/** Samples the server's resident memory every 100 ms; `phase()` starts a new peak, `peak` and `overall` answer MB. */
function rssSampler(pid) {
  const read = () => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  const start = read();
  let overall = start;
  let phasePeak = start;
  const timer = setInterval(() => {
    const now = read();
    overall = Math.max(overall, now);
    phasePeak = Math.max(phasePeak, now);
  }, 100);
  return {
    start,
    now: read,
    phase() {
      phasePeak = read();
    },
    get peak() {
      return Math.max(phasePeak, read());
    },
    get overall() {
      return Math.max(overall, read());
    },
    stop: () => clearInterval(timer),
  };
}

/** The product's process groups: npm start's (npm, node) and its PostgreSQL's (one of its own). */
function productGroups(product) {
  const groupOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
  const postmaster = Number(readFileSync(path.join(product.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return [groupOf(product.serverPid()), groupOf(postmaster)];
}
const otherLoad = (before, after, ms) => (after.busy - before.busy - (after.ours - before.ours)) / ms;

// ── the run ─────────────────────────────────────────────────────────────────────────────────────
ensureBuilt();
const { parseAbaFile } = await import(built('modules/payouts/aba-file.js'));
const report = createReport('payout-run');
const product = await startProduct({ name: 'payout-run', port: PORT, fresh: FRESH, env: { PAYOUT_ENCRYPTION_KEY } });
const seedFile = path.join(product.dataDir, 'payout-run-seed.json');
let db;
let memory;
try {
  db = await connect(product.dataDir);

  // The plumbers: reused when the folder holds them.
  const found = await counts(db);
  const previous = existsSync(seedFile) ? JSON.parse(readFileSync(seedFile, 'utf8')) : undefined;
  let plumberSeed;
  if (previous && previous.key === PAYOUT_ENCRYPTION_KEY && found.plumbers === PLUMBERS && found.paymentDetails === PLUMBERS) {
    plumberSeed = previous;
    console.log(`Plumbers reused: ${product.dataDir} already holds them (seeded ${previous.seededAt} in ${previous.seconds} s; --fresh seeds again).`);
  } else {
    console.log(`Seeding ${PLUMBERS.toLocaleString('en-AU')} plumbers with their payment details...`);
    plumberSeed = { seededAt: new Date().toISOString(), key: PAYOUT_ENCRYPTION_KEY, ...(await seedPlumbers(db, product.dataDir)) };
    writeFileSync(seedFile, `${JSON.stringify(plumberSeed, null, 2)}\n`);
  }
  console.log(`Seeding ${REFERRALS.toLocaleString('en-AU')} referrals and their approved rebates (every run)...`);
  const runSeed = await seedRunData(db, product.dataDir);
  report.check(
    `seeding the plumbers (${plumberSeed === previous ? `last fresh seed, ${plumberSeed.seededAt.slice(0, 16)}` : 'this run'})`,
    plumberSeed.seconds,
    's',
  );
  report.check('seeding the referrals and approved entries (every run)', runSeed.seconds, 's', '<=', 180);
  report.note(`seed steps (s): plumbers ${JSON.stringify(plumberSeed.steps)}; run ${JSON.stringify(runSeed.steps)}`);

  // What the run should hold, from the database (nothing else is approved).
  const plumbers = await plumbersOf(db);
  const nOf = new Map(plumbers.map((plumber) => [plumber.id, plumber.n]));
  const {
    rows: [ledger],
  } = await db.query(`SELECT count(*)::int AS entries, count(*) FILTER (WHERE state = 'approved')::int AS approved,
                             count(*) FILTER (WHERE kind = 'reline')::int AS relines, max(due_at) < now() + interval '31 days' AS "dueIn30Days"
                      FROM rebate_entries`);
  if (ledger.entries !== REFERRALS || ledger.approved !== REFERRALS || !ledger.dueIn30Days) throw new Error(`ledger not as seeded: ${JSON.stringify(ledger)}`);
  const leftOut = plumbers.filter(({ n }) => !hasAbn(n)).length;
  const payable = PLUMBERS - leftOut;
  const byDeposit = plumbers.filter(({ n }) => hasAbn(n) && !byCheque(n)).length;
  report.note(
    `the ledger: ${ledger.approved.toLocaleString('en-AU')} approved entries (${ledger.relines} relines), ${PLUMBERS.toLocaleString('en-AU')} plumbers: ` +
      `${leftOut} without an ABN, ${plumbers.filter(({ n }) => byCheque(n)).length} by cheque, ${byDeposit.toLocaleString('en-AU')} by direct deposit`,
  );

  await adminSession(product);
  const base = product.url;
  const groups = productGroups(product);
  await quietMachine(report, groups, otherLoad);
  memory = rssSampler(product.serverPid());
  const cpuBefore = machineCpu(groups, [process.pid]);
  const timedStart = performance.now();
  report.check('server memory before the run (RSS)', Math.round(memory.start), 'MB');

  // 1. The run.
  let auth = await login(base);
  const dueBefore = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  memory.phase();
  const created = await timedCall('POST', `${base}/api/admin/payout-runs`, { headers: auth, body: { dueBefore } }, 201);
  const run = JSON.parse(created.text);
  const createPeak = memory.peak;
  const excluded = new Set(run.warnings.filter((warning) => warning.excluded).map((warning) => warning.plumberId));
  report.check(`POST /api/admin/payout-runs (dueBefore ${dueBefore}): the draft run, end to end`, Math.round(created.ms), 'ms');
  report.check('  payees in the run', run.payees.length, '', '=', payable);
  report.check('  entries in the run', run.entries.length, '', '=', payable * REFERRALS_PER_PLUMBER);
  report.check('  plumbers left out (no ABN)', excluded.size, '', '=', leftOut);
  report.note(
    `run ${run.number}: ${run.payees.length} payees, ${run.entries.length} entries, $${(run.totalCents / 100).toFixed(2)}; answer ${Math.round(created.text.length / 1024)} KiB`,
  );

  // 2. Its detail.
  memory.phase();
  const detailAnswer = await timedCall('GET', `${base}/api/admin/payout-runs/${run.id}`, { headers: auth });
  const detail = JSON.parse(detailAnswer.text);
  report.check('GET /api/admin/payout-runs/:id: the detail, end to end', Math.round(detailAnswer.ms), 'ms');
  if (detail.payees.length !== run.payees.length || detail.totalCents !== run.totalCents) throw new Error('the detail differs from the run made');

  // 3. The business's bank, then the ABA file.
  const settings = await timedCall('PUT', `${base}/api/admin/settings/payouts`, { headers: auth, body: BUSINESS_BANK });
  report.check("PUT /api/admin/settings/payouts (the business's bank)", Math.round(settings.ms), 'ms');
  memory.phase();
  const aba = await timedCall('GET', `${base}/api/admin/payout-runs/${run.id}/aba`, { headers: auth });
  const abaPeak = memory.peak;
  report.check('GET /api/admin/payout-runs/:id/aba: the ABA file, end to end', Math.round(aba.ms), 'ms', '<=', ABA_BUDGET_MS);
  {
    const lines = aba.text.split('\r\n');
    if (lines.at(-1) === '') lines.pop();
    const file = parseAbaFile(aba.text); // refuses any record not 120 characters long
    const deposits = detail.payees.filter((payee) => payee.payable && payee.paymentMethod === 'direct_deposit');
    const expectedCents = deposits.reduce((sum, payee) => sum + payee.amountCents, 0);
    // Each credit is the seeded BSB and account of a plumber paid by direct deposit, for their total: decrypted with the same key.
    const expected = new Map(
      deposits.map((payee) => {
        const bank = bankOf(nOf.get(payee.plumberId));
        return [`${bank.bsb.slice(0, 3)}-${bank.bsb.slice(3)} ${bank.accountNumber}`, payee.amountCents];
      }),
    );
    const matching = file.records.filter(
      (record) => record.transactionCode === 50 && expected.get(`${record.bsb} ${record.accountNumber}`) === record.amountCents,
    );
    report.check('  records not 120 characters long', lines.filter((line) => line.length !== 120).length, '', '=', 0);
    report.check('  credits = payees paid by direct deposit', file.records.length, '', '=', byDeposit);
    report.check(
      "  credits matching a payee's seeded BSB, account and total",
      new Set(matching.map((r) => `${r.bsb} ${r.accountNumber}`)).size,
      '',
      '=',
      byDeposit,
    );
    report.check('  count in the totals record', file.footer.count, '', '=', byDeposit);
    report.check("  credit total − the direct-deposit payees' sum", file.footer.creditTotalCents - expectedCents, 'cents', '=', 0);
    report.check('  net total − credit total (no balancing record)', file.footer.netTotalCents - file.footer.creditTotalCents, 'cents', '=', 0);
    report.note(
      `ABA file ${aba.headers['content-disposition']}: ${lines.length} records, ${Math.round(aba.text.length / 1024)} KiB, $${(expectedCents / 100).toFixed(2)}`,
    );
  }

  // 4. Marked paid: the RCTIs, the payments, the e-mails, in one transaction.
  auth = await login(base);
  memory.phase();
  const paid = await timedCall('POST', `${base}/api/admin/payout-runs/${run.id}/mark-paid`, { headers: auth });
  const markPaidPeak = memory.peak;
  const paidRun = JSON.parse(paid.text);
  report.check(
    `POST /api/admin/payout-runs/:id/mark-paid: ${payable.toLocaleString('en-AU')} RCTIs, end to end`,
    Math.round(paid.ms),
    'ms',
    '<=',
    MARK_PAID_BUDGET_MS,
  );
  report.check('  per plumber paid', +(paid.ms / payable).toFixed(2), 'ms');
  const cpuAfter = machineCpu(groups, [process.pid]);
  const otherCores = otherLoad(cpuBefore, cpuAfter, performance.now() - timedStart);

  // Checked by SQL.
  const {
    rows: [state],
  } = await db.query(
    `WITH paid AS (SELECT plumber_id FROM payout_payments WHERE run_id = $1),
          mails AS (SELECT * FROM notifications WHERE template_key = 'payout_remittance' AND entity_type = 'payout_run' AND entity_id = $1::text)
     SELECT (SELECT status FROM payout_runs WHERE id = $1) AS status,
            (SELECT count(*) FROM paid)::int AS payments,
            (SELECT count(DISTINCT plumber_id) FROM paid)::int AS "paidPlumbers",
            (SELECT count(*) FROM rebate_entries WHERE plumber_id IN (SELECT plumber_id FROM paid))::int AS "entriesOfPaid",
            (SELECT count(*) FROM rebate_entries WHERE plumber_id IN (SELECT plumber_id FROM paid) AND state = 'paid')::int AS "paidEntriesOfPaid",
            (SELECT count(*) FROM rebate_entries WHERE state = 'paid')::int AS "paidEntries",
            (SELECT coalesce(sum(amount_cents), 0) FROM payout_payments WHERE run_id = $1)::bigint AS "paymentCents",
            (SELECT coalesce(sum(amount_cents), 0) FROM rebate_entries WHERE state = 'paid')::bigint AS "paidCents",
            (SELECT count(*) FROM referrals r JOIN rebate_entries e ON e.referral_id = r.id
              WHERE e.state = 'paid' AND (CASE e.kind WHEN 'reline' THEN r.reline_rebate_status ELSE r.cleanview_rebate_status END) <> 'paid')::int AS "referralsBehind",
            (SELECT count(*) FROM referral_events v JOIN rebate_entries e ON e.referral_id = v.referral_id AND e.state = 'paid'
              WHERE v.kind = 'rebate' AND v.from_value = 'approved'
                AND v.to_value = e.kind || ' ' || to_char(e.amount_cents / 100.0, 'FM999990.00') || ' paid: Paid in payout run ' || $2)::int AS "historyLines",
            (SELECT count(*) FROM (SELECT kind, state, count(*) AS entries, sum(amount_cents) AS cents FROM rebate_entries GROUP BY 1, 2) live
              FULL JOIN (SELECT * FROM rebate_totals WHERE entries <> 0 OR cents <> 0) kept USING (kind, state)
              WHERE live.entries IS DISTINCT FROM kept.entries OR live.cents IS DISTINCT FROM kept.cents)::int AS "totalsOff",
            (SELECT count(*) FROM mails)::int AS mails,
            (SELECT count(*) FROM mails m JOIN users u ON lower(u.email) = lower(m.to_address) JOIN paid p ON p.plumber_id = u.id)::int AS "mailsToPaid",
            (SELECT count(*) FROM mails WHERE jsonb_array_length(attachments) = 1 AND attachments -> 0 ->> 'contentType' = 'application/pdf'
                AND substring(decode(attachments -> 0 ->> 'content', 'base64') FROM 1 FOR 5) = '%PDF-'::bytea)::int AS "mailsWithOnePdf",
            (SELECT coalesce(sum(length(attachments -> 0 ->> 'content')), 0) FROM mails)::bigint AS "attachmentBase64Bytes"`,
    [run.id, run.number],
  );
  const rctiDir = path.join(product.dataDir, 'uploads', 'payouts', run.id);
  const rctiFiles = existsSync(rctiDir) ? readdirSync(rctiDir).filter((name) => name.endsWith('.pdf')).length : 0;
  report.check('  run status', state.status, '', '=', 'paid');
  report.check('  payout_payments rows (one per plumber paid)', state.payments, '', '=', payable);
  report.check('  plumbers paid (distinct)', state.paidPlumbers, '', '=', payable);
  report.check("  paid plumbers' entries not paid", state.entriesOfPaid - state.paidEntriesOfPaid, '', '=', 0);
  report.check('  entries paid in all (4 per plumber paid)', state.paidEntries, '', '=', payable * REFERRALS_PER_PLUMBER);
  report.check("  payments' total − the paid entries' total", Number(state.paymentCents) - Number(state.paidCents), 'cents', '=', 0);
  report.check('  referrals whose rebate field does not say paid', state.referralsBehind, '', '=', 0);
  report.check("  referral history lines of the payments ('cleanview 80.00 paid: …')", state.historyLines, '', '=', payable * REFERRALS_PER_PLUMBER);
  report.check('  rebate_totals rows differing from the entries summed', state.totalsOff, '', '=', 0);
  report.check("  'payout_remittance' e-mails of the run", state.mails, '', '=', payable);
  report.check('  … addressed to a plumber paid', state.mailsToPaid, '', '=', payable);
  report.check('  … with exactly one PDF attached', state.mailsWithOnePdf, '', '=', payable);
  report.check('  RCTI files stored', rctiFiles, '', '=', payable);
  report.note(
    `mark-paid answered ${paidRun.status} with ${paidRun.payees.filter((payee) => payee.paid).length} payees paid; RCTIs ${Math.round((Number(state.attachmentBase64Bytes) * 3) / 4 / 1024 / 1024)} MiB attached`,
  );

  report.check('server memory, peak RSS while the run was made', Math.round(createPeak), 'MB');
  report.check('server memory, peak RSS during the ABA file', Math.round(abaPeak), 'MB');
  report.check('server memory, peak RSS during mark-paid', Math.round(markPaidPeak), 'MB');
  report.check('server memory, growth during mark-paid (peak − before the run)', Math.round(markPaidPeak - memory.start), 'MB');
  report.note(`other work on the machine from the run to mark-paid: ${otherCores.toFixed(2)} cores`);

  // Marked paid again: nothing changes.
  const again = await timedCall('POST', `${base}/api/admin/payout-runs/${run.id}/mark-paid`, { headers: auth });
  const {
    rows: [after],
  } = await db.query(
    `SELECT (SELECT count(*) FROM payout_payments)::int AS payments, (SELECT count(*) FROM notifications WHERE template_key = 'payout_remittance')::int AS mails`,
  );
  report.check('mark-paid again (changes nothing), end to end', Math.round(again.ms), 'ms');
  report.check('  payments and e-mails after it', after.payments + after.mails, '', '=', 2 * payable);
  memory.stop();
  report.finish({ plumbers: PLUMBERS, referrals: REFERRALS, seed: { plumbers: plumberSeed, run: runSeed }, otherCores: +otherCores.toFixed(2) });
} finally {
  memory?.stop();
  await db?.end().catch(() => undefined);
  await product.stop();
}
