import { performance } from 'node:perf_hooks';
import { makeImageVariants, type ImageVariant } from './image-variants.js';
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

/** A photo for the public pages: its cleaned original and every width and encoding the pages ask for. */
export type PublishOutcome =
  | {
      ok: true;
      photo: Omit<CleanPhoto, 'buffer'> & { buffer: Uint8Array };
      variants: Array<Omit<ImageVariant, 'buffer'> & { buffer: Uint8Array }>;
      ms: number;
    }
  | { ok: false; refusal: PhotoRefusal | 'not-publishable'; ms: number };

/**
 * The media library's upload (issue 14): cleaned exactly like a referral photo (type from the bytes,
 * metadata stripped, pixel limit), then encoded once in every variant. HEIC cannot be decoded here
 * (heic-container.ts), so it cannot be resized either: refused with its own reason.
 */
export async function publishInWorker(input: Uint8Array): Promise<PublishOutcome> {
  const started = performance.now();
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    const photo = await cleanPhoto(buffer);
    if (photo.contentType === 'image/heic') return { ok: false, refusal: 'not-publishable', ms: performance.now() - started };
    const variants = await makeImageVariants(photo);
    return { ok: true, photo, variants, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof PhotoRefused) return { ok: false, refusal: error.reason, ms: performance.now() - started };
    throw error;
  }
}
