import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource, Migration, MigrationExecutor, type QueryRunner } from 'typeorm';
import { dataSourceOptions } from '../../../ormconfig.js';
import { countObjects, type ObjectStorage } from '../../common/storage/object-storage.js';
import { migrateAndSeed, MIGRATION_LOCK_ID } from '../migrate.js';
import type { ProductData } from '../product-data.js';
import { migrations as codeMigrationClasses } from '../migrations/index.js';
import { RowChecksum, type BackupHeader, type SequenceValue } from './backup-format.js';
import { readBackup, readBackupHeader, type ReadSummary } from './backup-reader.js';
import { planSchema, whatWouldBeReplaced, type TargetContents } from './restore-plan.js';
import { applyCopySettings, quoteIdentifier, readSchemaInventory, type SchemaInventory } from './schema-inventory.js';
import { FilesIntoStorage } from './restore-files.js';

/** A restore refused before anything changed (wrong version, data in the way, server running). */
export class RestoreRefusedError extends Error {}

/** A restore that failed before its commit: rolled back, nothing changed. */
export class RestoreFailedError extends Error {}

export interface RestoreOptions {
  databaseUrl: string;
  file: string;
  /** Where uploaded files go (the uploads folder or an S3 bucket): its contents become the backup's files when it has them. */
  storage: ObjectStorage;
  /** Replace a database that holds data. */
  force: boolean;
  /** The modules' seeds (run after the rows, like a start) and default templates (edited ones are data). */
  product: ProductData;
  log?: (message: string) => void;
}

export interface RestoreResult {
  header: BackupHeader;
  tables: Array<{ name: string; rows: number }>;
  files: { count: number; bytes: number };
  /** What the target held before (empty when it held nobody's data). */
  replaced: string[];
  /** Migrations newer than the backup, applied after its rows were loaded. */
  migrated: string[];
}

/** The migration names this version of the product knows, in order. */
export function codeMigrationNames(): string[] {
  return codeMigrationClasses.map((Migration) => new Migration().name!);
}

/**
 * Restores a backup into the database at `databaseUrl`, all or nothing, in one transaction:
 *
 * 1. Refuses, changing nothing, when the backup comes from a newer version of the product, another
 *    session (a running server) uses the database, the database holds data and `force` is not set, or
 *    the file is damaged or truncated (it is read through once, checking every checksum, before loading).
 * 2. Brings the schema to the backup's migration (migrating an empty or older database, reverting a newer
 *    one), empties every table (TRUNCATE … RESTART IDENTITY CASCADE) and loads the rows with COPY in
 *    dependency order, with the tables' own triggers paused: the running totals come back exactly as
 *    they were backed up, not counted twice. Sets the sequences.
 * 3. Reads every table back and compares its row count and checksum with the backup's, then commits.
 *    Uploaded files are put into the storage (disk or S3) as they stream by, after the rows: a failure
 *    before the commit removes the ones it added and puts back the ones it replaced; after the commit,
 *    stored files the backup does not have are removed, so the storage holds exactly the backup's.
 * 4. Applies the migrations this version has beyond the backup's, and the seeds, as a server start would.
 *
 * Any failure before the commit (a file changed meanwhile, a row PostgreSQL refuses) rolls everything back.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const file = path.resolve(options.file);
  await stat(file).catch(() => {
    throw new RestoreRefusedError(`No backup file at ${file}.`);
  });
  const code = codeMigrationNames();
  const header = await readBackupHeader(file);
  const versionPlan = planSchema(header.migrations, undefined, code);
  if (versionPlan.action === 'refuse') throw new RestoreRefusedError(versionPlan.reason);

  const applicationName = `db-restore-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dataSource = new DataSource(dataSourceOptions(options.databaseUrl, applicationName));
  let queryRunner: QueryRunner | undefined;
  let inTransaction = false;
  let files: FilesIntoStorage | undefined;
  try {
    await dataSource.initialize();
    queryRunner = dataSource.createQueryRunner();
    const client = (await queryRunner.connect()) as pg.PoolClient;

    // 1. Refusals, before anything changes.
    await refuseIfOthersConnected(client, applicationName);
    const target = await describeTarget(client, header.uploads.included ? options.storage : undefined, options.product.defaultTemplates);
    const schemaPlan = planSchema(header.migrations, target.migrations, code);
    if (schemaPlan.action === 'refuse') throw new RestoreRefusedError(schemaPlan.reason);
    const replaced = whatWouldBeReplaced(target.contents);
    const database = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    if (replaced.length > 0 && !options.force) {
      throw new RestoreRefusedError(
        [
          `The database "${database}" is not empty. Restoring replaces everything in it:`,
          ...replaced.map((line) => `  ${line}`),
          `with the backup made ${header.createdAt}${header.uploads.included ? ` (the uploaded files in ${options.storage.description} included)` : ''}.`,
          'Nothing was changed. Run again with --force to replace them.',
        ].join('\n'),
      );
    }
    // A damaged or truncated file is found here, by reading it once through, before the database is touched.
    let started = Date.now();
    log(`checking ${file}`);
    await readBackup(file);
    log(`file checked (${Date.now() - started} ms)`);
    if (replaced.length > 0) log(`replacing what "${database}" held: ${replaced.join('; ')}`);

    // 2-3. Load and check in one transaction.
    let summary: ReadSummary;
    let committed = false;
    try {
      await client.query('BEGIN');
      inTransaction = true;
      // A server starting meanwhile waits here instead of migrating under the restore.
      await client.query(`SELECT set_config('lock_timeout', '15s', true)`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      await bringSchemaTo(dataSource, queryRunner, schemaPlan, log);
      await applyCopySettings(client);
      const inventory = await readSchemaInventory(client);
      assertSameSchema(header, inventory);
      const paused = await pauseTriggers(client, inventory);
      const everything = [...inventory.tables.map((t) => t.name), ...inventory.unloggedTables].map(quoteIdentifier).join(', ');
      await client.query(`TRUNCATE ${everything} RESTART IDENTITY CASCADE`);
      if (header.uploads.included) files = new FilesIntoStorage(options.storage, log);
      log(`loading ${header.tables.length} tables (backup made ${header.createdAt}, migration ${header.migrations.at(-1)})`);
      summary = await readBackup(file, {
        header: async (again) => {
          if (JSON.stringify(again) !== JSON.stringify(header)) throw new Error('The backup file changed while it was being restored.');
        },
        tableStart: async (table) => {
          started = Date.now();
          const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
          return copyInto(client, `COPY ${quoteIdentifier(table.name)} (${columns}) FROM STDIN`);
        },
        tableEnd: async (table, result) => log(`${table.name}: ${result.rows} row${result.rows === 1 ? '' : 's'} (${Date.now() - started} ms)`),
        sequences: async (values) => setSequences(client, values, inventory),
        fileStart: async (key) => files!.writer(key),
      });

      started = Date.now();
      await recheckTables(client, summary);
      log(`every table read back and matched the backup (${Date.now() - started} ms)`);
      const { rows: migrationRows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
      if (migrationRows.map((r) => r.name).join() !== header.migrations.join()) {
        throw new Error('The restored migrations table does not match the backup header.');
      }
      for (const { table, trigger } of paused) {
        await client.query(`ALTER TABLE ${quoteIdentifier(table)} ENABLE TRIGGER ${quoteIdentifier(trigger)}`);
      }
      await client.query('COMMIT');
      inTransaction = false;
      committed = true;
    } catch (error) {
      let undone = '';
      if (files && !committed) {
        undone = await files.undo().then(
          () => '',
          (undoError: unknown) => `\nPutting the stored files back as they were failed too: ${(undoError as Error).message}`,
        );
      }
      throw new RestoreFailedError(`${(error as Error).message}\nNothing was changed.${undone}`, { cause: error });
    }
    // Files the backup does not have (uploaded after it was made) go, as their rows went with the restore.
    await files
      ?.removeOthers()
      .catch((error: unknown) => log(`warning: could not remove every stored file the backup does not have: ${(error as Error).message}`));
    log(`restored ${summary.tables.length} tables and ${summary.files.count} files`);

    // 4. Migrations newer than the backup (and seeds), exactly as the server would run them at its next start.
    const migrated: string[] = [];
    await migrateAndSeed(dataSource, options.product, (line) => {
      migrated.push(line.replace(/^applied migration /, ''));
      log(line);
    });
    return {
      header,
      tables: summary.tables.map((t) => ({ name: t.name, rows: t.rows })),
      files: summary.files,
      replaced,
      migrated,
    };
  } finally {
    if (inTransaction) await queryRunner?.query('ROLLBACK').catch(() => undefined);
    await files?.discard();
    await queryRunner?.release().catch(() => undefined);
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

/**
 * A COPY … FROM STDIN as a well-behaved Writable: pg-copy-streams reports a refused row by emitting
 * 'error' without destroying the stream (and fails on later writes), so this wrapper ends the
 * stream with that error, and 'finish' comes only once PostgreSQL has accepted every row.
 */
function copyInto(client: pg.ClientBase, sql: string): Writable {
  const copy = client.query(copyFrom(sql));
  let failure: Error | undefined;
  const guard = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (failure) return done(failure);
      if (copy.write(chunk)) return done();
      copy.once('drain', () => done(failure));
    },
    final(done) {
      if (failure) return done(failure);
      copy.once('finish', () => done(failure));
      copy.end();
    },
  });
  copy.on('error', (error: Error) => {
    failure = error;
    guard.destroy(error);
  });
  return guard;
}

/** Pauses the tables' own triggers (running totals, wake-ups) while rows load; answers those to resume. */
async function pauseTriggers(client: pg.ClientBase, inventory: SchemaInventory): Promise<Array<{ table: string; trigger: string }>> {
  const { rows: triggers } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND c.relname = ANY($1::text[]) AND c.relnamespace = current_schema()::regnamespace
     ORDER BY 1, 2`,
    [inventory.tables.map((t) => t.name)],
  );
  for (const { table, trigger } of triggers) {
    await client.query(`ALTER TABLE ${quoteIdentifier(table)} DISABLE TRIGGER ${quoteIdentifier(trigger)}`);
  }
  return triggers;
}

/** A restore under a running server would pull the tables from under it: refuse while other sessions use the database. */
async function refuseIfOthersConnected(client: pg.ClientBase, ownApplicationName: string): Promise<void> {
  const { rows } = await client.query<{ application: string; sessions: number }>(
    `SELECT coalesce(nullif(application_name, ''), 'unnamed client') AS application, count(*)::int AS sessions
     FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND application_name <> $1
     GROUP BY 1 ORDER BY 1`,
    [ownApplicationName],
  );
  if (rows.length === 0) return;
  const sessions = rows.map((r) => `${r.application} ×${r.sessions}`).join(', ');
  throw new RestoreRefusedError(
    `Other sessions are using this database (${sessions}): a server is probably running on it. ` +
      'Stop every server using it (Ctrl-C on npm start), then restore. Nothing was changed. (A backup, npm run db:backup, can run while the server runs.)',
  );
}

async function describeTarget(
  client: pg.ClientBase,
  storage: ObjectStorage | undefined,
  defaultTemplates: ProductData['defaultTemplates'],
): Promise<{ migrations?: string[]; contents: TargetContents }> {
  const { rows: present } = await client.query<{ present: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
  const migrations = present[0]!.present
    ? (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name)
    : undefined;
  const inventory = await readSchemaInventory(client);
  const rows: Record<string, number> = {};
  for (const table of inventory.tables) {
    rows[table.name] = Number((await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quoteIdentifier(table.name)}`)).rows[0]!.count);
  }
  let editedTemplates = 0;
  if (rows.email_templates) {
    const defaults = defaultTemplates;
    const { rows: edited } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM email_templates t
       LEFT JOIN unnest($1::text[], $2::text[], $3::text[]) AS d(key, subject, body) ON d.key = t.key
       WHERE d.key IS NULL OR t.subject <> d.subject OR t.body <> d.body`,
      [defaults.map((d) => d.key), defaults.map((d) => d.subject), defaults.map((d) => d.body)],
    );
    editedTemplates = Number(edited[0]!.count);
  }
  const uploadedFiles = storage ? await countObjects(storage) : 0;
  return { migrations, contents: { rows, editedTemplates, uploadedFiles } };
}

async function bringSchemaTo(
  dataSource: DataSource,
  queryRunner: QueryRunner,
  plan: Exclude<ReturnType<typeof planSchema>, { action: 'refuse' }>,
  log: (message: string) => void,
): Promise<void> {
  const executor = new MigrationExecutor(dataSource, queryRunner);
  executor.transaction = 'none'; // inside the restore's own transaction
  if (plan.action === 'apply') {
    for (const name of plan.migrations) {
      const instance = dataSource.migrations.find((m) => m.name === name);
      if (!instance) throw new Error(`Migration ${name} is missing from this version.`);
      await executor.executeMigration(new Migration(undefined, Number(name.slice(-13)), name, instance));
      log(`schema: applied ${name}`);
    }
  } else {
    for (const name of plan.migrations) {
      await executor.undoLastMigration();
      log(`schema: reverted ${name} (the backup is older than this database)`);
    }
  }
}

/** The tables at the backup's migration must be the backup's tables, column for column. */
function assertSameSchema(header: BackupHeader, inventory: SchemaInventory): void {
  const describe = (table: { name: string; columns: Array<{ name: string; type: string }> }) =>
    `${table.name}(${table.columns
      .map((c) => `${c.name} ${c.type}`)
      .sort()
      .join(', ')})`;
  const expected = header.tables.map(describe).sort();
  const actual = inventory.tables.map(describe).sort();
  const missing = expected.filter((t) => !actual.includes(t));
  const extra = actual.filter((t) => !expected.includes(t));
  const sequences = [...header.sequences].sort().join() === [...inventory.sequences].sort().join();
  if (missing.length > 0 || extra.length > 0 || !sequences) {
    throw new Error(
      `At migration ${header.migrations.at(-1)} this database's tables differ from the backup's; nothing was changed. ` +
        `In the backup only: ${missing.join('; ') || 'none'}. In the database only: ${extra.join('; ') || 'none'}.` +
        (sequences ? '' : ` Sequences: backup ${header.sequences.join(', ')}; database ${inventory.sequences.join(', ')}.`),
    );
  }
}

async function setSequences(client: pg.ClientBase, values: SequenceValue[], inventory: SchemaInventory): Promise<void> {
  for (const { name, lastValue, isCalled } of values) {
    if (!inventory.sequences.includes(name)) throw new Error(`Sequence ${name} of the backup does not exist in the database.`);
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteIdentifier(name), lastValue, isCalled]);
  }
}

/** Reads every restored table back (COPY out, same settings) and compares row counts and checksums with the backup. */
async function recheckTables(client: pg.ClientBase, summary: ReadSummary): Promise<void> {
  for (const table of summary.header.tables) {
    const expected = summary.tables.find((t) => t.name === table.name)!;
    const checksum = new RowChecksum();
    const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
    for await (const chunk of client.query(copyTo(`COPY ${quoteIdentifier(table.name)} (${columns}) TO STDOUT`)) as AsyncIterable<Buffer>) {
      checksum.update(chunk);
    }
    const actual = checksum.digest();
    if (actual.rows !== expected.rows || actual.checksum !== expected.checksum) {
      throw new Error(
        `After loading, table ${table.name} holds ${actual.rows} rows (checksum ${actual.checksum.slice(0, 12)}…) instead of the backup's ${expected.rows} (${expected.checksum.slice(0, 12)}…); nothing was changed.`,
      );
    }
  }
}
