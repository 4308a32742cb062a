import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { activeUnlessAsked, archived, ids, search } from '../../common/react-admin/list-filters.js';
import { defineListSpec, findListPage, type ParsedList } from '../../common/react-admin/list-query.js';
import { queryRows } from '../../database/sql.js';
import { MediaImage } from './media-image.entity.js';

export const MEDIA_LIST = defineListSpec({
  resource: 'media',
  idColumn: 'm.id',
  sortable: { createdAt: 'm.created_at', updatedAt: 'm.updated_at', altText: 'lower(m.alt_text)', byteSize: 'm.byte_size' },
  defaultSort: ['createdAt', 'DESC'],
  filters: { q: search(['m.alt_text', 'm.caption', 'm.original_name']), id: ids('m.id'), archived: archived('m.archived_at') },
  defaultPageSize: 24,
  maxPageSize: 200,
});

/** A slot's stored choice (site_slots). */
export interface SlotRow {
  key: string;
  imageId: string | null;
  afterImageId: string | null;
  title: string | null;
  description: string | null;
  updatedAt: Date;
}

/** The media_images and site_slots tables (the files themselves are in the file storage). */
@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  findForAdminList(list: ParsedList): Promise<[MediaImage[], number]> {
    const query = activeUnlessAsked(this.dataSource.getRepository(MediaImage).createQueryBuilder('m'), list, 'm.archived_at');
    return findListPage(query, list, MEDIA_LIST);
  }

  findById(id: string, manager: EntityManager | DataSource = this.dataSource): Promise<MediaImage | null> {
    return manager.getRepository(MediaImage).findOneBy({ id });
  }

  /** The images with these ids (any order), for the slots that show them. */
  findByIds(ids: readonly string[], manager: EntityManager | DataSource = this.dataSource): Promise<MediaImage[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.getRepository(MediaImage).createQueryBuilder('m').where('m.id = ANY(:ids)', { ids }).getMany();
  }

  insert(manager: EntityManager, image: Omit<MediaImage, 'createdAt' | 'updatedAt' | 'archivedAt'>): Promise<MediaImage> {
    return manager.save(manager.create(MediaImage, image));
  }

  /** Changes a photo's describing fields; undefined when there is no such photo. */
  async updateFields(id: string, fields: Pick<MediaImage, 'altText' | 'caption' | 'showsCustomerProperty' | 'consentNote'>): Promise<MediaImage | undefined> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE media_images SET alt_text = $2, caption = $3, shows_customer_property = $4, consent_note = $5, updated_at = now() WHERE id = $1 RETURNING id`,
      [id, fields.altText, fields.caption, fields.showsCustomerProperty, fields.consentNote],
    );
    return row ? ((await this.findById(id)) ?? undefined) : undefined;
  }

  /**
   * Archives or restores a photo. A photo shown in a slot is not archived: the statement checks it
   * under a lock of the slots that name it, so a slot chosen at the same moment cannot slip in
   * between (answers 'in-use'); 'missing' when there is no such photo.
   */
  async setArchived(id: string, archive: boolean): Promise<'done' | 'in-use' | 'missing'> {
    return this.dataSource.transaction(async (manager) => {
      const [image] = await queryRows<{ id: string }>(manager, `SELECT id FROM media_images WHERE id = $1 FOR UPDATE`, [id]);
      if (!image) return 'missing';
      if (archive && (await this.slotsShowing(id, manager)).length > 0) return 'in-use';
      await manager.query(
        archive
          ? `UPDATE media_images SET archived_at = coalesce(archived_at, now()), updated_at = now() WHERE id = $1`
          : `UPDATE media_images SET archived_at = NULL, updated_at = now() WHERE id = $1`,
        [id],
      );
      return 'done';
    });
  }

  /** The keys of the slots showing a photo. */
  async slotsShowing(id: string, manager: EntityManager | DataSource = this.dataSource): Promise<string[]> {
    const rows = await queryRows<{ key: string }>(manager, `SELECT key FROM site_slots WHERE image_id = $1 OR after_image_id = $1 ORDER BY key`, [id]);
    return rows.map((row) => row.key);
  }

  /** For each of these photos, the keys of the slots showing it. */
  async slotsShowingEach(ids: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (ids.length === 0) return found;
    const rows = await queryRows<{ imageId: string; key: string }>(
      this.dataSource,
      `SELECT i AS "imageId", key FROM site_slots, unnest(ARRAY[image_id, after_image_id]) AS i WHERE i = ANY($1::uuid[]) ORDER BY key`,
      [ids],
    );
    for (const row of rows) found.set(row.imageId, [...(found.get(row.imageId) ?? []), row.key]);
    return found;
  }

  findSlots(manager: EntityManager | DataSource = this.dataSource): Promise<SlotRow[]> {
    return queryRows<SlotRow>(
      manager,
      `SELECT key, image_id AS "imageId", after_image_id AS "afterImageId", title, description, updated_at AS "updatedAt" FROM site_slots`,
    );
  }

  /**
   * Sets a slot's choice. The photos are locked (FOR KEY SHARE) and checked to be in the library and
   * not archived in the same statement's transaction, so an archive running alongside waits, then
   * finds the photo in use. Answers the photo ids that are missing or archived (nothing is saved then).
   */
  async saveSlot(row: Omit<SlotRow, 'updatedAt'>, userId: string): Promise<{ missing: string[]; archived: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      const wanted = [row.imageId, row.afterImageId].filter((id): id is string => id !== null);
      const found = await queryRows<{ id: string; archived: boolean }>(
        manager,
        `SELECT id, archived_at IS NOT NULL AS archived FROM media_images WHERE id = ANY($1::uuid[]) FOR KEY SHARE`,
        [wanted],
      );
      const missing = wanted.filter((id) => !found.some((image) => image.id === id));
      const archivedIds = found.filter((image) => image.archived).map((image) => image.id);
      if (missing.length > 0 || archivedIds.length > 0) return { missing, archived: archivedIds };
      await manager.query(
        `INSERT INTO site_slots (key, image_id, after_image_id, title, description, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key) DO UPDATE SET image_id = EXCLUDED.image_id, after_image_id = EXCLUDED.after_image_id, title = EXCLUDED.title,
           description = EXCLUDED.description, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [row.key, row.imageId, row.afterImageId, row.title, row.description, userId],
      );
      return { missing: [], archived: [] };
    });
  }

  /** The photo's files as served: its widths, its storage folder; undefined when unknown or archived. */
  async findServable(id: string): Promise<{ widths: number[]; storagePrefix: string } | undefined> {
    const [row] = await queryRows<{ widths: number[]; storagePrefix: string }>(
      this.dataSource,
      `SELECT widths, storage_prefix AS "storagePrefix" FROM media_images WHERE id = $1 AND archived_at IS NULL`,
      [id],
    );
    return row;
  }
}
