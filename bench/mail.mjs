// Issue 7 §4 "E-mail throughput": 10,000 queued messages delivered to a local SMTP server
// (smtp-server, in this process) by two server instances on one database, in ≤ 60 s, with zero
// duplicates and zero losses. Each instance sends from its own address so the split is visible.
import pg from 'pg';
import { createReport, embeddedDatabaseUrl, ensureBuilt, sleep, startProduct } from './lib.mjs';
import { SmtpPeer } from './smtp-peer.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const BUDGET_SECONDS = 60;

const sink = await new SmtpPeer().start();
const smtpUrl = sink.url;

ensureBuilt();
const report = createReport('mail');
const env = (sender) => ({ SMTP_URL: smtpUrl, MAIL_FROM: `Pipe Relining Australia <${sender}>` });
const first = await startProduct({ name: 'mail', port: 3302, fresh: true, env: env('instance-a@bench.example.com') });
const second = await startProduct({ name: 'mail', port: 3303, env: env('instance-b@bench.example.com') });
const db = new pg.Client(embeddedDatabaseUrl(first.dataDir));
try {
  await db.connect();
  // A real rendered message (a booking's autoresponse) as the body of every bench message.
  const booking = await fetch(`${first.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Morgan Mailer',
      email: 'morgan@example.com.au',
      phone: '0400 123 456',
      suburb: 'Geelong VIC 3220',
      address: '12 Pipe Street',
      preferred_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      preferred_time: '9:00 AM',
      message: 'Slow drains',
    }),
  });
  if (booking.status !== 201) throw new Error(`booking failed: ${booking.status}`);
  const {
    rows: [sample],
  } = await db.query(`SELECT subject, text_body, html_body FROM notifications WHERE template_key = 'booking_autoresponse' LIMIT 1`);
  await sleep(1000);

  // Queue them all at once (as a burst of bookings would), then time delivery.
  const started = performance.now();
  await db.query(
    `INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id)
     SELECT 'bench-mail:' || g, 'customer' || g || '@example.com.au', $1 || ' #' || g, $2, $3, 'booking_autoresponse', 'queued', '<bench-' || g || '@bench.example.com>'
     FROM generate_series(1, $4::int) g`,
    [sample.subject, sample.text_body, sample.html_body, MESSAGES],
  );
  const queuedMs = performance.now() - started;
  const benchIds = () => [...sink.countsByMessageId().keys()].filter((id) => id.startsWith('<bench-'));
  const deadline = started + 180_000;
  while (benchIds().length < MESSAGES && performance.now() < deadline) await sleep(50);
  const seconds = (sink.deliveries.reduce((last, delivery) => Math.max(last, delivery.at), 0) - started) / 1000;
  await sleep(3000); // anything sent twice would arrive now

  const received = sink.countsByMessageId();
  const ids = benchIds();
  const duplicates = ids.reduce((sum, id) => sum + (received.get(id) - 1), 0);
  const bySender = new Map();
  for (const { from } of sink.deliveries) bySender.set(from, (bySender.get(from) ?? 0) + 1);
  const {
    rows: [state],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status <> 'sent')::int AS other, coalesce(sum(attempts), 0)::int AS attempts
     FROM notifications WHERE dedupe_key LIKE 'bench-mail:%'`,
  );
  report.check(`${MESSAGES.toLocaleString('en-AU')} messages delivered by two instances`, seconds, 's', '<=', BUDGET_SECONDS);
  report.check('throughput', MESSAGES / seconds, 'msg/s');
  report.check('messages lost (queued, never received)', MESSAGES - ids.length, '', '<=', 0);
  report.check('messages received more than once', duplicates, '', '<=', 0);
  report.check('outbox rows not marked sent', state.other + (MESSAGES - state.sent), '', '<=', 0);
  report.check('delivery attempts beyond one per message', state.attempts - MESSAGES, '', '<=', 0);
  const split = [...bySender]
    .filter(([sender]) => sender.endsWith('@bench.example.com'))
    .map(([sender, count]) => `${sender.split('@')[0]} ${count.toLocaleString('en-AU')}`);
  report.check('instances that delivered messages', split.length, '', '>=', 2);
  report.note(
    `split between instances: ${split.join(', ')}; queued in ${queuedMs.toFixed(0)} ms; MAIL_CONCURRENCY ${process.env.MAIL_CONCURRENCY ?? '1 (the default)'} per instance`,
  );
} finally {
  await db.end().catch(() => undefined);
  await second.stop();
  await first.stop();
  await sink.stop();
}
report.finish();
