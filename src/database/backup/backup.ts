import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_MAGIC,
  BACKUP_PRODUCT,
  encodeFrame,
  Frame,
  RowChecksum,
  sha256,
  type BackupHeader,
  type BackupTrailer,
  type SequenceValue,
} from './backup-format.js';
import { readAll, type ObjectStorage } from '../../common/storage/object-storage.js';
import { write } from './backup-reader.js';
import { applyCopySettings, quoteIdentifier, readSchemaInventory } from './schema-inventory.js';

/** Rows are sent to the file in frames of about this size. */
const BATCH_BYTES = 256 * 1024;

export interface BackupOptions {
  databaseUrl: string;
  /** Where to write the backup; refused if it exists. */
  file: string;
  /** Where uploaded files are (the uploads folder or an S3 bucket): every object is backed up. */
  storage: ObjectStorage;
  includeUploads: boolean;
  log?: (message: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  header: BackupHeader;
  tables: Array<{ name: string; rows: number }>;
  files: { count: number; bytes: number };
  /** Photos the database lists whose files were not in the storage. */
  missingUploads: string[];
}

/**
 * Writes a backup of the whole database and (unless told not to) the uploaded files into one gzip file:
 * every table of the schema in dependency order (COPY text, streamed), sequence values, and every
 * stored object (listed and read through the storage driver, so the uploads folder and an S3 bucket
 * alike; each object's key is its path in the file). The database is read in one REPEATABLE READ
 * snapshot, so a backup taken while the server runs is consistent; files are stored before their rows
 * commit, so every file of the snapshot is in the storage when it is listed afterwards.
 *
 * The file is written under a `.partial` name and renamed only when complete: a failed or interrupted
 * backup never leaves a file that looks finished.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const file = path.resolve(options.file);
  if (await exists(file)) throw new Error(`${file} already exists; choose another --file (a backup never overwrites one).`);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  await rm(partial, { force: true });

  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'db-backup' });
  await client.connect();
  // Backups hold personal data and password hashes: readable by this user only.
  const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  const gzip = createGzip({ level: 3 });
  const writing = pipeline(gzip, output);
  writing.catch(() => undefined); // awaited below; a failure also surfaces in the next write
  let completed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await applyCopySettings(client);
    const { rows: present } = await client.query<{ present: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
    if (!present[0]!.present) throw new Error('This database has no product tables yet (no migrations table): there is nothing to back up.');
    const migrations = (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name);
    const inventory = await readSchemaInventory(client);
    const counts = new Map<string, number>();
    for (const table of inventory.tables) {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${quoteIdentifier(table.name)}`);
      counts.set(table.name, Number(rows[0]!.count));
    }
    const { rows: version } = await client.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
    const header: BackupHeader = {
      format: BACKUP_FORMAT_VERSION,
      product: BACKUP_PRODUCT,
      createdAt: new Date().toISOString(),
      migrations,
      postgresVersion: version[0]!.version,
      tables: inventory.tables.map((t) => ({ name: t.name, columns: t.columns, rows: counts.get(t.name)! })),
      sequences: inventory.sequences,
      uploads: { included: options.includeUploads },
    };
    await write(gzip, BACKUP_MAGIC);
    await write(gzip, encodeFrame(Frame.Header, header));

    const trailer: BackupTrailer = { tables: [], files: { count: 0, bytes: 0 } };
    for (const table of header.tables) {
      const started = Date.now();
      await write(gzip, encodeFrame(Frame.Table, { name: table.name }));
      const checksum = new RowChecksum();
      const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
      const rows = client.query(copyTo(`COPY ${quoteIdentifier(table.name)} (${columns}) TO STDOUT`));
      let batch: Buffer[] = [];
      let batchBytes = 0;
      for await (const chunk of rows as AsyncIterable<Buffer>) {
        checksum.update(chunk);
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= BATCH_BYTES) {
          await write(gzip, encodeFrame(Frame.Data, Buffer.concat(batch, batchBytes)));
          batch = [];
          batchBytes = 0;
        }
      }
      if (batchBytes > 0) await write(gzip, encodeFrame(Frame.Data, Buffer.concat(batch, batchBytes)));
      const result = checksum.digest();
      if (result.rows !== table.rows) throw new Error(`Table ${table.name}: counted ${table.rows} rows but copied ${result.rows}.`);
      await write(gzip, encodeFrame(Frame.End, result));
      trailer.tables.push({ name: table.name, ...result });
      log(`${table.name}: ${result.rows} row${result.rows === 1 ? '' : 's'} (${Date.now() - started} ms)`);
    }

    // Read after the tables: a sequence only moves forward, so these values are past every value in use.
    const sequences: SequenceValue[] = [];
    for (const name of inventory.sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoteIdentifier(name)}`);
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await write(gzip, encodeFrame(Frame.Sequences, sequences));

    const included = new Set<string>();
    if (options.includeUploads) {
      for await (const key of options.storage.list()) {
        // Whole objects (photos and PDFs: megabytes): the size goes in the file heading, before the bytes.
        let content: Buffer;
        try {
          content = await readAll(options.storage, key);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed (its row is gone too)
          throw error;
        }
        await write(gzip, encodeFrame(Frame.File, { path: key, size: content.length }));
        for (let at = 0; at < content.length; at += BATCH_BYTES) await write(gzip, encodeFrame(Frame.Data, content.subarray(at, at + BATCH_BYTES)));
        await write(gzip, encodeFrame(Frame.End, { bytes: content.length, sha256: sha256().update(content).digest('hex') }));
        included.add(key);
        trailer.files.count += 1;
        trailer.files.bytes += content.length;
      }
      log(`uploaded files from ${options.storage.description}: ${trailer.files.count} (${trailer.files.bytes} bytes)`);
    }
    const missingUploads = options.includeUploads ? await photosNotIncluded(client, included) : [];
    await write(gzip, encodeFrame(Frame.Trailer, trailer));
    await client.query('COMMIT');
    gzip.end();
    await writing;
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    completed = true;
    return {
      file,
      bytes: (await stat(file)).size,
      header,
      tables: trailer.tables.map((t) => ({ name: t.name, rows: t.rows })),
      files: trailer.files,
      missingUploads,
    };
  } finally {
    if (!completed) {
      gzip.destroy();
      output.destroy();
      await writing.catch(() => undefined);
      await rm(partial, { force: true });
    }
    await client.end().catch(() => undefined);
  }
}

/** Storage keys of photos in the snapshot that are not among the files backed up (streamed: any number of photos). */
async function photosNotIncluded(client: pg.Client, included: Set<string>): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('referral_photos') IS NOT NULL AS present`);
  if (!rows[0]!.present) return [];
  const missing: string[] = [];
  const keys = client.query(new QueryStream('SELECT storage_key FROM referral_photos ORDER BY storage_key', [], { batchSize: 1000 }));
  for await (const row of keys as AsyncIterable<{ storage_key: string }>) {
    if (!included.has(row.storage_key) && missing.length < 1000) missing.push(row.storage_key);
  }
  return missing;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
