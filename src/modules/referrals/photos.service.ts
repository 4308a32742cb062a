import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { unreadableForm } from '../../common/http/form-body.js';
import { queryRows } from '../../database/sql.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { cleanPhoto, MAX_PHOTO_PIXELS, PhotoRefused, type CleanPhoto } from './photo-cleaner.js';

/** Up to 5 photos a referral, 10 MB each (the multipart limits refuse bigger files with 413). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

type CleanUpload = CleanPhoto & { name: string };

const tooManyAtOnce = () => DomainError.validation([{ field: 'photos', message: `A referral can have at most ${MAX_PHOTOS} photos: choose ${MAX_PHOTOS} or fewer.` }]);

/** The multipart limits' own errors (@fastify/multipart), told in the product's words. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new DomainError('PHOTO_TOO_LARGE', `Each photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`, HttpStatus.PAYLOAD_TOO_LARGE, [
      { field: 'photos', message: `Each photo can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.` },
    ]);
  }
  if (code === 'FST_FILES_LIMIT') return tooManyAtOnce();
  if (code === 'FST_PARTS_LIMIT') return DomainError.validation([{ field: 'photos', message: 'The upload has too many parts.' }]);
  // A multipart body the parser gave up on (no boundary, cut short): a 400, not a 500 (OpenAPI fuzz run).
  return unreadableForm(error);
}

export interface PhotoView {
  id: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
  createdAt: string;
}

@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async list(referralId: string): Promise<PhotoView[]> {
    const rows = await queryRows<{ id: string; contentType: string; byteSize: number; originalName: string | null; createdAt: Date }>(
      this.dataSource,
      `SELECT id, content_type AS "contentType", byte_size AS "byteSize", original_name AS "originalName", created_at AS "createdAt"
       FROM referral_photos WHERE referral_id = $1 ORDER BY created_at, id`,
      [referralId],
    );
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  }

  /**
   * Stores the uploaded images of one request. Each file's type is read from its content (JPEG, PNG,
   * WebP or HEIC) and the file must really be that image; what is kept is the cleaned copy, without
   * EXIF/XMP metadata such as the GPS position (photo-cleaner.ts). Anything else, whatever its name
   * says, is refused with 415; a file over 10 MB with 413; more than 5 photos with 400. A refusal keeps
   * nothing of the request.
   */
  async upload(referralId: string, files: AsyncIterableIterator<MultipartFile>, userId: string): Promise<PhotoView[]> {
    const received: CleanUpload[] = [];
    try {
      for await (const file of files) {
        if (received.length === MAX_PHOTOS) throw tooManyAtOnce();
        const name = (file.filename || '').slice(0, 200);
        const buffer = await file.toBuffer();
        received.push({ ...(await this.clean(buffer, file.fieldname, name)), name });
      }
    } catch (error) {
      throw uploadError(error);
    }
    if (received.length === 0) throw DomainError.validation([{ field: 'photos', message: 'Choose at least one photo to upload.' }]);

    const stored: string[] = [];
    try {
      return await this.save(referralId, received, userId, stored);
    } catch (error) {
      // Nothing half-kept: files written before the failure go too.
      await Promise.all(stored.map((key) => this.storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  private async clean(buffer: Buffer, field: string, name: string): Promise<CleanPhoto> {
    try {
      return await cleanPhoto(buffer);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      const label = name || 'This file';
      if (error.reason === 'too-many-pixels') {
        throw new DomainError('PHOTO_TOO_LARGE', `Photos can be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`, HttpStatus.PAYLOAD_TOO_LARGE, [
          { field, message: `${label} is larger than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.` },
        ]);
      }
      throw new DomainError('UNSUPPORTED_PHOTO', 'Photos must be JPEG, PNG, WebP or HEIC images.', HttpStatus.UNSUPPORTED_MEDIA_TYPE, [
        { field, message: `${label} is not a JPEG, PNG, WebP or HEIC image.` },
      ]);
    }
  }

  private save(
    referralId: string,
    received: CleanUpload[],
    userId: string,
    stored: string[],
  ): Promise<PhotoView[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM referrals WHERE id = $1 FOR UPDATE`, [referralId]);
      const [{ count }] = await queryRows<{ count: number }>(manager, `SELECT count(*)::int AS count FROM referral_photos WHERE referral_id = $1`, [referralId]);
      if (count + received.length > MAX_PHOTOS) {
        throw DomainError.validation([{ field: 'photos', message: `A referral can have at most ${MAX_PHOTOS} photos (${count} already added).` }]);
      }
      for (const photo of received) {
        const id = randomUUID();
        const key = `referrals/${referralId}/${id}.${photo.extension}`;
        stored.push(key);
        await this.storage.put(key, photo.buffer);
        await manager.query(
          `INSERT INTO referral_photos (id, referral_id, storage_key, content_type, byte_size, original_name, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, referralId, key, photo.contentType, photo.buffer.length, photo.name || null, userId],
        );
        await manager.query(`INSERT INTO referral_events (referral_id, actor_id, kind, to_value) VALUES ($1, $2, 'photo', $3)`, [referralId, userId, photo.name || id]);
      }
      return queryRows<PhotoView>(
        manager,
        `SELECT id, content_type AS "contentType", byte_size AS "byteSize", original_name AS "originalName", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
         FROM referral_photos WHERE referral_id = $1 ORDER BY created_at, id`,
        [referralId],
      );
    });
  }

  async open(referralId: string, photoId: string): Promise<{ stream: Readable; contentType: string; byteSize: number; fileName: string }> {
    const [photo] = /^[0-9a-f-]{36}$/i.test(photoId)
      ? await queryRows<{ key: string; contentType: string; byteSize: number }>(
          this.dataSource,
          `SELECT storage_key AS key, content_type AS "contentType", byte_size AS "byteSize" FROM referral_photos WHERE id = $1 AND referral_id = $2`,
          [photoId, referralId],
        )
      : [];
    if (!photo) throw DomainError.notFound('Photo not found.');
    // A name of our own (never the uploaded one) with the extension of the type we stored.
    const fileName = `photo-${photoId.toLowerCase()}.${photo.key.split('.').pop()}`;
    return { stream: this.storage.read(photo.key), contentType: photo.contentType, byteSize: photo.byteSize, fileName };
  }
}
