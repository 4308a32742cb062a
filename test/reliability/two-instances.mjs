// Scenario 4, two server instances on one database: bookings sent to both in turn (30 s; 10 s in short
// mode), each instance sending e-mail from its own address to one SMTP peer; every e-mail delivered
// exactly once, by one instance. Every scheduled job ticks on both instances (their schedules made
// short through REBATES_DUE_CRON and RATE_LIMIT_CLEANUP_CRON) and runs once per period: the rate-limit
// cleanup once per tick, the rebates-due digest once per day (one e-mail), whoever ticks first.
import pg from 'pg';
import { bookingBody, sleep } from '../../bench/lib.mjs';
import { SmtpPeer } from '../../bench/smtp-peer.mjs';
import { checkDeliveries, logLines, migrate, runLoad, startOnDatabase, tally, waitFor } from './lib.mjs';

const TICK_SECONDS = 2;

export async function twoInstances({ cluster, report, short, ports }) {
  const seconds = short ? 10 : 30;
  const databaseUrl = await cluster.createDatabase('reliability_two_instances');
  const peer = await new SmtpPeer({ identify: true }).start();
  const env = (sender) => ({
    SMTP_URL: peer.url,
    MAIL_FROM: `Pipe Relining Australia <${sender}>`,
    REBATES_DUE_CRON: `*/${TICK_SECONDS} * * * * *`,
    RATE_LIMIT_CLEANUP_CRON: `*/${TICK_SECONDS} * * * * *`,
  });
  // The schema first, then a rebate overdue (so that the digest has something to say), then the instances.
  await migrate(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO referrals (client_name, client_phone, job_address, suburb, plumber_name, plumber_company, plumber_phone, plumber_email, urgency, description,
                            cleanview_rebate_amount_cents, reline_rebate_amount_cents, status, cleanview_rebate_status, cleanview_completed_at)
     VALUES ('Client', '0400', '1 Drain Rd', 'Geelong', 'Pat', 'Co', '0400', 'pat@example.com.au', 'low', 'Blocked', 8000, 40000,
             'cleanview_completed', 'processing', now() - interval '20 days')`,
  );
  let first;
  let second;
  try {
    first = await startOnDatabase({ name: 'two-a', port: ports.twoA, databaseUrl, env: env('instance-a@reliability.example.com') });
    second = await startOnDatabase({ name: 'two-b', port: ports.twoB, databaseUrl, env: env('instance-b@reliability.example.com') });
    // Both instances up for whole ticks: the window starts and ends on a tick boundary.
    await sleep(TICK_SECONDS * 1000 - (Date.now() % (TICK_SECONDS * 1000)) + 500);
    const windowStart = new Date(Date.now() - 1000);
    const started = performance.now();
    const urls = [first.url, second.url];
    const results = [];
    // One load per instance, the same bodies alternately.
    await Promise.all(
      urls.map((url, index) =>
        runLoad({
          url,
          concurrency: 4,
          pauseMs: 20,
          until: () => performance.now() - started > seconds * 1000,
          next: (sequence) => ({ kind: index === 0 ? 'a' : 'b', path: '/api/bookings', body: bookingBody(sequence * 2 + index, 'two-instances.example.com') }),
        }).then((part) => results.push(...part)),
      ),
    );
    const windowEnd = new Date(Date.now() - 1000);
    const { byKind } = tally(results);
    console.log(`  answers (a, b = instance): ${JSON.stringify(byKind)}`);
    const created = results.filter((result) => result.status === 201);
    report.check('bookings answered 201 (both instances)', created.length, '');
    report.check('booking requests not answered 201', results.length - created.length, '', '<=', 0);
    const ids = created.map((result) => result.body.id);
    const {
      rows: [rows],
    } = await db.query(
      `SELECT count(*) FILTER (WHERE b.id = ANY($1::uuid[]))::int AS answered, count(*) FILTER (WHERE NOT b.id = ANY($1::uuid[]))::int AS unanswered,
              count(*) FILTER (WHERE n.emails <> 2)::int AS wrong_emails
       FROM bookings b
       LEFT JOIN LATERAL (SELECT count(*)::int AS emails FROM notifications WHERE entity_type = 'booking' AND entity_id = b.id::text) n ON true
       WHERE b.email LIKE '%@two-instances.example.com'`,
      [ids],
    );
    report.check('201 answers without their row, rows without a 201', ids.length - rows.answered + rows.unanswered, '', '<=', 0);
    report.check('bookings without exactly two queued e-mails', rows.wrong_emails, '', '<=', 0);

    // E-mails: every one delivered once, by one of the two.
    const drained = await waitFor(
      async () => {
        const {
          rows: [{ pending }],
        } = await db.query(`SELECT count(*)::int AS pending FROM notifications WHERE status <> 'sent'`);
        return pending === 0;
      },
      { timeoutMs: 120_000, everyMs: 250 },
    );
    await sleep(3000);
    const mail = await checkDeliveries(db, peer, 'true');
    const bySender = new Map();
    for (const { from } of peer.deliveries) bySender.set(from, (bySender.get(from) ?? 0) + 1);
    report.check('e-mails queued', mail.rows, '');
    report.check('outbox drained', drained ? 1 : 0, '', '>=', 1);
    report.check('e-mails lost', mail.lost, '', '<=', 0);
    report.check('e-mails received more than once (by Message-ID)', mail.repeated, '', '<=', 0);
    report.check('e-mails received more than once (by content)', mail.repeatedByContent, '', '<=', 0);
    report.check('instances that delivered e-mails', [...bySender.keys()].filter((sender) => sender.startsWith('instance-')).length, '', '>=', 2);
    report.note(`deliveries per instance: ${[...bySender].map(([sender, count]) => `${sender.split('@')[0]} ${count}`).join(', ')}`);

    // Scheduled jobs: what each instance logged on each tick (a claim won or lost) since it started.
    const runs = [];
    for (const [instance, product] of [
      ['a', first],
      ['b', second],
    ]) {
      for (const line of logLines(product.logFile)) {
        if (typeof line.job === 'string' && typeof line.ran === 'boolean')
          runs.push({ instance, job: line.job, period: line.period, ran: line.ran, at: new Date(line.time) });
      }
    }
    const ticks = Math.floor((windowEnd - windowStart) / 1000 / TICK_SECONDS);
    for (const job of ['rate-limit-cleanup', 'rebates-due-digest']) {
      const mine = runs.filter((run) => run.job === job);
      const periods = new Map();
      for (const run of mine) periods.set(run.period, (periods.get(run.period) ?? 0) + (run.ran ? 1 : 0));
      const inWindow = ['a', 'b'].map((instance) => mine.filter((run) => run.instance === instance && run.at >= windowStart && run.at <= windowEnd).length);
      report.check(`${job}: ticks per instance in ${Math.round((windowEnd - windowStart) / 1000)} s (a / b)`, inWindow.join(' / '), '');
      report.check(`${job}: instances that missed ticks (${ticks} expected each)`, inWindow.filter((count) => count < ticks).length, '', '<=', 0);
      report.check(`${job}: periods`, periods.size, '');
      report.check(`${job}: periods run other than exactly once`, [...periods.values()].filter((ran) => ran !== 1).length, '', '<=', 0);
      report.check(
        `${job}: runs by instance (a / b)`,
        ['a', 'b'].map((instance) => mine.filter((run) => run.instance === instance && run.ran).length).join(' / '),
        '',
      );
    }
    // Each claim in scheduled_runs is a run logged, and each run logged a claim. The logs were read first:
    // a tick after that (its period later than any logged, its line not read yet) is no mismatch.
    const { rows: claims } = await db.query(`SELECT period FROM scheduled_runs WHERE job = 'rate-limit-cleanup'`);
    const claimed = new Set(claims.map((row) => String(row.period)));
    const logged = new Set(runs.filter((run) => run.job === 'rate-limit-cleanup' && run.ran).map((run) => String(run.period)));
    const lastLogged = [...logged].sort().at(-1) ?? '';
    const mismatches =
      [...claimed].filter((period) => !logged.has(period) && period <= lastLogged).length + [...logged].filter((period) => !claimed.has(period)).length;
    report.check('rate-limit-cleanup: claims in scheduled_runs ≠ runs logged', mismatches, '', '<=', 0);
    // The digest's period is the day: one run today, however many ticks, and its one e-mail.
    const { rows: digestRuns } = await db.query(`SELECT period FROM scheduled_runs WHERE job = 'rebates-due-digest'`);
    const digests = peer.deliveries.filter((delivery) => /^Rebates due/.test(delivery.subject ?? ''));
    report.check('rebates-due-digest: runs recorded in scheduled_runs (one day)', digestRuns.length, '', '<=', 1);
    report.check('rebates-due-digest: e-mails delivered', digests.length, '', '<=', 1);
    report.check('rebates-due-digest: e-mail delivered', digests.length, '', '>=', 1);
  } finally {
    await db.end().catch(() => undefined);
    await second?.stop();
    await first?.stop();
    await peer.stop();
  }
}
