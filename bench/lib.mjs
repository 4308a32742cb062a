// Shared helpers of the benchmarks: start the product, measure, and print each figure beside its
// budget with PASS/FAIL. Every script also writes its figures to bench/results/<name>.json, which
// `npm run bench` gathers.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(root, 'bench', 'results');

export const BENCH_ADMIN = { email: 'bench-admin@example.com.au', password: 'bench admin password 2026' };

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/**
 * A benchmark's report: `check(name, value, unit, op, limit)` records a figure against its budget
 * (op '<=', '>=', or '=' for an exact count; limit null for a figure without a budget), `finish()`
 * prints the table, writes bench/results/<bench>.json and sets the exit code (1 if any budget failed).
 */
export function createReport(bench) {
  const rows = [];
  const notes = [];
  return {
    check(name, value, unit = '', op = null, limit = null) {
      const pass = op === null || limit === null ? null : op === '<=' ? value <= limit : op === '=' ? value === limit : value >= limit;
      rows.push({ name, value, unit, op, limit, pass });
      const figure = `${format(value)}${unit ? ` ${unit}` : ''}`;
      const budget = op ? `${op} ${format(limit)}${unit ? ` ${unit}` : ''}` : '';
      console.log(`  ${pass === null ? '     ' : pass ? 'PASS ' : 'FAIL '} ${name.padEnd(58)} ${figure.padStart(14)}  ${budget}`);
      return pass !== false;
    },
    note(text) {
      notes.push(text);
      console.log(`  note: ${text}`);
    },
    finish(extra = {}) {
      mkdirSync(resultsDir, { recursive: true });
      const failed = rows.filter((row) => row.pass === false).length;
      writeFileSync(path.join(resultsDir, `${bench}.json`), `${JSON.stringify({ bench, machine: machine(), rows, notes, ...extra }, null, 2)}\n`);
      console.log(`${bench}: ${rows.filter((row) => row.pass).length} passed, ${failed} failed`);
      if (failed > 0) process.exitCode = 1;
      return failed === 0;
    },
  };
}

function format(value) {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-AU');
  return value.toLocaleString('en-AU', { maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1 });
}

/** Builds what is stale (server, site, console) before anything is timed. */
export function ensureBuilt() {
  const result = spawnSync(process.execPath, ['-e', "import('./scripts/build-if-stale.mjs').then((m) => m.buildIfStale())"], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}

/**
 * Starts the product with `npm start` on its own data folder and port, waits for /api/health, and
 * returns { url, pid, stop, kill, serverPid, rssKiB }. `fresh: true` empties the data folder first.
 * Logging stays at its default (info, one line per request, to a discarded stdout), as in
 * production; `logFile` keeps stdout (the JSON log lines) in that file instead, appended.
 */
export async function startProduct({ name, port, env = {}, fresh = false, command = ['npm', ['start']], logFile }) {
  const dataDir = path.join(root, '.data', `bench-${name}`);
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const stdout = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(command[0], command[1], {
    cwd: root,
    detached: true,
    stdio: ['ignore', stdout, 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RATE_LIMITS: 'off', DEMO_DATA: 'false', ...env },
  });
  if (typeof stdout === 'number') closeSync(stdout); // the child has its own copy
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`product exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`product did not start: ${stderr}`);
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  /** The server process: the node listening on the port, not npm's wrappers. */
  const serverPid = () => {
    const listening = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout;
    const pid = /pid=(\d+)/.exec(listening)?.[1];
    if (!pid) throw new Error(`no process listens on port ${port}`);
    return Number(pid);
  };
  return {
    url,
    dataDir,
    readyMs,
    serverPid,
    /** The server process's resident memory in KiB. */
    rssKiB() {
      return Number(readFileSync(`/proc/${serverPid()}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
    },
    /** Kills npm and the server at once (SIGKILL: no shutdown hook runs), as a crash would. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Creates (or resets) the benchmarks' admin in a product's data folder and signs it in. */
export async function adminSession(product) {
  const result = spawnSync(process.execPath, ['scripts/cli.mjs', 'admin-create', '--email', BENCH_ADMIN.email, '--password', BENCH_ADMIN.password], {
    cwd: root,
    env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin-create failed: ${result.stderr}`);
  const response = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  const session = await response.json();
  return { token: session.accessToken, auth: { authorization: `Bearer ${session.accessToken}` } };
}

/** Times `fn` `runs` times (after `warmup` untimed runs); answers the durations in ms. */
export async function timeRuns(fn, { runs = 50, warmup = 5 } = {}) {
  for (let i = 0; i < warmup; i += 1) await fn(i);
  const durations = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn(i);
    durations.push(performance.now() - start);
  }
  return durations;
}

/** The whole machine's CPU time so far (ms, all cores), and that of the processes in `groups` (process group ids) and `pids`. */
export function machineCpu(groups, pids) {
  const ticks = 1000 / 100; // USER_HZ
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user + nice + system: what processes ran. Interrupts (loopback traffic is ours too) and the
  // hypervisor's steal are not any process's, and are reported apart.
  const busy = (fields[0] + fields[1] + fields[2]) * ticks;
  const steal = fields[7] * ticks;
  let ours = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (groups.includes(Number(rest[2])) || pids.includes(Number(pid)))
        ours += (Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14])) * ticks;
    } catch {
      // the process ended
    }
  }
  return { busy, ours, steal };
}

/**
 * Waits (at most QUIET_WAIT seconds, default 600) until other work on the machine takes under a
 * quarter of a core over 10 s: figures taken beside another project's build say little. `groups`:
 * the product's process group id, or a list of them (its embedded PostgreSQL has its own).
 */
export async function quietMachine(report, groups, otherLoad) {
  const until = performance.now() + Number(process.env.QUIET_WAIT ?? 600) * 1000;
  const watched = [groups].flat();
  for (;;) {
    const started = performance.now();
    const before = machineCpu(watched, [process.pid]);
    await sleep(10_000);
    const load = otherLoad(before, machineCpu(watched, [process.pid]), performance.now() - started);
    if (load < 0.25) return;
    if (performance.now() > until) {
      report.note(`the machine never went quiet: other work took ${load.toFixed(2)} cores before the timing`);
      return;
    }
    console.log(`  waiting for a quiet machine: other work takes ${load.toFixed(2)} cores`);
  }
}

/**
 * The URL of a running product's embedded database (`DATA_DIR/pg`: port from postmaster.pid,
 * password from `DATA_DIR/pg-password`, database `relining`).
 */
export function embeddedDatabaseUrl(dataDir) {
  const pid = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3].trim()}/relining`;
}

const SUBURBS = [
  'Geelong VIC 3220',
  'Toowong QLD 4066',
  'Parramatta NSW 2150',
  'Fremantle WA 6160',
  'Glenelg SA 5045',
  'Sandy Bay TAS 7005',
  'Braddon ACT 2612',
  'Stuart Park NT 0820',
  'Ballarat VIC 3350',
  'Newcastle NSW 2300',
];
/** The state of each suburb above: a booking's region (issue 16). */
const REGION_OF_SUBURB = SUBURBS.map((suburb) => /\b(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)\b/.exec(suburb)[1]);
/**
 * How many open days ahead the load's bookings spread over: each suburb, day and slot comes round once
 * every 12,000 bookings (10 suburbs × 120 days × 10 slots), so even at the default capacity of 2 (two
 * suburbs share VIC and two NSW) the first 12,000 bookings of a database all find a place.
 */
const BOOKING_DAYS = 120;
/** Slots a load test may fill: staff's most (MAX_CAPACITY), set by `openForLoad`. */
export const LOAD_CAPACITY = 50;
let bookableDays = null;

/**
 * Reads, from the built product's own rules (dist/), the next open days of each region past the
 * minimum notice (issue 16: closed weekdays, public holidays and the notice refuse a booking), so
 * `bookingBody` only sends bookable times. Call once before `bookingBody`; `now` a little ahead, so a
 * run that crosses the cut-off still books.
 */
export async function loadBookableDays(now = new Date(Date.now() + 3 * 3_600_000)) {
  const rules = await import(path.join(root, 'dist/src/modules/appointments/availability.rules.js'));
  const { holidayOn } = await import(path.join(root, 'dist/src/modules/appointments/public-holidays.js'));
  const { DEFAULT_AVAILABILITY } = await import('@relining/contracts/availability');
  bookableDays = {};
  for (const region of new Set(REGION_OF_SUBURB)) {
    const days = [];
    let day = rules.firstBookableDay(region, now, DEFAULT_AVAILABILITY, holidayOn);
    while (days.length < BOOKING_DAYS) {
      if (rules.closedReason(region, day, DEFAULT_AVAILABILITY, holidayOn) === null) days.push(day);
      day = rules.addDays(day, 1);
    }
    bookableDays[region] = days;
  }
}

/**
 * Lets every slot take LOAD_CAPACITY bookings on a product's database (the availability setting staff
 * edit; every instance drops its copy when the row changes), so a load of thousands of bookings finds
 * places beyond the first 12,000.
 */
export async function openForLoad(client) {
  await client.query(
    `INSERT INTO settings (key, value) VALUES ('availability', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = settings.value || EXCLUDED.value, updated_at = now()`,
    [JSON.stringify({ defaultCapacity: LOAD_CAPACITY })],
  );
}
const SLOTS = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
const HEARD = ['Google Search', 'Social Media', 'Word of Mouth', 'Advertisement', 'Referral', 'Other', undefined];
const FIRST = ['Alex', 'Sam', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Taylor', 'Jamie', 'Quinn', 'Drew'];
const LAST = ['Nguyen', 'Smith', 'Williams', 'Brown', 'Jones', 'Taylor', 'Wilson', 'Martin', 'Lee', 'Walker'];

/**
 * A different valid booking each time: names, suburbs, open days (the next 120 of the suburb's state),
 * slots, messages (see BOOKING_DAYS).
 */
export function bookingBody(sequence, domain) {
  if (!bookableDays) throw new Error('bookingBody needs the bookable days: await loadBookableDays() first');
  const turn = Math.floor(sequence / SUBURBS.length);
  const day = bookableDays[REGION_OF_SUBURB[sequence % SUBURBS.length]][turn % BOOKING_DAYS];
  const first = FIRST[sequence % FIRST.length];
  const last = LAST[Math.floor(sequence / FIRST.length) % LAST.length];
  return JSON.stringify({
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${sequence}@${domain}`,
    phone: `04${String(10_000_000 + ((sequence * 7919) % 89_999_999)).slice(0, 8)}`,
    suburb: SUBURBS[sequence % SUBURBS.length],
    address: `${1 + (sequence % 300)} ${['High', 'Station', 'Church', 'Park', 'Beach'][sequence % 5]} Street`,
    preferred_date: day,
    preferred_time: SLOTS[Math.floor(turn / BOOKING_DAYS) % SLOTS.length],
    how_heard_about_us: HEARD[sequence % HEARD.length],
    message: `Slow drain and a gurgling toilet, case ${sequence}. Tree roots suspected near the ${['front', 'back', 'side'][sequence % 3]} boundary.`,
  });
}
