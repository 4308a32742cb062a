import { SchedulerRegistry } from '@nestjs/schedule';
import { PgRateLimitStore } from '../../src/common/rate-limit/pg-rate-limit.store.js';
import { scheduleCron } from '../../src/common/scheduling/scheduled-runs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('scheduled jobs: once per period across instances', () => {
  let sut: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
    second = await startTestApp({ databaseUrl: sut.databaseUrl });
  });

  afterAll(async () => {
    await second.app.close();
    await sut.close();
  });

  it('runs the rate-limit cleanup once per tick, whichever instance claims it first', async () => {
    await sut.dataSource.query(
      `INSERT INTO rate_limit_hits (key, hits, expires_at) VALUES ('old', 9, now() - interval '1 minute'), ('live', 1, now() + interval '1 minute')`,
    );
    const tick = new Date('2026-11-21T10:10:00.000Z');
    const ran = await Promise.all([
      sut.app.get(PgRateLimitStore).removeExpired(tick),
      second.app.get(PgRateLimitStore).removeExpired(tick),
      sut.app.get(PgRateLimitStore).removeExpired(tick),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect((await sut.dataSource.query(`SELECT key FROM rate_limit_hits ORDER BY key`)).map((row: { key: string }) => row.key)).toEqual(['live']);
    // The next tick is another period: it runs again.
    expect(await second.app.get(PgRateLimitStore).removeExpired(new Date('2026-11-21T10:20:00.000Z'))).toBe(true);
    const claims = await sut.dataSource.query(`SELECT period FROM scheduled_runs WHERE job = 'rate-limit-cleanup' ORDER BY period`);
    expect(claims.map((row: { period: string }) => row.period)).toEqual(['2026-11-21T10:10:00.000Z', '2026-11-21T10:20:00.000Z']);
  });

  it('tells each cron tick the time it was due (the same on every instance), not when it ran', async () => {
    const scheduler = new SchedulerRegistry();
    const dues: Date[] = [];
    scheduleCron(scheduler, { name: 'every-second', cronTime: '* * * * * *', timeZone: 'Australia/Melbourne', onTick: (dueAt) => dues.push(dueAt) });
    try {
      while (dues.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      scheduler.deleteCronJob('every-second');
    }
    expect(dues.map((due) => due.getMilliseconds())).toEqual([0, 0]);
    expect(dues[1]!.getTime() - dues[0]!.getTime()).toBe(1000);
  });
});
