// The product as `npm start` runs it (building first if needed), on a fresh data folder of its own so
// journeys never touch the developer's data.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(root, '.data', 'e2e');
await stopLeftoverDatabase(path.join(dataDir, 'pg'));
await rm(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
await import(path.join(root, 'scripts/start.mjs'));

/** A previous run that was killed may have left its PostgreSQL running on this folder: stop it first. */
async function stopLeftoverDatabase(pgDir) {
  let pid;
  try {
    pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
