import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SavedView, SavedViewResource } from '@relining/contracts/api/saved-views';
import { queryRows } from '../../database/sql.js';

/** A saved view as stored. */
export interface SavedViewRecord {
  id: string;
  userId: string;
  resource: SavedViewResource;
  name: string;
  filter: Record<string, unknown>;
  sort: SavedView['sort'];
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, user_id AS "userId", resource, name, filter, sort, is_default AS "isDefault", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The unique index that keeps a user's view names distinct per list (case-insensitive). */
export const SAVED_VIEW_NAME_INDEX = 'saved_views_name';

/** The saved_views table: every query is the owner's (a user reads and changes only their own views). */
@Injectable()
export class SavedViewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A user's views, all lists: a person keeps a handful, so the list is paged in memory. */
  findAllOfUser(userId: string): Promise<SavedViewRecord[]> {
    return queryRows<SavedViewRecord>(this.dataSource, `SELECT ${COLUMNS} FROM saved_views WHERE user_id = $1`, [userId]);
  }

  async findOwn(userId: string, id: string, manager?: EntityManager): Promise<SavedViewRecord | undefined> {
    const rows = await queryRows<SavedViewRecord>(
      manager ?? this.dataSource,
      `SELECT ${COLUMNS} FROM saved_views WHERE id = $1 AND user_id = $2 ${manager ? 'FOR UPDATE' : ''}`,
      [id, userId],
    );
    return rows[0];
  }

  /** Takes the default of a user's list away from every view but `exceptId` (before another becomes it). */
  async clearDefault(manager: EntityManager, userId: string, resource: SavedViewResource, exceptId: string | null): Promise<void> {
    await queryRows(
      manager,
      `UPDATE saved_views SET is_default = false, updated_at = now() WHERE user_id = $1 AND resource = $2 AND is_default AND id IS DISTINCT FROM $3::uuid`,
      [userId, resource, exceptId],
    );
  }

  async insert(
    manager: EntityManager,
    view: Pick<SavedViewRecord, 'userId' | 'resource' | 'name' | 'filter' | 'sort' | 'isDefault'>,
  ): Promise<SavedViewRecord> {
    const [row] = await queryRows<SavedViewRecord>(
      manager,
      `INSERT INTO saved_views (user_id, resource, name, filter, sort, is_default) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) RETURNING ${COLUMNS}`,
      [view.userId, view.resource, view.name, JSON.stringify(view.filter), view.sort === null ? null : JSON.stringify(view.sort), view.isDefault],
    );
    return row!;
  }

  async update(manager: EntityManager, view: Pick<SavedViewRecord, 'id' | 'userId' | 'name' | 'filter' | 'sort' | 'isDefault'>): Promise<SavedViewRecord> {
    const [row] = await queryRows<SavedViewRecord>(
      manager,
      `UPDATE saved_views SET name = $3, filter = $4::jsonb, sort = $5::jsonb, is_default = $6, updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [view.id, view.userId, view.name, JSON.stringify(view.filter), view.sort === null ? null : JSON.stringify(view.sort), view.isDefault],
    );
    return row!;
  }

  /** Deletes a user's view; answers it, or undefined when the user has no such view. */
  async deleteOwn(userId: string, id: string): Promise<SavedViewRecord | undefined> {
    const rows = await queryRows<SavedViewRecord>(this.dataSource, `DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [id, userId]);
    return rows[0];
  }
}
