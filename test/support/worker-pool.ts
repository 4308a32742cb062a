import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';

const HOLD_WORKER = fileURLToPath(new URL('./hold-worker.mjs', import.meta.url));

/** `Atomics.waitAsync` (Node 16+, ES2024; the project's `lib` is ES2023). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (array: Int32Array, index: number, value: number) => { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

export interface HeldPool {
  /** Lets every held task finish, and waits until they have. */
  release: () => Promise<void>;
}

/**
 * Fills a worker pool the way a storm of big photos would, without the time: one task holding each of
 * its `threads` threads (waited for until all run) and `queued` more waiting behind them, until released.
 */
export async function holdPool(pool: Piscina, options: { threads: number; queued: number }): Promise<HeldPool> {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const tasks = Array.from({ length: options.threads + options.queued }, () => pool.run(state, { filename: HOLD_WORKER }));
  // Wait (no sleeping) until a task runs on every thread: the rest are then in the queue.
  for (let started = Atomics.load(state, 0); started < options.threads; started = Atomics.load(state, 0)) {
    const wait = waitAsync(state, 0, started);
    if (wait.async) await wait.value;
  }
  return {
    release: async () => {
      Atomics.store(state, 1, 1);
      Atomics.notify(state, 1);
      await Promise.all(tasks);
    },
  };
}
