import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../errors/domain-error.js';
import { unreadableForm } from '../http/form-body.js';
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
