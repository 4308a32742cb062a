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

  /** The stored value of `key`, locked until the caller's transaction ends (a save compares with it). */
  async findValueForUpdate<T>(manager: EntityManager, key: string): Promise<T | undefined> {
    const [row] = await queryRows<{ value: T }>(manager, `SELECT value FROM settings WHERE key = $1 FOR UPDATE`, [key]);
    return row?.value;
  }

  async upsert(manager: EntityManager, key: string, value: unknown, userId: string): Promise<void> {
    await manager.query(
      `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, JSON.stringify(value), userId],
    );
  }
}
