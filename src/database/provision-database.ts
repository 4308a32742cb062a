import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';

export const EMBEDDED_DATABASE_NAME = 'relining';

export interface ProvisionedDatabase {
  url: string;
  embedded: boolean;
  /** Stops the embedded server if this process started it; nothing for a configured database. */
  release(): Promise<void>;
}

/**
 * The database the server uses: `DATABASE_URL` when set, otherwise an embedded PostgreSQL with its
 * data in `DATA_DIR/pg`, kept between runs.
 */
export async function provisionDatabase(config: AppConfig, log: (message: string) => void): Promise<ProvisionedDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, release: async () => undefined };
  }
  const server = new EmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg'), log });
  const maintenanceUrl = await server.start();
  try {
    await ensureDatabase(maintenanceUrl, EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = new URL(maintenanceUrl);
  url.pathname = `/${EMBEDDED_DATABASE_NAME}`;
  return { url: url.toString(), embedded: true, release: () => server.stop() };
}

/** Creates the database if it does not exist yet (safe when two processes race to create it). */
export async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
