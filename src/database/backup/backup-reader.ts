import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_PRODUCT,
  BackupFormatError,
  decodeFrames,
  Frame,
  isSafeRelativePath,
  parseJsonFrame,
  RowChecksum,
  sha256,
  type BackupHeader,
  type BackupTrailer,
  type DecodedFrame,
  type SectionEnd,
  type SequenceValue,
} from './backup-format.js';

/**
 * What a restore does with each part of a backup as it streams by. Every hook may throw to stop the
 * restore; the reader has then consumed nothing more than it had to.
 */
export interface BackupSink {
  header?(header: BackupHeader): Promise<void>;
  /** Where the table's rows (COPY text) go; undefined: they are only checked. */
  tableStart?(table: BackupHeader['tables'][number]): Promise<Writable | undefined>;
  tableEnd?(table: BackupHeader['tables'][number], result: { rows: number; checksum: string }): Promise<void>;
  sequences?(values: SequenceValue[]): Promise<void>;
  /** Where the uploaded file's bytes go; undefined: they are only checked. */
  fileStart?(path: string, size: number): Promise<Writable | undefined>;
  fileEnd?(path: string, size: number): Promise<void>;
}

export interface ReadSummary {
  header: BackupHeader;
  trailer: BackupTrailer;
  tables: Array<{ name: string; rows: number; checksum: string }>;
  files: { count: number; bytes: number };
}

/**
 * Reads a backup file from start to end, checking as it goes: the header, each table's rows against
 * their count and checksum, each file against its size and SHA-256, the order of the sections and the
 * closing summary. Anything wrong is a `BackupFormatError` naming the problem.
 */
export async function readBackup(file: string, sink: BackupSink = {}): Promise<ReadSummary> {
  return readDecompressed(file, (chunks) => consume(decodeFrames(chunks), sink));
}

/** Only the header (the first section): version and contents, without reading the rest of the file. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  return readDecompressed(file, async (chunks) => {
    const frames = decodeFrames(chunks);
    const first = await frames.next();
    if (first.done) throw new BackupFormatError('The backup file is truncated (it ends before its header).');
    if (first.value.type !== Frame.Header) throw new BackupFormatError('The backup file is damaged (it does not start with a header).');
    await frames.return(undefined);
    return validateHeader(parseJsonFrame<BackupHeader>(first.value, 'header'));
  });
}

/**
 * Runs `use` over the decompressed bytes of a file inside one `pipeline`, so that whichever side stops
 * first (a damaged section found by `use`, a gzip error, reading only the header) ends the others too.
 * Awaiting a separate `pipeline(input, gunzip)` after destroying its streams could wait for ever on
 * Node 24 when `use` threw part-way through a chunk.
 */
async function readDecompressed<T>(file: string, use: (chunks: AsyncIterable<Buffer>) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  // What `use` itself threw: the reason to report, whatever the pipeline says when it tears down.
  let failure: { error: unknown } | undefined;
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      try {
        result = { value: await use(source) };
      } catch (error) {
        failure = { error };
        throw error;
      }
    });
  } catch (error) {
    if (failure) throw explainGunzipError(failure.error);
    // Stopping early (only the header was wanted) is not a failure once `use` has its answer.
    if (result) return result.value;
    throw explainGunzipError(error);
  }
  if (!result) throw new BackupFormatError('The backup file could not be read.');
  return result.value;
}

function explainGunzipError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'Z_BUF_ERROR') return new BackupFormatError('The backup file is truncated (its compressed data ends early).');
  if (code.startsWith('Z_')) return new BackupFormatError(`The backup file is damaged (${(error as Error).message}).`);
  return error;
}

async function consume(frames: AsyncGenerator<DecodedFrame>, sink: BackupSink): Promise<ReadSummary> {
  const next = async (): Promise<DecodedFrame | undefined> => {
    const result = await frames.next();
    return result.done ? undefined : result.value;
  };
  const expectFrame = async (what: string): Promise<DecodedFrame> => {
    const frame = await next();
    if (!frame) throw new BackupFormatError(`The backup file is truncated (it ends before ${what}).`);
    return frame;
  };

  const first = await expectFrame('its header');
  if (first.type !== Frame.Header) throw new BackupFormatError('The backup file is damaged (it does not start with a header).');
  const header = validateHeader(parseJsonFrame<BackupHeader>(first, 'header'));
  await sink.header?.(header);

  const tables: ReadSummary['tables'] = [];
  for (const table of header.tables) {
    const start = await expectFrame(`table ${table.name}`);
    const begin = start.type === Frame.Table ? parseJsonFrame<{ name?: string }>(start, 'table heading') : undefined;
    if (begin?.name !== table.name) throw new BackupFormatError(`The backup file is damaged (table ${table.name} is missing or out of order).`);
    const target = await sink.tableStart?.(table);
    const checksum = new RowChecksum();
    let frame = await expectFrame(`the end of table ${table.name}`);
    while (frame.type === Frame.Data) {
      checksum.update(frame.payload);
      if (target) await write(target, frame.payload);
      frame = await expectFrame(`the end of table ${table.name}`);
    }
    if (frame.type !== Frame.End) throw new BackupFormatError(`The backup file is damaged (table ${table.name} does not end properly).`);
    const end = parseJsonFrame<SectionEnd>(frame, 'table ending');
    let result: { rows: number; checksum: string };
    try {
      result = checksum.digest();
    } catch (error) {
      throw new BackupFormatError(`The backup file is damaged (table ${table.name}: ${(error as Error).message})`);
    }
    if (result.rows !== end.rows || result.rows !== table.rows || result.checksum !== end.checksum) {
      throw new BackupFormatError(
        `The backup file is damaged: table ${table.name} holds ${result.rows} rows with checksum ${result.checksum.slice(0, 12)}…, ` +
          `but the file says ${end.rows} rows (header: ${table.rows}) with checksum ${String(end.checksum).slice(0, 12)}….`,
      );
    }
    if (target) {
      target.end();
      await finished(target);
    }
    await sink.tableEnd?.(table, result);
    tables.push({ name: table.name, ...result });
  }

  const sequencesFrame = await expectFrame('the sequence values');
  if (sequencesFrame.type !== Frame.Sequences) throw new BackupFormatError('The backup file is damaged (the sequence values are missing).');
  const sequences = parseJsonFrame<SequenceValue[]>(sequencesFrame, 'sequence values');
  const sequenceNames = new Set(header.sequences);
  if (
    !Array.isArray(sequences) ||
    sequences.length !== header.sequences.length ||
    !sequences.every((s) => sequenceNames.has(s?.name) && /^-?\d+$/.test(String(s.lastValue)) && typeof s.isCalled === 'boolean')
  ) {
    throw new BackupFormatError('The backup file is damaged (the sequence values do not match its header).');
  }
  await sink.sequences?.(sequences);

  const files = { count: 0, bytes: 0 };
  const seenFiles = new Set<string>();
  let frame = await expectFrame('its closing summary');
  while (frame.type === Frame.File) {
    const { path, size } = parseJsonFrame<{ path: string; size: number }>(frame, 'file heading');
    if (!header.uploads.included) throw new BackupFormatError('The backup file is damaged (it holds files its header says it does not).');
    if (typeof path !== 'string' || !isSafeRelativePath(path) || seenFiles.has(path) || !Number.isSafeInteger(size) || size < 0) {
      throw new BackupFormatError(`The backup file is damaged (a stored file has an unusable name: ${JSON.stringify(path)}).`);
    }
    seenFiles.add(path);
    const target = await sink.fileStart?.(path, size);
    const hash = sha256();
    let bytes = 0;
    frame = await expectFrame(`the end of file ${path}`);
    while (frame.type === Frame.Data) {
      hash.update(frame.payload);
      bytes += frame.payload.length;
      if (target) await write(target, frame.payload);
      frame = await expectFrame(`the end of file ${path}`);
    }
    if (frame.type !== Frame.End) throw new BackupFormatError(`The backup file is damaged (file ${path} does not end properly).`);
    const end = parseJsonFrame<SectionEnd>(frame, 'file ending');
    if (bytes !== size || bytes !== end.bytes || hash.digest('hex') !== end.sha256) {
      throw new BackupFormatError(`The backup file is damaged (stored file ${path} does not match its size or SHA-256).`);
    }
    if (target) {
      target.end();
      await finished(target);
    }
    await sink.fileEnd?.(path, size);
    files.count += 1;
    files.bytes += bytes;
    frame = await expectFrame('its closing summary');
  }

  if (frame.type !== Frame.Trailer) throw new BackupFormatError('The backup file is damaged (unexpected section before its closing summary).');
  const trailer = parseJsonFrame<BackupTrailer>(frame, 'closing summary');
  const sameTables =
    Array.isArray(trailer.tables) &&
    trailer.tables.length === tables.length &&
    trailer.tables.every((t, i) => t.name === tables[i]!.name && t.rows === tables[i]!.rows && t.checksum === tables[i]!.checksum);
  if (!sameTables || trailer.files?.count !== files.count || trailer.files?.bytes !== files.bytes) {
    throw new BackupFormatError('The backup file is damaged (its closing summary does not match its contents).');
  }
  if (await next()) throw new BackupFormatError('The backup file is damaged (it goes on after its closing summary).');
  return { header, trailer, tables, files };
}

function validateHeader(header: BackupHeader): BackupHeader {
  if (header?.product !== BACKUP_PRODUCT) throw new BackupFormatError('This is not a pipe-relining backup file (wrong product in its header).');
  if (!Number.isInteger(header.format) || header.format < 1) throw new BackupFormatError('The backup file is damaged (no format version in its header).');
  if (header.format > BACKUP_FORMAT_VERSION) {
    throw new BackupFormatError(
      `This backup was written in format ${header.format} by a newer version of the product; this version reads format ${BACKUP_FORMAT_VERSION}. Update the product, then restore.`,
    );
  }
  const wellFormed =
    Array.isArray(header.migrations) &&
    header.migrations.every((m) => typeof m === 'string') &&
    Array.isArray(header.tables) &&
    header.tables.every(
      (t) =>
        typeof t?.name === 'string' &&
        Number.isSafeInteger(t.rows) &&
        Array.isArray(t.columns) &&
        t.columns.length > 0 &&
        t.columns.every((c) => typeof c?.name === 'string' && typeof c.type === 'string'),
    ) &&
    new Set(header.tables.map((t) => t.name)).size === header.tables.length &&
    Array.isArray(header.sequences) &&
    header.sequences.every((s) => typeof s === 'string') &&
    typeof header.uploads?.included === 'boolean' &&
    typeof header.createdAt === 'string';
  if (!wellFormed) throw new BackupFormatError('The backup file is damaged (its header is incomplete).');
  return header;
}

/** Writes with backpressure: waits for 'drain' when the destination's buffer is full. */
export async function write(target: Writable, chunk: Buffer): Promise<void> {
  if (target.destroyed) throw (target as Writable & { errored?: Error }).errored ?? new Error('The destination closed early.');
  if (!target.write(chunk)) await once(target, 'drain');
}
