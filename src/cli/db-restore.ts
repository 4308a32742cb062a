import 'reflect-metadata';
import { restoreCommand } from './backup-cli.js';

/** `npm run db:restore -- --file <path> [--force] [--check]` (see src/database/backup/). */
process.exitCode = await restoreCommand(process.argv.slice(2), process.env);
