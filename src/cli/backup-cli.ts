import path from 'node:path';
import { parseArgs } from 'node:util';
import { createObjectStorage } from '../common/storage/create-storage.js';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config.js';
import { provisionDatabase, type ProvisionedDatabase } from '../database/provision-database.js';
import { productData } from '../product-data.js';
import { BackupFormatError } from '../database/backup/backup-format.js';
import { readBackup } from '../database/backup/backup-reader.js';
import { createBackup } from '../database/backup/backup.js';
import { planSchema } from '../database/backup/restore-plan.js';
import { codeMigrationNames, RestoreFailedError, RestoreRefusedError, restoreBackup } from '../database/backup/restore.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

type Env = Readonly<Record<string, string | undefined>>;

const processIo: CliIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

const BACKUP_USAGE = `Usage: npm run db:backup -- [--file <path>] [--no-uploads]

Writes the whole database (every table, sequence values) and the uploaded files (from UPLOADS_DIR, or the
S3 bucket STORAGE_URL names) into one compressed file, by default DATA_DIR/backups/<time>.backup.gz (readable by this user only). Works on the
embedded database (DATA_DIR; started for the backup if the server is not running) or the one DATABASE_URL
points at, and while the server runs (the database is read in one consistent snapshot).

  --file <path>    where to write the backup (never overwrites a file)
  --no-uploads     leave the uploaded files out (the restore then leaves the stored files as they are)`;

const RESTORE_USAGE = `Usage: npm run db:restore -- --file <path> [--force] [--check]

Replaces the database (and the uploaded files, in UPLOADS_DIR or the S3 bucket STORAGE_URL names, if the
backup has them) with a backup made by db:backup, all or nothing. Works on the embedded database (DATA_DIR) or the one DATABASE_URL points at; stop the
server first. A backup from an older version is migrated to this one; one from a newer version is refused.

  --file <path>    the backup to restore
  --force          replace a database that already holds data (it is listed first, without --force)
  --check          only read the file and check every checksum; the database is not touched`;

/** `npm run db:backup`; answers the exit code (0 done, 1 failed, 2 bad usage). */
export async function backupCommand(argv: string[], env: Env, io: CliIo = processIo): Promise<number> {
  let values: { file?: string; 'no-uploads'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { file: { type: 'string' }, 'no-uploads': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${BACKUP_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${BACKUP_USAGE}\n`);
    return 0;
  }
  const config = configOrReport(env, io);
  if (!config) return 1;
  const file = path.resolve(values.file ?? path.join(config.dataDir, 'backups', `${timestamp(new Date())}.backup.gz`));
  const started = Date.now();
  const database = await provisionOrReport(config, io);
  if (!database) return 1;
  const storage = createObjectStorage(config.storage);
  try {
    const result = await createBackup({
      databaseUrl: database.url,
      file,
      storage,
      includeUploads: !values['no-uploads'],
      log: (line) => io.err(`  ${line}\n`),
    });
    const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
    const uploads = values['no-uploads']
      ? 'uploaded files left out (--no-uploads)'
      : `${result.files.count} uploaded files (${size(result.files.bytes)}) from ${storage.description}`;
    io.out(
      `Backed up ${database.embedded ? 'the embedded database' : 'the database'} at migration ${result.header.migrations.at(-1)}: ` +
        `${result.tables.length} tables, ${rows} rows; ${uploads}.\n` +
        `${result.file} (${size(result.bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    if (result.missingUploads.length > 0) {
      io.err(
        `Warning: ${result.missingUploads.length} photo(s) listed in the database are not in ${storage.description} (for example ${result.missingUploads[0]}). ` +
          'Is DATA_DIR / UPLOADS_DIR / STORAGE_URL the one the server uses?\n',
      );
    }
    return 0;
  } catch (error) {
    io.err(`Backup failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    storage.destroy?.();
    await database.release();
  }
}

/** `npm run db:restore`; answers the exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function restoreCommand(argv: string[], env: Env, io: CliIo = processIo): Promise<number> {
  let values: { file?: string; force?: boolean; check?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { file: { type: 'string' }, force: { type: 'boolean' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${RESTORE_USAGE}\n`);
    return 2;
  }
  if (values.help || !values.file) {
    (values.help ? io.out : io.err)(`${RESTORE_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const file = path.resolve(values.file);
  if (values.check) return checkCommand(file, io);
  const config = configOrReport(env, io);
  if (!config) return 1;
  const started = Date.now();
  const database = await provisionOrReport(config, io);
  if (!database) return 1;
  const storage = createObjectStorage(config.storage);
  try {
    const result = await restoreBackup({
      databaseUrl: database.url,
      file,
      storage,
      force: values.force ?? false,
      product: productData,
      log: (line) => io.err(`  ${line}\n`),
    });
    const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
    const uploads = result.header.uploads.included
      ? `${result.files.count} uploaded files into ${storage.description}`
      : `${storage.description} left as it was (the backup has no uploads)`;
    io.out(
      `Restored ${file} (made ${result.header.createdAt}, migration ${result.header.migrations.at(-1)}) into ${database.embedded ? 'the embedded database' : 'the database'}: ` +
        `${result.tables.length} tables, ${rows} rows; ${uploads}; in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
        (result.replaced.length > 0 ? `Replaced: ${result.replaced.join('; ')}.\n` : '') +
        (result.migrated.length > 0 ? `Then migrated to this version: ${result.migrated.join(', ')}.\n` : ''),
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupFormatError) io.err(`${error.message}\nNothing was changed.\n`);
    else if (error instanceof RestoreRefusedError || error instanceof RestoreFailedError) io.err(`${error.message}\n`);
    else io.err(`Restore failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    storage.destroy?.();
    await database.release();
  }
}

/** `--check`: reads the whole file and checks it, without a database. */
async function checkCommand(file: string, io: CliIo): Promise<number> {
  try {
    const code = codeMigrationNames();
    const summary = await readBackup(file, {
      header: async (header) => {
        const plan = planSchema(header.migrations, undefined, code);
        if (plan.action === 'refuse') throw new RestoreRefusedError(plan.reason);
      },
    });
    const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
    io.out(
      `${file} is complete and every checksum matches: made ${summary.header.createdAt} at migration ${summary.header.migrations.at(-1)} ` +
        `(PostgreSQL ${summary.header.postgresVersion}); ${summary.tables.length} tables, ${rows} rows; ` +
        (summary.header.uploads.included
          ? `${summary.files.count} uploaded files (${size(summary.files.bytes)}).\n`
          : 'no uploaded files (made with --no-uploads).\n') +
        summary.tables.map((t) => `  ${t.name}: ${t.rows}\n`).join(''),
    );
    return 0;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 1;
  }
}

async function provisionOrReport(config: AppConfig, io: CliIo): Promise<ProvisionedDatabase | undefined> {
  try {
    return await provisionDatabase(config, () => undefined);
  } catch (error) {
    io.err(`Could not reach the database: ${(error as Error).message}\n`);
    return undefined;
  }
}

function configOrReport(env: Env, io: CliIo): AppConfig | undefined {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`${error.message}\n`);
      return undefined;
    }
    throw error;
  }
}

/** 2026-11-21T10-30-00Z: sortable, and no colons (awkward in file names). */
export function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}
