import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3TestServer } from '../../../test/support/s3-server.js';
import { DiskObjectStorage } from './disk-storage.js';
import { readAll, type ObjectStorage } from './object-storage.js';

interface Driver {
  storage: ObjectStorage;
  stop(): Promise<void>;
}

/** Each driver on an empty place of its own: a temporary folder, or a bucket of an in-process S3 server. */
const drivers: Array<[string, () => Promise<Driver>]> = [
  [
    'disk',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
      return { storage: new DiskObjectStorage(path.join(folder, 'uploads')), stop: () => rm(folder, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const server = await S3TestServer.start(['storage-contract']);
      const storage = server.storage('storage-contract');
      return {
        storage,
        stop: async () => {
          storage.destroy();
          await server.stop();
        },
      };
    },
  ],
];

/** The keys listed, sorted (the order of a listing is no part of the contract: s3rver walks its folders). */
async function listAll(storage: ObjectStorage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  expect(new Set(keys).size).toBe(keys.length);
  return keys.sort();
}

/** The error a read stream ends with (or undefined when it ends cleanly). */
async function readError(storage: ObjectStorage, key: string): Promise<NodeJS.ErrnoException | undefined> {
  try {
    await readAll(storage, key);
    return undefined;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

describe.each(drivers)('object storage contract: %s driver', (_name, start) => {
  let driver: Driver;
  let sut: ObjectStorage;

  beforeAll(async () => {
    driver = await start();
    sut = driver.storage;
  });

  afterAll(async () => {
    await driver?.stop();
  });

  beforeEach(async () => {
    for (const key of await listAll(sut)) await sut.remove(key);
  });

  it('stores, reads back, tells it exists and removes an object', async () => {
    await sut.put('referrals/abc-123/photo-1.jpg', Buffer.from('a photo'));

    expect(await sut.exists('referrals/abc-123/photo-1.jpg')).toBe(true);
    expect((await readAll(sut, 'referrals/abc-123/photo-1.jpg')).toString()).toBe('a photo');

    await sut.remove('referrals/abc-123/photo-1.jpg');
    expect(await sut.exists('referrals/abc-123/photo-1.jpg')).toBe(false);
    expect(await listAll(sut)).toEqual([]);
  });

  it('overwrites an object put again under the same key', async () => {
    await sut.put('media/x/640.webp', Buffer.from('first, and longer than the second'));
    await sut.put('media/x/640.webp', Buffer.from('second'));
    expect((await readAll(sut, 'media/x/640.webp')).toString()).toBe('second');
    expect(await listAll(sut)).toEqual(['media/x/640.webp']);
  });

  it('errors a read of a missing key with code ENOENT, as a missing file on disk does', async () => {
    const error = await readError(sut, 'referrals/none/missing.jpg');
    // (fs's errors come from another realm than Jest's Error: checked by shape.)
    expect(error).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(error?.code).toBe('ENOENT');
    expect(error?.message).toContain('referrals/none/missing.jpg');
  });

  it('answers false for a missing key, and removing one is no error', async () => {
    expect(await sut.exists('jobs/none/report.pdf')).toBe(false);
    await expect(sut.remove('jobs/none/report.pdf')).resolves.toBeUndefined();
  });

  it('lists every key once, or those under a prefix (a plain string prefix), slashes and all', async () => {
    const keys = [
      'media/b/320.avif',
      'media/a/1280.webp',
      'media-old/a.png',
      'referrals/r1/p1.jpg',
      'a.txt',
      'media/a/320.webp',
      'deep/one/two/three/four.pdf',
    ];
    for (const key of keys) await sut.put(key, Buffer.from(key));

    expect(await listAll(sut)).toEqual([...keys].sort());
    expect(await listAll(sut, '')).toEqual([...keys].sort());
    expect(await listAll(sut, 'media/')).toEqual(['media/a/1280.webp', 'media/a/320.webp', 'media/b/320.avif']);
    expect(await listAll(sut, 'media')).toEqual(['media-old/a.png', 'media/a/1280.webp', 'media/a/320.webp', 'media/b/320.avif']);
    expect(await listAll(sut, 'media/a/3')).toEqual(['media/a/320.webp']);
    expect(await listAll(sut, 'deep/one/two/')).toEqual(['deep/one/two/three/four.pdf']);
    expect(await listAll(sut, 'nothing/')).toEqual([]);
    for (const key of keys) expect((await readAll(sut, key)).toString()).toBe(key);
  });

  it('keeps binary content byte for byte, an empty object included', async () => {
    const everyByte = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
    await sut.put('binary/every-byte.bin', everyByte);
    await sut.put('binary/empty.bin', Buffer.alloc(0));
    expect((await readAll(sut, 'binary/every-byte.bin')).equals(everyByte)).toBe(true);
    expect((await readAll(sut, 'binary/empty.bin')).length).toBe(0);
    expect(await sut.exists('binary/empty.bin')).toBe(true);
  });

  it('stores and streams back a 5 MB object', async () => {
    const big = randomBytes(5 * 1024 * 1024);
    await sut.put('jobs/big/report.pdf', big);
    const back = await readAll(sut, 'jobs/big/report.pdf');
    expect(back.length).toBe(big.length);
    expect(sha(back)).toBe(sha(big));
  });

  it('refuses keys the product would never make (climbing out, absolute, no extension)', async () => {
    for (const key of ['../outside.jpg', '/etc/passwd.txt', 'referrals/no-extension', 'a//b.jpg', 'spaces in/name.jpg']) {
      await expect(sut.put(key, Buffer.from('x'))).rejects.toThrow(/Bad storage key/);
      expect(() => sut.read(key)).toThrow(/Bad storage key/);
    }
    expect(await listAll(sut)).toEqual([]);
  });

  it('lets a reader stop early without an error surfacing elsewhere', async () => {
    await sut.put('media/early/1280.webp', randomBytes(2 * 1024 * 1024));
    const stream = sut.read('media/early/1280.webp');
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', resolve);
      stream.once('error', reject);
    });
    expect(first.length).toBeGreaterThan(0);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(await sut.exists('media/early/1280.webp')).toBe(true);
  });
});
