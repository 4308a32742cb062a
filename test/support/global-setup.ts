import './resolve-ts-hook.cjs';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { EmbeddedPostgres, PostgresAccessError } from '../../src/database/embedded-postgres.js';
import { migrateAndSeed } from '../../src/database/migrate.js';
import { productData } from '../../src/product-data.js';

declare global {
  var testPostgres: { server?: EmbeddedPostgres; dataDir?: string; adminUrl: string; template: string } | undefined;
}

/**
 * Once per `npm test`: a PostgreSQL server (embedded in a temporary folder, or the one DATABASE_URL
 * points at) and a template database migrated and seeded once. Each test file clones the template
 * (`CREATE DATABASE … TEMPLATE`), so files run in parallel on databases of their own.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl: string;
  let server: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    await removeAbandonedTestServers();
    dataDir = await mkdtemp(path.join(tmpdir(), 'relining-test-pg-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    server = new EmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      dataDirSetting: 'TMPDIR',
      // Test databases are thrown away: skip the durability work.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = await server.start().catch(async (error: unknown) => {
      if (!(error instanceof PostgresAccessError)) throw error;
      // One clear message (which folder, what to do) rather than a stack from deep inside Jest.
      await rm(dataDir!, { recursive: true, force: true });
      process.stderr.write(`\n${error.message}\n\n`);
      process.exit(1);
    });
  }
  const template = `relining_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const dataSource = await new DataSource(dataSourceOptions(templateUrl.toString(), 'test-template')).initialize();
  await migrateAndSeed(dataSource, productData);
  await dataSource.destroy();

  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_PG_TEMPLATE = template;
  globalThis.testPostgres = { server, dataDir, adminUrl, template };
}

/** A test run that was killed leaves its server running: stop and remove those of runs that are gone. */
async function removeAbandonedTestServers(): Promise<void> {
  for (const entry of await readdir(tmpdir())) {
    if (!entry.startsWith('relining-test-pg-')) continue;
    const folder = path.join(tmpdir(), entry);
    const state = await readFile(path.join(folder, 'pg.state.json'), 'utf8').then(
      (text) => JSON.parse(text) as { ownerPid: number },
      () => undefined,
    );
    if (state && isAlive(state.ownerPid)) continue;
    // No state file yet: another run may be inside initdb right now (it writes the state once started).
    if (!state && Date.now() - (await stat(folder)).mtimeMs < 10 * 60_000) continue;
    const postmaster = await readFile(path.join(folder, 'pg', 'postmaster.pid'), 'utf8').catch(() => undefined);
    const pid = postmaster ? Number(postmaster.split('\n')[0]) : NaN;
    if (Number.isInteger(pid) && isAlive(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rm(folder, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
