import { HttpStatus } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { DomainError } from '../errors/domain-error.js';
import { unreadableForm } from '../http/form-body.js';
import type { FileStorage } from './file-storage.js';
import { MAX_PHOTO_PIXELS, type PhotoRefusal } from './photo-cleaner.js';

/**
 * The answers every photo upload of staff and plumbers gives (referral photos, job photos): the same
 * limits, told in the same words. The multipart limits (app.factory.ts) refuse a file over 10 MB.
 */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** A file of the request as received, not yet looked into. */
export interface ReceivedFile {
  buffer: Buffer;
  name: string;
  field: string;
}

/**
 * The multipart limits' own errors (@fastify/multipart), told in the product's words: a file too
 * large is 413; more files than the request may carry is `tooManyAtOnce`; any other body the parser
 * gave up on (no boundary, cut short) a 400, not a 500. A DomainError thrown while reading passes through.
 */
export function photoUploadError(error: unknown, tooManyAtOnce: () => DomainError): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError('PHOTO_TOO_LARGE', `Each photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, HttpStatus.PAYLOAD_TOO_LARGE, [
      { field: 'photos', message: `Each photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.` },
    ]);
  }
  if (code === 'FST_FILES_LIMIT') return tooManyAtOnce();
  if (code === 'FST_PARTS_LIMIT') return DomainError.validation([{ field: 'photos', message: 'The upload has too many parts.' }]);
  return unreadableForm(error);
}

/** What a photo upload refuses with while it reads the files: its own words for each limit. */
export interface PhotoCountRefusals {
  /** The first file past the room the record has for photos. */
  pastRoom: () => DomainError;
  /** More files than the request may carry (the multipart limits). */
  tooManyAtOnce: () => DomainError;
}

/**
 * Reads the request's files as they arrive, refusing before reading it the first one past `room`,
 * or the first one the decoding queue no longer has room for; a request without a file is a 400.
 */
export async function receivePhotos(
  files: AsyncIterableIterator<MultipartFile>,
  room: number,
  decoder: { assertRoom(count: number): void },
  refusals: PhotoCountRefusals,
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    for await (const file of files) {
      if (received.length === room) throw refusals.pastRoom();
      decoder.assertRoom(received.length + 1);
      received.push({ buffer: await file.toBuffer(), name: (file.filename || '').slice(0, 200), field: file.fieldname });
    }
  } catch (error) {
    throw photoUploadError(error, refusals.tooManyAtOnce);
  }
  if (received.length === 0) throw DomainError.validation([{ field: 'photos', message: 'Choose at least one photo to upload.' }]);
  return received;
}

/**
 * Runs `work`, which pushes to `stored` every key as it writes it; when it fails, nothing is
 * half-kept: the files written before the failure are removed too (a removal that fails is let be),
 * and its error is thrown on.
 */
export async function removingStoredOnFailure<T>(storage: Pick<FileStorage, 'remove'>, work: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/** A file that is not a JPEG, PNG, WebP or HEIC image by its bytes, whatever its name says: 415. */
export function unsupportedPhoto(file: Pick<ReceivedFile, 'name' | 'field'>): DomainError {
  return new DomainError('UNSUPPORTED_PHOTO', 'Photos must be JPEG, PNG, WebP or HEIC images.', HttpStatus.UNSUPPORTED_MEDIA_TYPE, [
    { field: file.field, message: `${file.name || 'This file'} is not a JPEG, PNG, WebP or HEIC image.` },
  ]);
}

/** A file the decoder refused: too many pixels (413), or not really the image it looks like (415). */
export function refusedPhoto(reason: PhotoRefusal, file: Pick<ReceivedFile, 'name' | 'field'>): DomainError {
  if (reason !== 'too-many-pixels') return unsupportedPhoto(file);
  return new DomainError('PHOTO_TOO_LARGE', `Photos can be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`, HttpStatus.PAYLOAD_TOO_LARGE, [
    { field: file.field, message: `${file.name || 'This file'} is larger than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.` },
  ]);
}
