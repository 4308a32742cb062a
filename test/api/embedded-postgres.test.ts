import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';

async function query(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'relining-embedded-'));
    await chmod(folder, 0o755);
  });

  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('keeps its data between runs, lets a second copy join a running one, and stops cleanly', async () => {
    const dataDir = path.join(folder, 'pg');
    const first = new EmbeddedPostgres({ dataDir });
    const url = await first.start();
    await query(url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES (\'still here\')');

    // A second copy on the same data folder joins the running server rather than fighting over it.
    const second = new EmbeddedPostgres({ dataDir });
    expect(await second.start()).toBe(url);
    await second.stop(); // a guest never stops the owner's server
    expect(await query(url, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);

    await first.stop();
    await expect(query(url, 'SELECT 1')).rejects.toThrow();

    const again = new EmbeddedPostgres({ dataDir });
    const urlAgain = await again.start();
    expect(await query(urlAgain, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    await again.stop();
  }, 60_000);
});
