// Scenario 3, PostgreSQL restarts mid-run: a steady booking load (e-mails sent to a local SMTP peer)
// while the runner stops its PostgreSQL server (fast shutdown), keeps it down 10 s and starts it again
// on the same port. The server is never restarted. /api/health answers 503 "down" during the outage,
// quickly, and 200 "up" after; requests during the outage get a clear 503 (no hang, no 500); every
// 201 has its row committed, with its two e-mails, each delivered once.
import pg from 'pg';
import { bookingBody, sleep } from '../../bench/lib.mjs';
import { SmtpPeer } from '../../bench/smtp-peer.mjs';
import { checkDeliveries, runLoad, startOnDatabase, tally, waitFor } from './lib.mjs';

export async function pgRestart({ cluster, report, short, ports }) {
  const before = short ? 5 : 10;
  const down = 10;
  const after = short ? 5 : 10;
  const databaseUrl = await cluster.createDatabase('reliability_pg_restart');
  const peer = await new SmtpPeer({ identify: true }).start();
  const product = await startOnDatabase({ name: 'pg-restart', port: ports.pgRestart, databaseUrl, env: { SMTP_URL: peer.url } });
  const serverPid = product.serverPid();
  let stopLoad = false;
  try {
    // Health seen by a load balancer: every 250 ms, with how long each answer took.
    const health = [];
    const polling = (async () => {
      while (!stopLoad) {
        const sentAt = performance.now();
        try {
          const response = await fetch(`${product.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
          health.push({ at: sentAt, ms: performance.now() - sentAt, status: response.status, body: await response.json() });
        } catch (error) {
          health.push({ at: sentAt, ms: performance.now() - sentAt, status: 0, body: String(error) });
        }
        await sleep(250);
      }
    })();
    const started = performance.now();
    const load = runLoad({
      url: product.url,
      concurrency: 8,
      pauseMs: 50,
      until: () => stopLoad,
      next: (sequence) => ({ kind: 'booking', path: '/api/bookings', body: bookingBody(sequence, 'pg-restart.example.com') }),
    });

    await sleep(started + before * 1000 - performance.now());
    const stopping = performance.now();
    await cluster.stop();
    const stopped = performance.now();
    console.log(`  PostgreSQL stopped in ${((stopped - stopping) / 1000).toFixed(1)} s; down for ${down} s`);
    await sleep(down * 1000);
    const starting = performance.now();
    await cluster.start();
    const restarted = performance.now();
    console.log(`  PostgreSQL started again in ${((restarted - starting) / 1000).toFixed(1)} s`);
    const up = await waitFor(() => health.at(-1)?.status === 200 && health.at(-1).at > restarted, { timeoutMs: 60_000, everyMs: 50 });
    const upAt = health.find((item) => item.at > restarted && item.status === 200)?.at ?? Number.NaN;
    await sleep(after * 1000);
    stopLoad = true;
    const results = await load;
    await polling;

    // Health during and after the outage.
    const during = health.filter((item) => item.at > stopped + 500 && item.at + item.ms < starting);
    const downAnswers = during.filter((item) => item.status === 503 && item.body?.database === 'down').length;
    report.check('health checks during the outage', during.length, '');
    report.check('health checks during the outage not 503 "database":"down"', during.length - downAnswers, '', '<=', 0);
    report.check('slowest health check during the outage', Math.max(0, ...during.map((item) => item.ms)), 'ms', '<=', 3000);
    report.check('health 200 "up" again after PostgreSQL started', up ? 1 : 0, '', '>=', 1);
    report.check('time from PostgreSQL started to health "up"', (upAt - restarted) / 1000, 's', '<=', 10);
    report.check('server restarted (same process throughout: 0)', product.serverPid() === serverPid ? 0 : 1, '', '<=', 0);

    // Answers: 201 before and after; a clear 503 while the database is away; nothing else.
    const { byKind, errors } = tally(results);
    console.log(`  answers: ${JSON.stringify(byKind)}`);
    const inOutage = results.filter((result) => result.endedAt > stopping && result.startedAt < restarted);
    const unclear = results.filter((result) => result.status !== 201 && !(result.status === 503 && result.body?.code === 'SERVICE_UNAVAILABLE'));
    const slowest = Math.max(0, ...inOutage.map((result) => result.endedAt - result.startedAt));
    report.check('requests answered 201', results.filter((result) => result.status === 201).length, '');
    report.check('requests answered 503 SERVICE_UNAVAILABLE', results.filter((result) => result.status === 503).length, '');
    report.check('answers neither 201 nor a clear 503 (500s, hangs, resets)', unclear.length, '', '<=', 0);
    if (unclear.length > 0)
      report.note(
        `unclear answers: ${JSON.stringify(unclear.slice(0, 5).map((result) => ({ status: result.status, error: result.error, body: result.body ?? result.text })))}; errors ${JSON.stringify(errors)}`,
      );
    report.check('slowest answer during the outage', slowest, 'ms', '<=', 10_000);
    report.check('503 answers without Retry-After', results.filter((result) => result.status === 503 && !result.headers?.['retry-after']).length, '', '<=', 0);
    const afterUp = results.filter((result) => result.startedAt > upAt);
    report.check('requests after health "up" not answered 201', afterUp.filter((result) => result.status !== 201).length, '', '<=', 0);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const answered = results.filter((result) => result.status === 201).map((result) => result.body.id);
      const {
        rows: [rows],
      } = await db.query(
        `SELECT count(*) FILTER (WHERE b.id = ANY($1::uuid[]))::int AS answered,
                count(*) FILTER (WHERE NOT b.id = ANY($1::uuid[]))::int AS unanswered,
                count(*) FILTER (WHERE b.id = ANY($1::uuid[]) AND n.emails <> 2)::int AS wrong_emails
         FROM bookings b
         LEFT JOIN LATERAL (SELECT count(*)::int AS emails FROM notifications WHERE entity_type = 'booking' AND entity_id = b.id::text) n ON true
         WHERE b.email LIKE '%@pg-restart.example.com'`,
        [answered],
      );
      report.check('201 answers whose booking was not committed', answered.length - rows.answered, '', '<=', 0);
      report.check('bookings answered 201 without exactly two e-mails', rows.wrong_emails, '', '<=', 0);
      report.check('bookings stored whose request got an error (commit landed, answer lost)', rows.unanswered, '');

      const {
        rows: [{ total }],
      } = await db.query(`SELECT count(*)::int AS total FROM notifications`);
      const drainStarted = performance.now();
      const drained = await waitFor(
        async () => {
          const {
            rows: [{ pending }],
          } = await db.query(`SELECT count(*)::int AS pending FROM notifications WHERE status <> 'sent'`);
          return pending === 0;
        },
        { timeoutMs: 600_000, everyMs: 250 },
      );
      await sleep(3000);
      const mail = await checkDeliveries(db, peer, 'true');
      report.check(`e-mails delivered (of ${total})`, mail.rows - mail.lost, '');
      report.check('outbox drained', drained ? 1 : 0, '', '>=', 1);
      report.check('time to drain the outbox after the load', (performance.now() - drainStarted - 3000) / 1000, 's');
      report.check('e-mails lost', mail.lost, '', '<=', 0);
      report.check('e-mails received more than once', mail.repeated, '', '<=', 0);
      report.check('outbox rows not marked sent', mail.notSent, '', '<=', 0);
    } finally {
      await db.end().catch(() => undefined);
    }
  } finally {
    stopLoad = true;
    if (!cluster.running) await cluster.start();
    await product.stop();
    await peer.stop();
  }
}
