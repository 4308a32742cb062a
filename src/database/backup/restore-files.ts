import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { isStorageKey, readAll, type ObjectStorage } from '../../common/storage/object-storage.js';

/**
 * A restore's files, put into the storage (the uploads folder or an S3 bucket) through its driver,
 * with what it takes to undo that: the keys it added, and a copy (in a temporary folder) of each
 * object it replaced by different bytes. Objects already holding the backup's bytes are left alone,
 * so restoring onto the same storage rewrites nothing.
 */
export class FilesIntoStorage {
  private readonly added: string[] = [];
  private readonly replaced: Array<{ key: string; copy: string }> = [];
  private readonly restored = new Set<string>();
  private copies: string | undefined;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Where one file's bytes go as the backup streams by: kept in memory (photos and PDFs, megabytes),
   * then stored when the reader ends the stream, which it does only once their size and SHA-256 match.
   */
  writer(key: string): Writable {
    const chunks: Buffer[] = [];
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk);
        done();
      },
      final: (done) => {
        this.place(key, Buffer.concat(chunks)).then(() => done(), done);
      },
    });
  }

  private async place(key: string, content: Buffer): Promise<void> {
    // An older backup of the uploads folder may hold files the product never stored (an editor's swap file).
    if (!isStorageKey(key)) {
      this.log(`left out ${key}: not a name the product stores files under`);
      return;
    }
    this.restored.add(key);
    if (await this.storage.exists(key)) {
      const previous = await readAll(this.storage, key);
      if (previous.equals(content)) return;
      this.copies ??= await mkdtemp(path.join(tmpdir(), 'restore-replaced-'));
      const copy = path.join(this.copies, String(this.replaced.length));
      await writeFile(copy, previous, { mode: 0o600 });
      this.replaced.push({ key, copy });
    } else {
      this.added.push(key);
    }
    await this.storage.put(key, content);
  }

  /** Before the commit, on failure: the storage as it was. */
  async undo(): Promise<void> {
    for (const key of this.added) await this.storage.remove(key);
    for (const { key, copy } of this.replaced) await this.storage.put(key, await readFile(copy));
  }

  /** After the commit: removes what the backup does not have, so the storage holds exactly its files. */
  async removeOthers(): Promise<number> {
    const others: string[] = [];
    for await (const key of this.storage.list()) if (!this.restored.has(key)) others.push(key);
    for (const key of others) await this.storage.remove(key);
    if (others.length > 0) this.log(`removed ${others.length} stored file${others.length === 1 ? '' : 's'} the backup does not have`);
    return others.length;
  }

  async discard(): Promise<void> {
    if (this.copies) await rm(this.copies, { recursive: true, force: true });
  }
}
