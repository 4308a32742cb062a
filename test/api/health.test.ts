import pg from 'pg';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/health', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut.close());

  it('answers 200 with the database up', async () => {
    const response = await sut.http().get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the database down while PostgreSQL cannot be reached, then 200 again', async () => {
    // Take the database away from under the running server: no new connections, every open one ended.
    const name = new URL(sut.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);

      const down = await sut.http().get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'error', database: 'down' });

      // And back: the pool reconnects by itself.
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const up = await sut.http().get('/api/health').expect(200);
      expect(up.body).toEqual({ status: 'ok', database: 'up' });
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  });
});
