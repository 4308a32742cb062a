import 'reflect-metadata';
import { ConfigError } from './config/app-config.js';
import { PostgresAccessError } from './database/embedded-postgres.js';
import { openControllingTerminal, startServer, type RunningServer } from './start-server.js';

/** `npm start` (and `node dist/src/main.js`): the product on one port until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer(process.env, { stdout: process.stdout, openTerminal: openControllingTerminal });
  } catch (error) {
    // A bad setting, or a folder the embedded PostgreSQL cannot reach: the message alone says what to do.
    if (error instanceof ConfigError || error instanceof PostgresAccessError) process.stderr.write(`\n${error.message}\n\n`);
    else process.stderr.write(`The server could not start: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    server.log.info(`${signal} received: stopping`);
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}

void main();
