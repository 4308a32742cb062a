// The product as `npm start` runs it (building first if needed), on a fresh data folder of its own so
// journeys never touch the developer's data.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(root, '.data', 'e2e');
await rm(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
await import(path.join(root, 'scripts/start.mjs'));
