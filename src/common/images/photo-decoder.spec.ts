import { threadId } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { holdPool } from '../../../test/support/worker-pool.js';
import { plainPhoto } from '../../../test/support/image-fixtures.js';
import { DomainError } from '../errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { PhotoDecoder, PHOTOS_BUSY_MESSAGE } from './photo-decoder.js';

const decoderWith = (threads: number, queueLimit: number) => new PhotoDecoder({ photoDecoding: { threads, queueLimit } } as AppConfig);

describe('PhotoDecoder', () => {
  let sut: PhotoDecoder;

  afterEach(async () => {
    await sut.onModuleDestroy();
  });

  it('cleans photos on its worker threads, in order, and tells refusals by their reason', async () => {
    sut = decoderWith(1, 5);
    const [jpeg, png] = await Promise.all([plainPhoto('jpeg', 40, 30), plainPhoto('png', 20, 10)]);
    // A tiny PNG whose header claims 10,000 × 10,000 pixels (IHDR rewritten, its CRC fixed).
    const bomb = Buffer.from(await plainPhoto('png', 1, 1));
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);

    const outcomes = await sut.clean([jpeg, Buffer.from('<html>not a photo</html>'), png, bomb]);

    expect(outcomes.map((outcome) => (outcome.ok ? outcome.photo.contentType : outcome.refusal))).toEqual([
      'image/jpeg',
      'not-an-image',
      'image/png',
      'too-many-pixels',
    ]);
    expect(outcomes[0]).toMatchObject({ ok: true, photo: { width: 40, height: 30 } });
    expect((await sharp((outcomes[2] as { photo: { buffer: Uint8Array } }).photo.buffer).metadata()).format).toBe('png');
    // Decoded by the pool's thread, not this one.
    expect(sut.pool.completed).toBe(4);
    expect(sut.pool.threads.map((worker) => worker.threadId)).not.toContain(threadId);
  });

  it('refuses an upload the queue has no room for at once, with 503 and Retry-After, queuing none of it', async () => {
    sut = decoderWith(1, 5);
    const held = await holdPool(sut.pool, { threads: 1, queued: 4 });
    const photo = await plainPhoto('jpeg');
    try {
      expect(sut.pool.queueSize).toBe(4);
      let refusal: unknown;
      try {
        await sut.clean([photo, photo]);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ statusCode: 503, code: 'PHOTOS_BUSY', message: PHOTOS_BUSY_MESSAGE });
      // 4 photos waiting and 1 being decoded, at the first estimate of 2 s each on 1 thread.
      expect((refusal as DomainError).retryAfterSeconds).toBe(10);
      expect(sut.pool.queueSize).toBe(4);
      expect(() => sut.assertRoom(2)).toThrow(DomainError);

      // Room for one more: that photo waits its turn and is decoded once the queue moves.
      const last = sut.clean([photo]);
      expect(sut.pool.queueSize).toBe(5);
      expect(() => sut.assertRoom()).toThrow(DomainError);
      await held.release();
      expect(await last).toMatchObject([{ ok: true, photo: { contentType: 'image/jpeg' } }]);
    } finally {
      await held.release();
    }
  });

  it('tells a client to wait longer the longer the queue, within a minute', async () => {
    sut = decoderWith(2, 40);
    expect(sut.retryAfterSeconds()).toBe(2);
    const held = await holdPool(sut.pool, { threads: 2, queued: 40 });
    try {
      // (40 waiting + 2 running) × 2 s / 2 threads = 42 s.
      expect(sut.retryAfterSeconds()).toBe(42);
    } finally {
      await held.release();
    }
  });
});
