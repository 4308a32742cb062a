import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';

/** The settings table: one JSON value per key, shared by every server instance. */
@Injectable()
export class SettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The stored value of `key`, or undefined when it was never saved (the defaults apply). */
  async findValue<T>(key: string, manager: EntityManager | DataSource = this.dataSource): Promise<T | undefined> {
    const [row] = await queryRows<{ value: T }>(manager, `SELECT value FROM settings WHERE key = $1`, [key]);
    return row?.value;
  }

  /** Holds a key's row (when saved before) until the caller's transaction ends: two saves of it run one after the other. */
  async lock(manager: EntityManager, key: string): Promise<void> {
    await manager.query(`SELECT 1 FROM settings WHERE key = $1 FOR UPDATE`, [key]);
  }

  async upsert(key: string, value: unknown, userId: string, manager: EntityManager | DataSource = this.dataSource): Promise<void> {
    await manager.query(
      `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, JSON.stringify(value), userId],
    );
  }
}
