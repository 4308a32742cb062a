import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { bookableSlot } from '../support/booking-slots.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { corpusRequests, POLLUTION_KEY, preview, requestArbitrary, type FuzzRequest, type OpenApiOperation, type OpenApiSchema } from './fuzz-cases.js';

/**
 * Fuzz over the OpenAPI description: every documented operation, as every kind of caller (anonymous,
 * plumber A, plumber B, admin), with random and malformed path parameters, query strings, headers and
 * bodies (wrong types, ~1 MB strings, astral/RTL/NUL/lone-surrogate text, nested junk, arrays for
 * objects, __proto__/constructor/prototype keys, invalid JSON, wrong content types, odd cookies and
 * tokens). Promises checked:
 *  - never a 5xx;
 *  - every error is the global format {statusCode, code, message, errors?, correlationId} (a refused
 *    booking time adds nextSlots);
 *  - nothing is stored by a 4xx: row-level triggers log every committed row change, per request, and
 *    a replay of every refused request (the 4xx-only phase) leaves the row counts and checksums of
 *    every table unchanged;
 *  - no prototype pollution (Object.prototype and friends unchanged).
 *
 * A deterministic corpus first (every odd path value, every awkward value in each documented field, every
 * malformed body and query, once per operation, as the caller the route is for: about 4,900 requests),
 * then `FUZZ_RUNS` random requests per operation and caller (default 10: 2,400), then the replay of the refused.
 * `FUZZ_SEED` changes the cases.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** Error codes whose answer also lists `nextSlots: [{date, time, label}]` (a booking's refused time, issue 16). */
const SLOT_REFUSALS = ['SLOT_CLOSED', 'SLOT_TAKEN'];
const SEED = Number(process.env.FUZZ_SEED ?? 8_2026);
const REPLAY_LIMIT = Number(process.env.FUZZ_REPLAY_LIMIT ?? Math.max(1_500, 100 * RUNS));

/**
 * Tables a refused request may legitimately write, left out of "nothing stored by a 4xx":
 * - rate_limit_hits: a request to a rate-limited route is counted before it is validated, so refused
 *   ones count against their sender's limit too (otherwise a bot could probe a form for ever);
 * - scheduled_runs: written by timers, not requests (each tick of the rate-limit cleanup claims its period);
 * - audit_log: the trail records some attempts by design (a failed sign-in) and each export once its
 *   last byte has gone (after the answer, so in a later request's window). That a refused change
 *   writes no entry is checked action by action in test/api/audit-*.test.ts.
 * (And one refusal by design: a sign-in to an address not confirmed yet resends its confirmation e-mail.)
 */
const EXCLUDED_TABLES = new Set(['rate_limit_hits', 'scheduled_runs', 'audit_log']);

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Caller {
  name: 'anonymous' | 'plumber A' | 'plumber B' | 'admin';
  session?: SignedIn;
  login?: { email: string; password: string };
}

describe('fuzz over the OpenAPI description', () => {
  let sut: TestApp;
  let dataDir: string;
  let baseUrl: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const callers: Caller[] = [{ name: 'anonymous' }, { name: 'plumber A' }, { name: 'plumber B' }, { name: 'admin' }];
  const known: Record<string, string[]> = {};
  const prototypesBefore = prototypeShapes();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'relining-fuzz-'));
    // Rate limits on, as in production; each request comes from its own address (X-Forwarded-For behind
    // a trusted proxy) so the limits count every request without stopping the run at the fifth booking.
    sut = await startTestApp({ env: { TRUST_PROXY: 'true', DATA_DIR: dataDir } });
    baseUrl = await listenInRange(sut);

    const [a, b, admin, victim] = await Promise.all([
      createUser(sut.dataSource, { email: 'alice@fuzz.example.com.au', fullName: 'Alice Plumber' }),
      createUser(sut.dataSource, { email: 'bob@fuzz.example.com.au', fullName: 'Bob Plumber' }),
      createUser(sut.dataSource, { email: 'staff@fuzz.example.com.au', role: 'admin' }),
      createUser(sut.dataSource, { email: 'victim@fuzz.example.com.au', fullName: 'Vic Tim' }),
    ]);
    callers[1]!.login = a;
    callers[2]!.login = b;
    callers[3]!.login = admin;
    for (const caller of callers) if (caller.login) caller.session = await signIn(sut, caller.login);
    await seedRecords(a.id, admin.id, victim.id);
    await installChangeLog();
  }, 60_000);

  afterAll(async () => {
    agent.destroy();
    await sut?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** One record of each kind, through the API, so that fuzzed ids also hit real rows (own and another's). */
  async function seedRecords(aliceId: string, adminId: string, victimId: string): Promise<void> {
    const [alice, bob, admin] = [callers[1]!.session!, callers[2]!.session!, callers[3]!.session!];
    const referral = {
      clientName: 'Chris Client',
      jobAddress: '4 Elm Street',
      suburb: 'Toowong',
      clientPhone: '0400 999 000',
      urgency: 'medium',
      description: 'Blocked sewer',
      serviceTypes: { cleanView: true, reline: false },
    };
    const mine = (await sut.http().post('/api/me/referrals').set(alice.auth).send(referral).expect(201)).body;
    const theirs = (await sut.http().post('/api/me/referrals').set(bob.auth).send(referral).expect(201)).body;
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const photos = (await sut.http().post(`/api/me/referrals/${mine.id}/photos`).set(alice.auth).attach('photos', jpeg, 'pipe.jpg').expect(201)).body;
    const booking = (
      await sut
        .http()
        .post('/api/bookings')
        .send({
          name: 'Alex Citizen',
          email: 'alex@example.com.au',
          phone: '0400 123 456',
          suburb: 'Richmond VIC 3121',
          address: '12 Station Street',
          ...bookableSlot(),
          message: 'Blocked drain',
        })
        .expect(201)
    ).body;
    await sut
      .http()
      .post('/api/enquiries')
      .send({
        kind: 'corporate',
        organisationName: 'City of Example',
        contactPerson: 'Jordan Lee',
        email: 'jordan@example.gov.au',
        phone: '03 9000 0000',
        siteAddress: '1 Civic Drive',
        issueType: 'roots',
        timing: 'planned',
      })
      .expect(201);
    const job = (
      await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-1001', customerName: 'Alex Citizen', customerEmail: 'alex@example.com.au' })
        .expect(201)
    ).body;
    const [enquiry] = await sut.dataSource.query(`SELECT id FROM enquiries LIMIT 1`);
    const [notification] = await sut.dataSource.query(`SELECT id FROM notifications LIMIT 1`);
    Object.assign(known, {
      '/api/me/referrals/{id}': [mine.id, theirs.id],
      '/api/admin/referrals/{id}': [mine.id, theirs.id],
      photoId: [photos[0].id],
      '/api/admin/bookings/{id}': [booking.id],
      '/api/admin/enquiries/{id}': [enquiry.id],
      '/api/admin/jobs/{id}': [job.id],
      '/api/admin/notifications/{id}': [notification.id],
      // The admin's own account (refusals) and a bystander; never plumbers A and B, whose sessions the run needs.
      '/api/admin/users/{id}': [adminId, victimId],
      key: ['booking_confirmed', 'quote_sent', 'rebates_due'],
      code: [job.trackingCode],
      aliceId: [aliceId],
    });
  }

  function knownValues(operation: OpenApiOperation) {
    return (param: string): readonly string[] => {
      if (param !== 'id') return known[param] ?? [];
      const prefix = Object.keys(known).find((key) => key.startsWith('/') && operation.path.startsWith(key.replace('{id}', '')));
      return prefix ? known[prefix]! : [];
    };
  }

  // ---------- storage watch ----------

  /** Every committed row change in every table, logged by a trigger, so each request's writes can be told apart. */
  async function installChangeLog(): Promise<void> {
    await sut.dataSource.query(`CREATE TABLE fuzz_row_changes (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL)`);
    await sut.dataSource.query(`
      CREATE FUNCTION fuzz_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fuzz_row_changes (table_name, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
    for (const table of await tables()) {
      await sut.dataSource.query(`CREATE TRIGGER fuzz_log_rows AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_log_change()`);
      await sut.dataSource.query(`CREATE TRIGGER fuzz_log_truncate AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION fuzz_log_change()`);
    }
  }

  async function tables(): Promise<string[]> {
    const rows: Array<{ name: string }> = await sut.dataSource.query(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'fuzz_row_changes' ORDER BY 1`,
    );
    return rows.map((row) => row.name);
  }

  async function lastChange(): Promise<number> {
    const [row] = await sut.dataSource.query(`SELECT coalesce(max(id), 0)::bigint AS id FROM fuzz_row_changes`);
    return Number(row.id);
  }

  async function changesSince(id: number): Promise<string[]> {
    const rows: Array<{ table_name: string; op: string; n: number }> = await sut.dataSource.query(
      `SELECT table_name, op, count(*)::int AS n FROM fuzz_row_changes WHERE id > $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [id],
    );
    return rows.filter((row) => !EXCLUDED_TABLES.has(row.table_name)).map((row) => `${row.op} ${row.table_name} ×${row.n}`);
  }

  /** Row count and checksum of every table (timers' tables aside). */
  async function snapshot(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const table of await tables()) {
      if (EXCLUDED_TABLES.has(table)) continue;
      const [row] = await sut.dataSource.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${table}" t`,
      );
      result[table] = `${row.n} rows, md5 ${row.sum}`;
    }
    return result;
  }

  // ---------- HTTP ----------

  let addresses = 0;
  /** 10.x.y.z, a new one for every request (cases that send their own X-Forwarded-For keep it). */
  function nextAddress(): string {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  }

  function send(request: FuzzRequest): Promise<Reply> {
    return new Promise((resolve, reject) => {
      // Like every real client, say how long the body is (without it Node sends a GET's body unannounced).
      const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...request.headers };
      if (request.body) headers['content-length'] = String(request.body.length);
      const outgoing = http.request(`${baseUrl}${request.url}`, { method: request.method, headers, agent, timeout: 20_000 }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  /** What is wrong with a reply, if anything: a 5xx, or an error outside the global format. */
  function formatProblems(request: FuzzRequest, reply: Reply): string[] {
    if (reply.status >= 500) return [`answered ${reply.status} ${preview(reply.body.toString('utf8'), 200)}`];
    if (reply.status < 400) return [];
    const type = String(reply.headers['content-type'] ?? '');
    const formPost = /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(request.headers['content-type'] ?? '');
    // A browser form posted without JavaScript gets a page listing the problems (spec §5), not JSON.
    if (formPost && reply.status === 400 && type.startsWith('text/html') && /^\/api\/(bookings|referrals\/quick|reviews\/[^/?]+)(\?|$)/.test(request.url))
      return [];
    // The unsubscribe pages (outside /api, opened from marketing e-mails by people): an unknown token is a 404 page, not JSON.
    if (reply.status === 404 && type.startsWith('text/html') && /^\/unsubscribe\//.test(request.url)) return [];
    if (!type.startsWith('application/json')) return [`answered ${reply.status} as ${type || 'no content type'}: ${preview(reply.body.toString('utf8'), 120)}`];
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(reply.body.toString('utf8'));
    } catch {
      return [`answered ${reply.status} with invalid JSON ${preview(reply.body.toString('utf8'), 120)}`];
    }
    const problems: string[] = [];
    const keys = Object.keys(body ?? {});
    // A refused time (issue 16: a closed day or a full slot) also offers the next free slots.
    const allowed = ['statusCode', 'code', 'message', 'errors', 'correlationId', ...(SLOT_REFUSALS.includes(String(body?.code)) ? ['nextSlots'] : [])];
    if (keys.some((key) => !allowed.includes(key))) problems.push(`unexpected keys ${keys.join(', ')}`);
    if (body.nextSlots !== undefined) {
      const slots = body.nextSlots as unknown[];
      const fine =
        Array.isArray(slots) &&
        slots.every(
          (slot) =>
            slot &&
            typeof slot === 'object' &&
            Object.keys(slot).sort().join() === 'date,label,time' &&
            Object.values(slot).every((value) => typeof value === 'string'),
        );
      if (!fine) problems.push(`nextSlots ${preview(JSON.stringify(body.nextSlots), 120)}`);
    }
    if (body.statusCode !== reply.status) problems.push(`statusCode ${String(body.statusCode)} ≠ ${reply.status}`);
    if (typeof body.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(body.code)) problems.push(`code ${JSON.stringify(body.code)}`);
    if (typeof body.message !== 'string' || body.message.length === 0) problems.push(`message ${JSON.stringify(body.message)}`);
    if (typeof body.correlationId !== 'string' || body.correlationId !== reply.headers['x-request-id'])
      problems.push(`correlationId ${JSON.stringify(body.correlationId)} vs X-Request-Id ${String(reply.headers['x-request-id'])}`);
    if (body.errors !== undefined) {
      const errors = body.errors as unknown[];
      const fine =
        Array.isArray(errors) &&
        errors.length > 0 &&
        errors.every(
          (item) =>
            item &&
            typeof item === 'object' &&
            Object.keys(item).sort().join() === 'field,message' &&
            typeof (item as { field: unknown }).field === 'string' &&
            typeof (item as { message: unknown }).message === 'string',
        );
      if (!fine) problems.push(`errors ${preview(JSON.stringify(body.errors), 120)}`);
    }
    return problems.length ? [`answered ${reply.status} ${problems.join('; ')}: ${preview(reply.body.toString('utf8'), 160)}`] : [];
  }

  /** Re-signs in a caller whose session a successful fuzzed request ended (none should, but the run must go on). */
  async function keepSessions(): Promise<void> {
    for (const caller of callers) {
      if (!caller.session) continue;
      const me = await sut.http().get('/api/auth/me').set(caller.session.auth);
      if (me.status !== 200) caller.session = await signIn(sut, caller.login!);
    }
  }

  async function openApiOperations(): Promise<OpenApiOperation[]> {
    const document = (await sut.http().get('/api/docs/json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<{ name: string; in: 'path' | 'query' | 'header' }>; requestBody?: { content: Record<string, { schema?: OpenApiSchema }> } }
        >
      >;
      components: { schemas: Record<string, OpenApiSchema> };
    };
    const resolve = (schema: OpenApiSchema | undefined): OpenApiSchema | undefined =>
      schema?.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const operations: OpenApiOperation[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const content = operation.requestBody?.content ?? {};
        operations.push({
          method: method.toUpperCase(),
          path: route,
          parameters: operation.parameters ?? [],
          bodyTypes: Object.keys(content),
          bodySchema: resolve(Object.values(content)[0]?.schema),
        });
      }
    }
    // Routes that do not exist, and methods a route does not have: the same error format.
    operations.push(
      { method: 'GET', path: '/api/no-such-thing/{id}', parameters: [], bodyTypes: [] },
      { method: 'DELETE', path: '/api/bookings', parameters: [], bodyTypes: [] },
      { method: 'PATCH', path: '/api/me/profile', parameters: [], bodyTypes: ['application/json'] },
      { method: 'POST', path: '/api/health', parameters: [], bodyTypes: ['application/json'] },
    );
    return operations;
  }

  it(
    'never answers 5xx, always answers errors in the one format, stores nothing on a 4xx, pollutes no prototype',
    async () => {
      const started = Date.now();
      // The watch must see a write: a profile saved through the API shows in the change log and the checksums.
      const [logBefore, tablesBefore] = [await lastChange(), await snapshot()];
      await sut.http().put('/api/me/profile').set(callers[1]!.session!.auth).send({ phone: '0400 111 222' }).expect(200);
      expect(await changesSince(logBefore)).toEqual(['UPDATE profiles ×1']);
      expect((await snapshot()).profiles).not.toBe(tablesBefore.profiles);

      const operations = await openApiOperations();
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      const refused: FuzzRequest[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;

      for (const [operationIndex, operation] of operations.entries()) {
        // The corpus once, as the caller the route is for (so the awkward values reach its validation).
        const owner = operation.path.startsWith('/api/admin') ? callers[3]! : /^\/api\/(me|auth\/me)\b/.test(operation.path) ? callers[1]! : callers[0]!;
        const corpus = corpusRequests(operation, owner.session?.accessToken, knownValues(operation)).map((request) => [owner, request] as const);
        const random = callers.flatMap((caller, callerIndex) =>
          fc
            .sample(requestArbitrary(operation, caller.session?.accessToken, knownValues(operation)), {
              seed: SEED + operationIndex * 31 + callerIndex,
              numRuns: RUNS,
            })
            .map((request) => [caller, request] as const),
        );
        for (const [caller, request] of [...corpus, ...random]) {
          const before = await lastChange();
          let reply: Reply;
          try {
            reply = await send(request);
          } catch (error) {
            failures.push(`${request.method} ${preview(request.url, 120)} as ${caller.name}: no answer (${(error as Error).message}) | ${request.label}`);
            continue;
          }
          sent += 1;
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
          const where = `${request.method} ${operation.path} as ${caller.name}: ${preview(request.url, 100)} | ${request.label}`;
          for (const problem of formatProblems(request, reply)) failures.push(`${where} → ${problem}`);
          if (reply.status >= 400 && reply.status < 500) {
            // By design, one refusal writes: a sign-in with the right password to an address not confirmed yet
            // resends the confirmation e-mail (at most one an hour). Its writes are the outbox's, and it is not replayed.
            if (reply.status === 403 && /"code":"EMAIL_NOT_VERIFIED"/.test(reply.body.toString('utf8'))) {
              const changes = (await changesSince(before)).filter((change) => !/ (account_link_requests|notifications) ×/.test(change));
              if (changes.length > 0) failures.push(`${where} → ${reply.status} but stored: ${changes.join(', ')}`);
              continue;
            }
            // By design too: a wrong try to unlock a tracking page is recorded (five an hour per job), and nothing else. Not replayed.
            if (reply.status === 400 && /"code":"UNLOCK_WRONG"/.test(reply.body.toString('utf8'))) {
              const changes = (await changesSince(before)).filter((change) => change !== 'INSERT job_unlock_attempts ×1');
              if (changes.length > 0) failures.push(`${where} → ${reply.status} but stored: ${changes.join(', ')}`);
              continue;
            }
            const changes = await changesSince(before);
            if (changes.length > 0) failures.push(`${where} → ${reply.status} but stored: ${changes.join(', ')}`);
            // A 429 depends on a counter and the clock: replayed later, the same request may pass.
            else if (reply.status !== 429) refused.push(request);
          } else if (reply.status < 400 && request.method !== 'GET') {
            await keepSessions();
          }
        }
      }

      // The 4xx-only phase: every refused request again, between two snapshots of every table.
      const replayed = refused.filter((_request, index) => index % Math.max(1, Math.ceil(refused.length / REPLAY_LIMIT)) === 0);
      const beforeReplay = await snapshot();
      for (const request of replayed) {
        const reply = await send(request).catch((error: Error) => ({ status: 0, error }));
        if (reply.status < 400 || reply.status >= 500)
          failures.push(
            `replay of a refused ${request.method} ${preview(request.url, 100)} answered ${reply.status || (reply as { error: Error }).error.message} | ${request.label}`,
          );
      }
      const afterReplay = await snapshot();

      const report =
        `${sent} requests over ${operations.length} operations × ${callers.length} callers (FUZZ_RUNS=${RUNS}, seed ${SEED}), ` +
        `statuses ${[...statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}, ` +
        `${replayed.length} refusals replayed, ${((Date.now() - started) / 1000).toFixed(1)} s`;
      if (process.env.FUZZ_RUNS) console.log(report);

      expect(failures.slice(0, 25)).toEqual([]);
      expect(afterReplay).toEqual(beforeReplay);
      expect(prototypeShapes()).toEqual(prototypesBefore);
      expect(({} as Record<string, unknown>)[POLLUTION_KEY]).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(statuses.size).toBeGreaterThan(5);
    },
    Math.max(120_000, RUNS * 40_000),
  );
});

/** The own properties of the built-in prototypes, to prove no request added one. */
function prototypeShapes(): Record<string, string[]> {
  return Object.fromEntries(
    (
      [
        ['Object', Object.prototype],
        ['Array', Array.prototype],
        ['Function', Function.prototype],
        ['String', String.prototype],
      ] as const
    ).map(([name, prototype]) => [name, Reflect.ownKeys(prototype).map(String).sort()]),
  );
}

/** Listens on a port of this helper's range (3600–3649), the first one free. */
async function listenInRange(app: TestApp): Promise<string> {
  for (let port = 3600; port < 3650; port += 1) {
    try {
      await app.app.listen(port, '127.0.0.1');
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('no free port in 3600-3649');
}
