import 'reflect-metadata';
import { pino } from 'pino';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { PostgresAccessError } from './database/embedded-postgres.js';
import { provisionDatabase } from './database/provision-database.js';

/** Starts the product: configuration, database (embedded unless DATABASE_URL), API and front ends on one port. */
async function main(): Promise<void> {
  let config;
  try {
    config = await resolveJwtSecret(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'info', base: { context: 'Bootstrap' } });
  let database;
  try {
    database = await provisionDatabase(config, (message) => log.info(message));
  } catch (error) {
    // Says which folder the embedded PostgreSQL cannot reach and what to do: the message alone, no stack.
    if (error instanceof PostgresAccessError) {
      process.stderr.write(`\n${error.message}\n\n`);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await createApp({ config, databaseUrl: database.url });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, 'The server could not start');
    await app?.close().catch(() => undefined);
    await database.release();
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping`);
    // The server closes first (in-flight requests and e-mail deliveries finish), then the database stops.
    await app.close().catch((error: unknown) => log.error({ err: error }, 'Error while closing the server'));
    await database.release();
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));

  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, database: database.embedded ? 'embedded' : 'configured' }, `Ready on http://localhost:${port} (public site /, staff console /admin, API /api, docs /api/docs)`);
}

void main();
