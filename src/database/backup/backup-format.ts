import { createHash, hash } from 'node:crypto';

/**
 * The backup file: one gzip stream holding a magic line, then frames of `[type: 1 byte][length: uint32 BE][payload]`.
 *
 *   H  header (JSON): format version, migrations, creation time, tables with their columns and row counts
 *   T  a table's data begins (JSON {name}); D frames carry its rows in COPY text format; E ends it (JSON {rows, checksum})
 *   S  sequence values (JSON)
 *   F  an uploaded file begins (JSON {path, size}); D frames carry its bytes; E ends it (JSON {bytes, sha256})
 *   Z  the closing summary (JSON): every table's rows and checksum, the files' count and bytes. A file without it is truncated.
 *
 * Framing (rather than tar) lets every section stream without knowing its size in advance, so a table of
 * millions of rows goes from the database to the file, and back, in bounded memory.
 */
export const BACKUP_MAGIC = Buffer.from('pipe-relining backup\n', 'ascii');
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_PRODUCT = 'pipe-relining';

export const Frame = {
  Header: 'H',
  Table: 'T',
  Data: 'D',
  End: 'E',
  Sequences: 'S',
  File: 'F',
  Trailer: 'Z',
} as const;
export type FrameType = (typeof Frame)[keyof typeof Frame];
const FRAME_TYPES = new Set<string>(Object.values(Frame));

/** Data frames are cut at this size; JSON frames are small. Anything larger in a file means it is damaged. */
export const MAX_DATA_FRAME = 1 << 20;
const MAX_JSON_FRAME = 64 << 20;

export interface BackupColumn {
  name: string;
  type: string;
}

export interface BackupHeader {
  format: number;
  product: string;
  createdAt: string;
  /** The migrations applied to the database backed up, in order (TypeORM names). */
  migrations: string[];
  postgresVersion: string;
  /** In dependency order: a table comes after every table it references. */
  tables: Array<{ name: string; columns: BackupColumn[]; rows: number }>;
  sequences: string[];
  uploads: { included: boolean };
}

export interface SectionEnd {
  rows?: number;
  checksum?: string;
  bytes?: number;
  sha256?: string;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupTrailer {
  tables: Array<{ name: string; rows: number; checksum: string }>;
  files: { count: number; bytes: number };
}

export class BackupFormatError extends Error {}

export function encodeFrame(type: FrameType, payload: Buffer | object): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload), 'utf8');
  const head = Buffer.allocUnsafe(5);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(body.length, 1);
  return Buffer.concat([head, body]);
}

export interface DecodedFrame {
  type: FrameType;
  payload: Buffer;
}

/**
 * Reads the magic line and then frames from a (decompressed) byte stream. Ends cleanly only on a frame
 * boundary; a stream that stops inside a frame, a wrong magic line or an unknown frame type is a
 * `BackupFormatError`.
 */
export async function* decodeFrames(source: AsyncIterable<Buffer>): AsyncGenerator<DecodedFrame> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let magicChecked = false;

  const take = (count: number): Buffer => {
    if (count === 0) return Buffer.alloc(0);
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    const taken = joined.subarray(0, count);
    const rest = joined.subarray(count);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    return taken;
  };
  const peek = (count: number): Buffer => {
    if (pending.length > 1) pending = [Buffer.concat(pending, pendingBytes)];
    return pending[0]!.subarray(0, count);
  };

  // The frame whose header was read and whose payload is still arriving (read once, not on every chunk).
  let current: { type: FrameType; length: number } | undefined;
  for await (const chunk of source) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (!magicChecked) {
      if (pendingBytes < BACKUP_MAGIC.length) continue;
      if (!take(BACKUP_MAGIC.length).equals(BACKUP_MAGIC)) {
        throw new BackupFormatError('This is not a pipe-relining backup file (its first line is wrong).');
      }
      magicChecked = true;
    }
    for (;;) {
      if (!current) {
        if (pendingBytes < 5) break;
        const head = peek(5);
        const type = String.fromCharCode(head[0]!);
        const length = head.readUInt32BE(1);
        if (!FRAME_TYPES.has(type)) throw new BackupFormatError(`The backup file is damaged (unknown section "${type}").`);
        if (length > (type === Frame.Data ? MAX_DATA_FRAME : MAX_JSON_FRAME)) {
          throw new BackupFormatError(`The backup file is damaged (a section of ${length} bytes).`);
        }
        take(5);
        current = { type: type as FrameType, length };
      }
      if (pendingBytes < current.length) break;
      const payload = take(current.length);
      const type = current.type;
      current = undefined;
      yield { type, payload };
    }
  }
  if (!magicChecked) throw new BackupFormatError('This is not a pipe-relining backup file (it is empty or too short).');
  if (current || pendingBytes > 0) throw new BackupFormatError('The backup file is truncated (it ends in the middle of a section).');
}

export function parseJsonFrame<T>(frame: DecodedFrame, what: string): T {
  try {
    return JSON.parse(frame.payload.toString('utf8')) as T;
  } catch {
    throw new BackupFormatError(`The backup file is damaged (unreadable ${what}).`);
  }
}

const LANES = 8;
const FOLD_EVERY = 1 << 20;

/**
 * An order-independent checksum of a table's rows in COPY text format (one row per line; line breaks
 * inside values are escaped, so every `\n` ends a row): each row's SHA-256, summed lane by lane
 * (eight 32-bit lanes, each sum kept modulo 2^64). Rows can come in any order, on backup and when the
 * restored table is read back, and still give the same checksum; any changed, missing or extra row changes it.
 */
export class RowChecksum {
  private rows = 0;
  private readonly small = new Float64Array(LANES);
  private readonly lanes: bigint[] = new Array<bigint>(LANES).fill(0n);
  private sinceFold = 0;
  private partial: Buffer[] = [];

  update(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end === -1) break;
      if (this.partial.length > 0) {
        this.partial.push(chunk.subarray(start, end));
        this.addRow(Buffer.concat(this.partial));
        this.partial = [];
      } else {
        this.addRow(chunk.subarray(start, end));
      }
      start = end + 1;
    }
    if (start < chunk.length) this.partial.push(Buffer.from(chunk.subarray(start)));
  }

  /** Rows seen and the checksum; an unfinished last line (no `\n`) is an error. */
  digest(): { rows: number; checksum: string } {
    if (this.partial.length > 0) throw new BackupFormatError('Table data ends in the middle of a row.');
    this.fold();
    return { rows: this.rows, checksum: this.lanes.map((lane) => lane.toString(16).padStart(16, '0')).join('') };
  }

  private addRow(row: Buffer): void {
    // One-shot hashing: a Hash object per row would cost a native context each, freed only by the
    // garbage collector (millions of rows grew the process by hundreds of MB, and ran 5× slower).
    const digest = hash('sha256', row, 'buffer');
    for (let lane = 0; lane < LANES; lane += 1) this.small[lane]! += digest.readUInt32BE(lane * 4);
    this.rows += 1;
    this.sinceFold += 1;
    // Each lane adds at most 2^32 per row: fold into the BigInt lanes before a double loses precision.
    if (this.sinceFold >= FOLD_EVERY) this.fold();
  }

  private fold(): void {
    for (let lane = 0; lane < LANES; lane += 1) {
      this.lanes[lane] = BigInt.asUintN(64, this.lanes[lane]! + BigInt(this.small[lane]!));
      this.small[lane] = 0;
    }
    this.sinceFold = 0;
  }
}

/** A stored file's path as written in a backup: relative, forward slashes, no `.` or `..` parts. */
export function isSafeRelativePath(relative: string): boolean {
  if (relative.length === 0 || relative.length > 1024 || relative.includes('\0') || relative.includes('\\')) return false;
  if (relative.startsWith('/')) return false;
  return relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function sha256(): ReturnType<typeof createHash> {
  return createHash('sha256');
}
