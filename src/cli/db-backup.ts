import 'reflect-metadata';
import { backupCommand } from './backup-cli.js';

/** `npm run db:backup -- [--file <path>] [--no-uploads]` (see src/database/backup/). */
process.exitCode = await backupCommand(process.argv.slice(2), process.env);
