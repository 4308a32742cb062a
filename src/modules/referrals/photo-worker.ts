import { performance } from 'node:perf_hooks';
import { cleanPhoto, PhotoRefused, type CleanPhoto, type PhotoRefusal } from './photo-cleaner.js';

/**
 * The code a photo-decoding thread runs (photo-decoder.ts): one uploaded file in, its cleaned copy out.
 * A refusal comes back as a value, not a thrown error: errors crossing a thread lose their class and
 * fields, and the request needs the reason to answer 413 or 415.
 */

export type CleanOutcome =
  { ok: true; photo: Omit<CleanPhoto, 'buffer'> & { buffer: Uint8Array }; ms: number } | { ok: false; refusal: PhotoRefusal; ms: number };

export default async function cleanInWorker(input: Uint8Array): Promise<CleanOutcome> {
  const started = performance.now();
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    const photo = await cleanPhoto(buffer);
    return { ok: true, photo, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof PhotoRefused) return { ok: false, refusal: error.reason, ms: performance.now() - started };
    throw error;
  }
}
