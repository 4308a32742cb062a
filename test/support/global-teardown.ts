import './resolve-ts-hook.cjs';
import { rm } from 'node:fs/promises';
import pg from 'pg';

/** Drops what the run created: the whole embedded server, or the template and clones on a configured one. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.testPostgres;
  if (!state) return;
  if (state.server) {
    await state.server.stop();
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: state.adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE 'relining_test_${process.pid}_%'`,
    [state.template],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
  await admin.end();
}
