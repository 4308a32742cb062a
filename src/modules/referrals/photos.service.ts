import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { queryRows } from '../../database/sql.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { detectPhotoType } from './photo-type.js';

/** Up to 5 photos a referral, 10 MB each (the multipart limits refuse bigger files with 413). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

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
   * WebP or HEIC); anything else, whatever its name says, is refused with 415 and nothing is kept.
   */
  async upload(referralId: string, files: AsyncIterableIterator<MultipartFile>, userId: string): Promise<PhotoView[]> {
    const received: Array<{ buffer: Buffer; contentType: string; extension: string; name: string }> = [];
    for await (const file of files) {
      const buffer = await file.toBuffer();
      const type = detectPhotoType(buffer.subarray(0, 32));
      if (!type) {
        throw new DomainError('UNSUPPORTED_PHOTO', 'Photos must be JPEG, PNG, WebP or HEIC images.', HttpStatus.UNSUPPORTED_MEDIA_TYPE, [
          { field: file.fieldname, message: `${file.filename || 'This file'} is not a JPEG, PNG, WebP or HEIC image.` },
        ]);
      }
      received.push({ buffer, contentType: type.contentType, extension: type.extension, name: (file.filename || '').slice(0, 200) });
      if (received.length > MAX_PHOTOS) break;
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

  private save(
    referralId: string,
    received: Array<{ buffer: Buffer; contentType: string; extension: string; name: string }>,
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

  async open(referralId: string, photoId: string): Promise<{ stream: Readable; contentType: string; byteSize: number }> {
    const [photo] = /^[0-9a-f-]{36}$/i.test(photoId)
      ? await queryRows<{ key: string; contentType: string; byteSize: number }>(
          this.dataSource,
          `SELECT storage_key AS key, content_type AS "contentType", byte_size AS "byteSize" FROM referral_photos WHERE id = $1 AND referral_id = $2`,
          [photoId, referralId],
        )
      : [];
    if (!photo) throw DomainError.notFound('Photo not found.');
    return { stream: this.storage.read(photo.key), contentType: photo.contentType, byteSize: photo.byteSize };
  }
}
