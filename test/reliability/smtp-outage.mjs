// Scenario 2, the SMTP peer goes down mid-run: a steady stream of bookings (each queues two e-mails)
// while the peer is up, then the peer is stopped (its listener closed, every open connection cut) for
// 60 s (15 s in short mode) and restarted on the same port. Every e-mail is delivered once it is
// back, none twice (counted by Message-ID, by outbox row, and by content), the outbox shows all sent,
// and what waited goes as soon as the peer answers (not after each message's backoff).
import pg from 'pg';
import { bookingBody, sleep } from '../../bench/lib.mjs';
import { SmtpPeer } from '../../bench/smtp-peer.mjs';
import { checkDeliveries, runLoad, startOnDatabase, tally, waitFor } from './lib.mjs';

export async function smtpOutage({ cluster, report, short, ports }) {
  const before = short ? 5 : 10;
  const down = short ? 15 : 60;
  const after = short ? 5 : 10;
  const databaseUrl = await cluster.createDatabase('reliability_smtp_outage');
  const peer = await new SmtpPeer({ identify: true }).start();
  const product = await startOnDatabase({ name: 'smtp-outage', port: ports.smtpOutage, databaseUrl, env: { SMTP_URL: peer.url } });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    const at = (second) => started + second * 1000;
    // About 20 bookings (40 e-mails) a second: 4 clients, each pausing 200 ms between requests.
    const load = runLoad({
      url: product.url,
      concurrency: 4,
      pauseMs: 200,
      until: () => performance.now() > at(before + down + after),
      next: (sequence) => ({ kind: 'booking', path: '/api/bookings', body: bookingBody(sequence, 'smtp-outage.example.com') }),
    });

    await sleep(at(before) - performance.now());
    const deliveredBefore = peer.deliveries.length;
    await peer.stop();
    const wentDown = performance.now();
    console.log(`  SMTP peer down after ${deliveredBefore} deliveries`);
    await sleep(at(before + down) - performance.now());
    // What waits for the peer: every e-mail queued and not sent by now (some already tried and failed).
    const { rows: waitingRows } = await db.query(`SELECT message_id, status FROM notifications WHERE status <> 'sent'`);
    const waiting = new Set(waitingRows.map((row) => row.message_id));
    const failedTries = waitingRows.filter((row) => row.status === 'failed').length;
    await peer.start();
    const cameBack = performance.now();
    console.log(`  SMTP peer back after ${((cameBack - wentDown) / 1000).toFixed(0)} s; ${waiting.size} e-mails waiting (${failedTries} after a failed try)`);

    const results = await load;
    const { byKind } = tally(results);
    console.log(`  answers: ${JSON.stringify(byKind)}`);
    const created = results.filter((result) => result.status === 201).length;
    report.check('bookings answered 201 over the run', created, '');
    report.check('bookings not answered 201', results.length - created, '', '<=', 0);

    // Everything that was queued by the time the peer came back must go out; then the rest.
    const {
      rows: [{ total }],
    } = await db.query(`SELECT count(*)::int AS total FROM notifications`);
    const drained = await waitFor(
      async () => {
        const {
          rows: [{ pending }],
        } = await db.query(`SELECT count(*)::int AS pending FROM notifications WHERE status <> 'sent'`);
        return pending === 0;
      },
      { timeoutMs: 600_000, everyMs: 250 },
    );
    const waited = peer.deliveries.filter((delivery) => waiting.has(delivery.messageId)).map((delivery) => delivery.at);
    const firstWaiting = Math.min(...waited);
    const lastWaiting = Math.max(cameBack, ...waited);
    await sleep(3000); // a second delivery of anything would arrive now
    const mail = await checkDeliveries(db, peer, 'true');
    report.check(`e-mails queued (${waiting.size} waited for the peer)`, total, '');
    report.check('outbox drained after the peer returned', drained ? 1 : 0, '', '>=', 1);
    // The worker notices the peer's return (it asks it on every poll, 2 s) and sends what waited at once.
    report.check('first e-mail that waited, delivered after the peer returned', (firstWaiting - cameBack) / 1000, 's', '<=', 5);
    report.check(`all ${waiting.size} that waited delivered after the peer returned`, (lastWaiting - cameBack) / 1000, 's', '<=', 20);
    report.check('e-mails lost (queued, never received)', mail.lost, '', '<=', 0);
    report.check('e-mails received more than once (by Message-ID / outbox row)', mail.repeated, '', '<=', 0);
    report.check('e-mails received more than once (by content)', mail.repeatedByContent, '', '<=', 0);
    report.check('received e-mails with no outbox row', mail.unknown, '', '<=', 0);
    report.check('outbox rows not marked sent', mail.notSent, '', '<=', 0);
    report.note(
      `${mail.attempts - mail.rows} failed tries recorded while the peer was down (retried with backoff); ${peer.abandoned} messages cut mid-transfer by the outage`,
    );
  } finally {
    await db.end().catch(() => undefined);
    await product.stop();
    await peer.stop();
  }
}
