import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, isStorageKey, type ObjectStorage } from './object-storage.js';

/** Files under one folder (UPLOADS_DIR): the default driver, for one server (or several sharing a disk). */
export class DiskObjectStorage implements ObjectStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `the uploads folder ${root}`;
  }

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, content: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content, { mode: 0o640 });
  }

  /** A missing file errors with fs's own ENOENT, as it always has. */
  read(key: string): Readable {
    return createReadStream(this.file(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
      throw error;
    }
  }

  /**
   * The regular files under the folder whose relative path is a storage key (anything else, a link or
   * an editor's `.swp`, was never stored by the product), sorted as AWS S3 lists them.
   */
  async *list(prefix = ''): AsyncGenerator<string> {
    // Only the folder the prefix names is walked ("media/ab" walks media/, keeping names starting "ab").
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (folder.split('/').some((part) => part === '..')) throw new Error(`Bad storage prefix ${JSON.stringify(prefix)}`);
    let entries;
    try {
      entries = await readdir(path.join(this.root, folder), { withFileTypes: true, recursive: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return; // nothing stored there yet
      throw error;
    }
    const keys = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix) && isStorageKey(key))
      .sort(compareKeys);
    yield* keys;
  }
}

/** S3 lists keys in UTF-8 byte order; keys are ASCII, so code-unit order is the same. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
