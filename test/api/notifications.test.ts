import pg from 'pg';
import { DataSource } from 'typeorm';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { NotificationsWorker } from '../../src/modules/notifications/notifications.worker.js';
import { EMAIL_LOGO, emailLogoPng } from '../../src/modules/templates/email-logo.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const JOB_VARIABLES = { customerName: 'Alex <b>Citizen</b>', jobId: 'JOB-1001', trackingLink: 'http://localhost:3000/job-status/booked-job1001-x' };

interface Row {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}

async function rows(dataSource: DataSource): Promise<Row[]> {
  return dataSource.query(`SELECT id, status, attempts, last_error, sent_at FROM notifications ORDER BY created_at, id`);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function enqueue(app: TestApp, to = 'alex@example.com.au', dedupeKey?: string) {
  const service = app.app.get(NotificationsService);
  return app.dataSource.transaction((manager) =>
    service.enqueue(manager, { template: 'booking_confirmed', to, variables: JOB_VARIABLES, dedupeKey, entity: { type: 'job', id: 'JOB-1001' } }),
  );
}

describe('notifications engine', () => {
  let smtp: SmtpSink;
  let sut: TestApp;

  beforeEach(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '50' } });
  });

  afterEach(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('delivers a queued message over SMTP, rendered from the stored template', async () => {
    await sut.dataSource.query(`UPDATE email_templates SET subject = 'Booked: {jobId}' WHERE key = 'booking_confirmed'`);
    const queued = await enqueue(sut);
    expect(queued).toMatchObject({ status: 'queued', created: true });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['alex@example.com.au']);
    expect(mail!.subject).toBe('Booked: JOB-1001');
    expect(mail!.text).toContain('Hi Alex <b>Citizen</b>,');
    expect(mail!.html).toContain('Hi Alex &lt;b&gt;Citizen&lt;/b&gt;,');
    // The logo travels inside the message (mail clients block remote images and SVG): a PNG, inline, by Content-ID.
    expect(mail!.html).toContain(`src="cid:${EMAIL_LOGO.cid}"`);
    expect(mail!.attachments).toEqual([expect.objectContaining({ contentId: `<${EMAIL_LOGO.cid}>`, mimeType: 'image/png', disposition: 'inline' })]);
    expect(Buffer.from(mail!.attachments[0]!.content).equals(await emailLogoPng())).toBe(true);
    await waitUntil(async () => (await rows(sut.dataSource))[0]!.status === 'sent');
    const [row] = await rows(sut.dataSource);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('never sends a message queued in a transaction that rolled back', async () => {
    const service = sut.app.get(NotificationsService);
    await expect(
      sut.dataSource.transaction(async (manager) => {
        await service.enqueue(manager, { template: 'booking_confirmed', to: 'ghost@example.com.au', variables: JOB_VARIABLES });
        throw new Error('the booking could not be saved');
      }),
    ).rejects.toThrow('the booking could not be saved');
    await enqueue(sut, 'real@example.com.au');

    await smtp.waitFor(1);
    await sut.app.get(NotificationsWorker).drainNow();
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['real@example.com.au']);
    expect(await rows(sut.dataSource)).toHaveLength(1);
  });

  it('queues a message once per dedupe key', async () => {
    const first = await enqueue(sut, 'alex@example.com.au', 'job:1:booked');
    const second = await enqueue(sut, 'alex@example.com.au', 'job:1:booked');
    expect(second).toEqual({ id: first.id, status: first.status, created: false });
    await smtp.waitFor(1);
    await sut.app.get(NotificationsWorker).drainNow();
    expect(smtp.received).toHaveLength(1);
  });

  it('queues once when two transactions race on one dedupe key (the second waits on the first)', async () => {
    const service = sut.app.get(NotificationsService);
    const request = { template: 'booking_confirmed' as const, to: 'alex@example.com.au', variables: JOB_VARIABLES, dedupeKey: 'race:1' };
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstQueued!: () => void;
    const firstInserted = new Promise<void>((resolve) => (firstQueued = resolve));
    const first = sut.dataSource.transaction(async (manager) => {
      const queued = await service.enqueue(manager, request);
      firstQueued();
      await firstHolds; // uncommitted: the second transaction's insert waits on its key
      return queued;
    });
    await firstInserted;
    const second = sut.dataSource.transaction((manager) => service.enqueue(manager, request));
    // The second statement is now waiting on the first's row lock; let the first commit.
    await waitUntil(async () => {
      const [waiting] = await sut.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      return waiting.n > 0;
    });
    releaseFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(a.created).toBe(true);
    expect(b).toEqual({ id: a.id, status: a.status, created: false });
    expect(await rows(sut.dataSource)).toHaveLength(1);
  });

  it('retries a failing SMTP peer with backoff, then marks the message dead with its error', async () => {
    smtp.rejectWith(451, 'Mailbox temporarily unavailable');
    await enqueue(sut);

    await waitUntil(async () => (await rows(sut.dataSource))[0]!.status === 'dead');
    const [row] = await rows(sut.dataSource);
    expect(row).toMatchObject({ status: 'dead', attempts: 3, sent_at: null });
    expect(row!.last_error).toContain('451');
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers after a temporary failure once the peer recovers', async () => {
    smtp.rejectWith(451, 'Try again later');
    await enqueue(sut);
    await waitUntil(async () => (await rows(sut.dataSource))[0]!.status === 'failed');
    smtp.accept();
    await smtp.waitFor(1);
    await waitUntil(async () => (await rows(sut.dataSource))[0]!.status === 'sent');
    expect((await rows(sut.dataSource))[0]!.attempts).toBeGreaterThanOrEqual(2);
  });

  it('refuses an address that could add recipients or headers', async () => {
    await expect(enqueue(sut, 'a@example.com\r\nBcc: b@example.com')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(enqueue(sut, 'a@example.com, b@example.com')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('notifications engine after a server was killed', () => {
  let smtp: SmtpSink;
  let sut: TestApp;

  beforeEach(async () => {
    smtp = await new SmtpSink().start();
    sut = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });

  afterEach(async () => {
    await sut.close();
    await smtp.stop();
  });

  it('sends at once what a killed server had claimed, and leaves alone what a live one holds', async () => {
    // Two messages claimed, with a lease of an hour: one by a session that is gone (its server was
    // killed), one by a session that is still open (a server still sending it).
    const live = new pg.Client({ connectionString: sut.databaseUrl });
    await live.connect();
    try {
      const [{ session }] = (await live.query(`SELECT pid || '@' || backend_start::text AS session FROM pg_stat_activity WHERE pid = pg_backend_pid()`)).rows;
      // Queued and claimed in one transaction: the worker never sees them unclaimed.
      const service = sut.app.get(NotificationsService);
      const { dead, held } = await sut.dataSource.transaction(async (manager) => {
        const queue = (to: string) =>
          service.enqueue(manager, { template: 'booking_confirmed', to, variables: JOB_VARIABLES, entity: { type: 'job', id: 'JOB-1001' } });
        const claimed = { dead: await queue('dead-claim@example.com.au'), held: await queue('live-claim@example.com.au') };
        await manager.query(
          `UPDATE notifications SET attempts = 1, locked_until = now() + interval '1 hour',
             claimed_by = CASE WHEN id = $1 THEN '2147483000@2020-01-01 00:00:00+00' ELSE $3 END
           WHERE id IN ($1, $2)`,
          [claimed.dead.id, claimed.held.id, session],
        );
        return claimed;
      });
      await sut.app.get(NotificationsWorker).drainNow();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['dead-claim@example.com.au']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received.map((message) => message.to[0])).toEqual(['dead-claim@example.com.au']);
      const states = await sut.dataSource.query(`SELECT to_address, status, attempts, claimed_by FROM notifications WHERE id IN ($1, $2) ORDER BY to_address`, [
        dead.id,
        held.id,
      ]);
      expect(states).toEqual([
        { to_address: 'dead-claim@example.com.au', status: 'sent', attempts: 2, claimed_by: null },
        { to_address: 'live-claim@example.com.au', status: 'queued', attempts: 1, claimed_by: session },
      ]);
    } finally {
      await live.end();
    }
  });
});

describe('notifications engine when the SMTP peer is down', () => {
  it('sends what waited for it as soon as the peer answers again, not after its backoff', async () => {
    const smtp = await new SmtpSink().start();
    await smtp.stop(); // down: connections refused
    // A backoff of ten minutes: without noticing the peer's return the messages would wait that long.
    const sut = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '600000' } });
    try {
      await enqueue(sut, 'first@example.com.au');
      await enqueue(sut, 'second@example.com.au');
      await waitUntil(async () => {
        const waiting = await rows(sut.dataSource);
        return waiting.length === 2 && waiting.every((row) => row.status === 'failed');
      });
      expect((await rows(sut.dataSource))[0]!.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      await smtp.restart();
      const mails = await smtp.waitFor(2, 5_000);
      expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['first@example.com.au', 'second@example.com.au']);
      await waitUntil(async () => (await rows(sut.dataSource)).every((row) => row.status === 'sent'));
      expect((await rows(sut.dataSource)).map((row) => row.attempts)).toEqual([2, 2]);
    } finally {
      await sut.close();
      await smtp.stop();
    }
  });
});

describe('notifications engine with two server instances', () => {
  it('delivers every message exactly once', async () => {
    const smtp = await new SmtpSink().start();
    const first = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_CONCURRENCY: '2' } });
    const second = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_CONCURRENCY: '2' }, databaseUrl: first.databaseUrl });
    try {
      const service = first.app.get(NotificationsService);
      await first.dataSource.transaction(async (manager) => {
        for (let i = 0; i < 60; i += 1) {
          await service.enqueue(manager, { template: 'booking_confirmed', to: `customer${i}@example.com.au`, variables: JOB_VARIABLES });
        }
      });
      await smtp.waitFor(60);
      await Promise.all([first.app.get(NotificationsWorker).drainNow(), second.app.get(NotificationsWorker).drainNow()]);
      const ids = smtp.received.map((mail) => mail.messageId);
      expect(new Set(ids).size).toBe(60);
      expect(ids).toHaveLength(60);
      const statuses: Array<{ status: string; count: number }> = await first.dataSource.query(
        `SELECT status, count(*)::int AS count FROM notifications GROUP BY status`,
      );
      expect(statuses).toEqual([{ status: 'sent', count: 60 }]);
    } finally {
      await second.app.close();
      await first.close();
      await smtp.stop();
    }
  });
});

describe('notifications engine in preview mode (no SMTP_URL)', () => {
  it('stores the rendered message as a preview and never sends it', async () => {
    const sut = await startTestApp();
    try {
      const queued = await enqueue(sut);
      expect(queued.status).toBe('preview');
      const [row] = await sut.dataSource.query(`SELECT status, subject, html_body, attempts FROM notifications`);
      expect(row).toMatchObject({ status: 'preview', subject: 'Your pipe inspection is booked', attempts: 0 });
      expect(row.html_body).toContain('JOB-1001');
    } finally {
      await sut.close();
    }
  });
});
