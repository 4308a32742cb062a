import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import { DomainError } from '../errors/domain-error.js';
import { workerModule } from '../workers/worker-module.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { CleanOutcome, PublishOutcome } from './photo-worker.js';

// sharp is loaded on the main thread before any worker (sharp's advice for worker threads: its shared
// libraries then stay loaded for the life of the process), and libvips gets one thread per image: the
// pool's size alone says how much of the machine decoding may take.
sharp.concurrency(1);

/** The decoding threads' code: photo-worker.js beside this file (photo-worker.ts under Jest). */
export const PHOTO_WORKER = workerModule(import.meta.url, 'photo-worker');

/** What the client is told to wait at most, however long the queue looks (seconds). */
const MAX_RETRY_AFTER_SECONDS = 60;
/** A first guess at one photo's decoding time, until some have been timed (a 12 MP photo here: about 1.5 s). */
const FIRST_ESTIMATE_MS = 2_000;

export const PHOTOS_BUSY_MESSAGE = 'We are processing a lot of photos right now. Please try again in a minute.';

/**
 * Decodes and cleans uploaded photos (photo-cleaner.ts) on a pool of worker threads, off the request
 * path: a photo of 50 megapixels takes seconds of CPU, which on the event loop would stall every other
 * request (sign-in, pages) for as long. The pool has `PHOTO_WORKERS` threads (by default one core
 * fewer than the machine has) and a bounded queue of `PHOTO_QUEUE_LIMIT` photos; an upload that finds
 * no room for all its photos is refused at once with 503 and Retry-After, never left waiting, and
 * nothing of it is queued.
 */
@Injectable()
export class PhotoDecoder implements OnModuleDestroy {
  private readonly logger = new Logger('PhotoDecoder');
  /** The worker pool itself, for its figures (`queueSize`, `completed`, `utilization`). */
  readonly pool: Piscina<Uint8Array, CleanOutcome | PublishOutcome>;
  readonly threads: number;
  readonly queueLimit: number;
  /** Recent decoding time of one photo (moving average), for Retry-After. */
  private meanMs = FIRST_ESTIMATE_MS;

  constructor(@InjectConfig() config: AppConfig) {
    this.threads = config.photoDecoding.threads;
    this.queueLimit = config.photoDecoding.queueLimit;
    this.pool = new Piscina({
      filename: PHOTO_WORKER.filename,
      execArgv: PHOTO_WORKER.execArgv,
      // All threads start at once and stay: a thread ended while sharp works can take the process down.
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      maxQueue: this.queueLimit,
    });
  }

  /** Throws the 503 (with Retry-After) at once when the queue has no room for `count` more photos. */
  assertRoom(count = 1): void {
    if (this.pool.queueSize + count > this.queueLimit) throw this.busy();
  }

  /**
   * Cleans the photos of one upload, in order. All of them are queued together or, when the queue has
   * no room for all, none (503): an upload is never half decoded for nothing.
   */
  async clean(files: readonly Buffer[]): Promise<CleanOutcome[]> {
    this.assertRoom(files.length);
    return Promise.all(files.map((file) => this.run(file)));
  }

  /**
   * Cleans one photo for the public pages and encodes every variant of it (photo-worker.ts
   * `publishInWorker`), on the same pool and queue as referral photos. A 12 MP photo takes a few
   * seconds of one thread.
   */
  async publish(file: Buffer): Promise<PublishOutcome> {
    this.assertRoom(1);
    return this.run(file, 'publishInWorker');
  }

  private run(file: Buffer): Promise<CleanOutcome>;
  private run(file: Buffer, task: 'publishInWorker'): Promise<PublishOutcome>;
  private async run(file: Buffer, task?: 'publishInWorker'): Promise<CleanOutcome | PublishOutcome> {
    // The bytes are copied to the thread (10 MB: a few milliseconds); moving them instead would fail
    // for memory Node does not own (sharp's) and detach a small buffer's neighbours in Node's pool.
    let outcome: CleanOutcome | PublishOutcome;
    try {
      outcome = await this.pool.run(file, task ? { name: task } : undefined);
    } catch (error) {
      // Piscina's own bound, should another caller have filled the queue in between.
      if (error instanceof Error && error.message === 'Task queue is at limit') throw this.busy();
      throw error;
    }
    this.meanMs = 0.8 * this.meanMs + 0.2 * outcome.ms;
    return outcome;
  }

  /** The time the queue ahead needs (photos waiting and the ones being decoded), at the recent pace. */
  retryAfterSeconds(): number {
    const photosAhead = this.pool.queueSize + this.threads;
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((photosAhead * this.meanMs) / this.threads / 1000)));
  }

  private busy(): DomainError {
    return DomainError.unavailable('PHOTOS_BUSY', PHOTOS_BUSY_MESSAGE, this.retryAfterSeconds());
  }

  /** Lets the photos being decoded finish (a thread ended mid-decode can take the process down). */
  async onModuleDestroy(): Promise<void> {
    await this.pool.close().catch((error: unknown) => this.logger.warn(`Photo decoding pool did not close cleanly: ${String(error)}`));
  }
}
