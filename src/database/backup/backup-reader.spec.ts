import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BACKUP_FORMAT_VERSION, BACKUP_MAGIC, BACKUP_PRODUCT, BackupFormatError, encodeFrame, Frame, type BackupHeader } from './backup-format.js';
import { readBackup, readBackupHeader } from './backup-reader.js';

const header: BackupHeader = {
  product: BACKUP_PRODUCT,
  format: BACKUP_FORMAT_VERSION,
  createdAt: '2026-11-25T00:00:00.000Z',
  migrations: ['Foundation1763700000000'],
  postgres: '18',
  tables: [{ name: 'things', rows: 400, columns: [{ name: 'blob', type: 'text' }] }],
  sequences: [],
  uploads: { included: false },
} as unknown as BackupHeader;

/** A backup of a few hundred kilobytes that compresses badly, so the reader sees many chunks. */
function backupBytes(): Buffer {
  const rows = Array.from({ length: 400 }, () => encodeFrame(Frame.Data, Buffer.from(`${randomBytes(600).toString('hex')}\n`)));
  return gzipSync(Buffer.concat([BACKUP_MAGIC, encodeFrame(Frame.Header, header), encodeFrame(Frame.Table, { name: 'things' }), ...rows]));
}

/** The outcome of reading, or 'still reading' when it has not ended after a while (it should end at once). */
async function outcome(read: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve('still reading'), 5_000);
  });
  try {
    return await Promise.race([
      read.then(
        () => 'read',
        (error: unknown) => error,
      ),
      stuck,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('reading a backup file', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'relining-reader-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  // A damaged section found part-way through a chunk once left the reader waiting for ever (Node 24).
  it('ends with a clear refusal, never hangs, wherever a byte of the compressed file is damaged', async () => {
    const bytes = backupBytes();
    const file = path.join(folder, 'damaged.backup.gz');
    for (let i = 1; i < 40; i += 1) {
      const damaged = Buffer.from(bytes);
      const position = Math.floor((damaged.length * i) / 40);
      damaged[position] = damaged[position]! ^ 0xff;
      await writeFile(file, damaged);
      const result = await outcome(readBackup(file));
      expect({ position, result: result instanceof BackupFormatError ? 'refused' : result }).toEqual({ position, result: 'refused' });
    }
  });

  it('reads only the header when asked, and stops reading the rest', async () => {
    const file = path.join(folder, 'whole.backup.gz');
    await writeFile(file, backupBytes());
    expect(await outcome(readBackupHeader(file))).toBe('read');
    expect(await readBackupHeader(file)).toMatchObject({ product: BACKUP_PRODUCT, tables: [{ name: 'things' }] });
  });
});
