import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';

/** A referral's photo as the dashboard and console list it. */
export interface PhotoRow {
  id: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
  createdAt: Date;
}

/** The referral_photos table (the files themselves are in the file storage). */
@Injectable()
export class PhotosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The referral's photos, oldest first (in the caller's transaction when one is given). */
  findForReferral(referralId: string, manager?: EntityManager): Promise<PhotoRow[]> {
    return queryRows<PhotoRow>(
      manager ?? this.dataSource,
      `SELECT id, content_type AS "contentType", byte_size AS "byteSize", original_name AS "originalName", created_at AS "createdAt"
       FROM referral_photos WHERE referral_id = $1 ORDER BY created_at, id`,
      [referralId],
    );
  }

  /** How many photos the referral has (in the caller's transaction when one is given). */
  async countForReferral(referralId: string, manager?: EntityManager): Promise<number> {
    const [row] = await queryRows<{ count: number }>(manager ?? this.dataSource, `SELECT count(*)::int AS count FROM referral_photos WHERE referral_id = $1`, [
      referralId,
    ]);
    return row?.count ?? 0;
  }

  /** Locks the referral for the rest of the transaction: two uploads to it count their photos one after the other. */
  async lockReferral(manager: EntityManager, referralId: string): Promise<void> {
    await manager.query(`SELECT id FROM referrals WHERE id = $1 FOR UPDATE`, [referralId]);
  }

  async insert(
    manager: EntityManager,
    photo: { id: string; referralId: string; storageKey: string; contentType: string; byteSize: number; originalName: string | null; uploadedBy: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO referral_photos (id, referral_id, storage_key, content_type, byte_size, original_name, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [photo.id, photo.referralId, photo.storageKey, photo.contentType, photo.byteSize, photo.originalName, photo.uploadedBy],
    );
  }

  /** The stored file of a photo of this referral (a malformed id finds nothing). */
  async findFile(referralId: string, photoId: string): Promise<{ key: string; contentType: string; byteSize: number } | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(photoId)) return undefined;
    const [photo] = await queryRows<{ key: string; contentType: string; byteSize: number }>(
      this.dataSource,
      `SELECT storage_key AS key, content_type AS "contentType", byte_size AS "byteSize" FROM referral_photos WHERE id = $1 AND referral_id = $2`,
      [photoId, referralId],
    );
    return photo;
  }
}
