// Scenario 1, saturation: booking requests, quick referrals and plumbers' dashboard referrals from
// many concurrent clients for the whole run (60 s; 15 s in short mode), rate limits off, e-mails sent
// to a local SMTP peer. Then: zero 5xx; every 201 is exactly one row with its two queued e-mails;
// no row of the run exists without its 201; every e-mail delivered once.
import pg from 'pg';
import { bookingBody, percentile, sleep } from '../../bench/lib.mjs';
import { SmtpPeer } from '../../bench/smtp-peer.mjs';
import { checkDeliveries, plumberSession, referralBody, runLoad, startOnDatabase, tally, waitFor } from './lib.mjs';

const CONCURRENCY = 64;
const PLUMBERS = 8;

export async function saturation({ cluster, report, short, ports }) {
  const seconds = short ? 15 : 60;
  const databaseUrl = await cluster.createDatabase('reliability_saturation');
  const peer = await new SmtpPeer().start();
  const product = await startOnDatabase({ name: 'saturation', port: ports.saturation, databaseUrl, env: { SMTP_URL: peer.url } });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const plumbers = [];
    for (let i = 0; i < PLUMBERS; i += 1) plumbers.push(await plumberSession(product.url, databaseUrl, `plumber${i}@saturation.example.com.au`));

    // A mix like a busy day's: half bookings, a third quick referrals, the rest from plumbers' dashboards.
    const next = (sequence) => {
      const pick = sequence % 20;
      if (pick < 10) return { kind: 'booking', path: '/api/bookings', body: bookingBody(sequence, 'saturation-booking.example.com') };
      if (pick < 17) return { kind: 'quick', path: '/api/referrals/quick', body: referralBody(sequence, `quick${sequence % 50}@saturation-quick.example.com`) };
      return {
        kind: 'dashboard',
        path: '/api/me/referrals',
        headers: plumbers[sequence % PLUMBERS],
        body: { ...referralBody(sequence, ''), plumberEmail: undefined, serviceTypes: { cleanView: true, reline: sequence % 2 === 0 } },
      };
    };
    const started = performance.now();
    const results = await runLoad({ url: product.url, concurrency: CONCURRENCY, until: () => performance.now() - started > seconds * 1000, next });
    const elapsed = (performance.now() - started) / 1000;
    const { byKind, errors } = tally(results);
    console.log(`  answers: ${JSON.stringify(byKind)}`);

    const created = results.filter((result) => result.status === 201);
    const serverErrors = results.filter((result) => result.status >= 500).length;
    const otherAnswers = results.filter((result) => result.status !== 201 && result.status >= 400 && result.status < 500).length;
    const failed = results.filter((result) => result.status === 0).length;
    const latencies = results.filter((result) => result.status > 0).map((result) => result.endedAt - result.startedAt);
    report.check(`requests in ${seconds} s at saturation (${CONCURRENCY} concurrent clients)`, results.length, '');
    report.check('throughput', results.length / elapsed, 'req/s');
    report.check('latency p50 / p99', `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 99).toFixed(0)}`, 'ms');
    report.check('5xx answers', serverErrors, '', '<=', 0);
    report.check('4xx answers (every request is valid)', otherAnswers, '', '<=', 0);
    report.check('connection errors and timeouts', failed, '', '<=', 0);
    if (failed > 0) report.note(`connection errors by code: ${JSON.stringify(errors)}`);

    // Every 201 against the rows: bookings by the run's e-mail domain, referrals by their plumber.
    const ids = (kind) => created.filter((result) => result.kind === kind).map((result) => result.body?.id);
    const bookingIds = ids('booking');
    const referralIds = [...ids('quick'), ...ids('dashboard')];
    const {
      rows: [bookings],
    } = await db.query(
      `SELECT count(*)::int AS rows,
              count(*) FILTER (WHERE b.id = ANY($1::uuid[]))::int AS answered,
              count(*) FILTER (WHERE NOT b.id = ANY($1::uuid[]))::int AS unanswered,
              count(*) FILTER (WHERE n.emails <> 2)::int AS wrong_emails,
              coalesce(sum(n.emails), 0)::int AS emails
       FROM bookings b
       LEFT JOIN LATERAL (SELECT count(*)::int AS emails FROM notifications WHERE entity_type = 'booking' AND entity_id = b.id::text) n ON true
       WHERE b.email LIKE '%@saturation-booking.example.com'`,
      [bookingIds],
    );
    const {
      rows: [referrals],
    } = await db.query(
      `SELECT count(*)::int AS rows,
              count(*) FILTER (WHERE r.id = ANY($1::uuid[]))::int AS answered,
              count(*) FILTER (WHERE NOT r.id = ANY($1::uuid[]))::int AS unanswered,
              count(*) FILTER (WHERE n.emails <> 2)::int AS wrong_emails,
              coalesce(sum(n.emails), 0)::int AS emails
       FROM referrals r
       LEFT JOIN LATERAL (SELECT count(*)::int AS emails FROM notifications WHERE entity_type = 'referral' AND entity_id = r.id::text) n ON true`,
      [referralIds],
    );
    const distinct = new Set([...bookingIds, ...referralIds]).size;
    report.check('201 answers', created.length, '');
    report.check('201 answers without an id, or with an id answered twice', created.length - distinct, '', '<=', 0);
    report.check('201 answers without their row', bookingIds.length - bookings.answered + (referralIds.length - referrals.answered), '', '<=', 0);
    report.check('rows without a 201', bookings.unanswered + referrals.unanswered, '', '<=', 0);
    report.check('rows without exactly two queued e-mails', bookings.wrong_emails + referrals.wrong_emails, '', '<=', 0);
    report.note(`${bookings.rows} bookings and ${referrals.rows} referrals stored, ${bookings.emails + referrals.emails} e-mails queued with them`);

    // The outbox drains: every e-mail delivered once.
    const drainStarted = performance.now();
    const {
      rows: [{ total }],
    } = await db.query(`SELECT count(*)::int AS total FROM notifications`);
    await waitFor(async () => peer.deliveries.length >= total, { timeoutMs: 300_000, everyMs: 500 });
    await sleep(2000); // a second delivery of anything would arrive now
    const mail = await checkDeliveries(db, peer, 'true');
    report.check('e-mails delivered after the run', mail.rows - mail.lost, '');
    report.check('e-mails lost (queued, never received)', mail.lost, '', '<=', 0);
    report.check('e-mails received more than once', mail.repeated, '', '<=', 0);
    report.check('outbox rows not marked sent', mail.notSent, '', '<=', 0);
    report.note(`outbox drained ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the load stopped`);
  } finally {
    await db.end().catch(() => undefined);
    await product.stop();
    await peer.stop();
  }
}
