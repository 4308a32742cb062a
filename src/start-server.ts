import { openSync } from 'node:fs';
import { WriteStream } from 'node:tty';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pino, type Logger } from 'pino';
import { createApp } from './app.factory.js';
import { chooseLogFormat, createLogStream, type LogOutput } from './common/logging/log-output.js';
import { loadConfig } from './config/app-config.js';
import { resolveJwtSecret, resolvePayoutEncryptionKey } from './config/jwt-secret.js';
import { announceDemoAccounts } from './demo/demo-announcement.js';
import { DemoDataService } from './demo/demo-data.service.js';
import { provisionDatabase } from './database/provision-database.js';

export interface ServerOutput {
  /** Where log lines go: readable lines when it is a terminal (`isTTY`), JSON otherwise (LOG_FORMAT=auto). */
  stdout: LogOutput;
  /** The person's terminal when stdout is not one (stdout sent to a file from a terminal), if any. */
  openTerminal?: () => LogOutput | undefined;
}

export interface RunningServer {
  app: NestFastifyApplication;
  port: number;
  log: Logger;
  /** Closes the server (requests and e-mail deliveries finish), then stops the embedded database. */
  stop(): Promise<void>;
}

/**
 * Starts the product: configuration, logs, database (embedded unless DATABASE_URL), API and front ends
 * on one port. Start-up ends with the 'Ready' line and then, on a first start in demo mode, the demo
 * accounts (on the terminal, never in the logs). Throws ConfigError or PostgresAccessError for the
 * caller to print.
 */
export async function startServer(env: NodeJS.ProcessEnv, output: ServerOutput): Promise<RunningServer> {
  const config = await resolvePayoutEncryptionKey(await resolveJwtSecret(loadConfig(env)));
  const logStream = createLogStream(chooseLogFormat(config.logFormat, output.stdout.isTTY), output.stdout);
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'info', base: { context: 'Bootstrap' } }, logStream);
  const database = await provisionDatabase(config, (message) => log.info(message));
  let app: NestFastifyApplication | undefined;
  try {
    app = await createApp({ config, databaseUrl: database.url, logDestination: logStream });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    log.error({ err: error }, 'The server could not start');
    await app?.close().catch(() => undefined);
    await database.release();
    throw error;
  }
  const running = app;
  const address = running.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    { port, database: database.embedded ? 'embedded' : 'configured' },
    `Ready on http://localhost:${port} (public site /, staff console /admin, API /api, docs /api/docs)`,
  );

  const accounts = running.get(DemoDataService).takeNewAccounts();
  if (accounts) {
    const terminal = output.stdout.isTTY ? output.stdout : output.openTerminal?.();
    await announceDemoAccounts(accounts, config, terminal, (message) => log.info(message));
  }

  return {
    app: running,
    port,
    log,
    stop: async () => {
      // The server closes first (in-flight requests and e-mail deliveries finish), then the database stops.
      await running.close().catch((error: unknown) => log.error({ err: error }, 'Error while closing the server'));
      await database.release();
    },
  };
}

/** The controlling terminal, when the process has one but its stdout goes elsewhere (`npm start > log`). */
export function openControllingTerminal(): LogOutput | undefined {
  try {
    return new WriteStream(openSync('/dev/tty', 'w'));
  } catch {
    return undefined; // no terminal (a service, a container): the accounts go to a private file instead
  }
}
