import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import { DEFAULT_EMAIL_SETTINGS, EMAIL_SETTINGS_KEY, type EmailSettings } from './email-settings.js';

/** Application settings kept in PostgreSQL (shared by every server instance). */
@Injectable()
export class SettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async emailSettings(manager: EntityManager | DataSource = this.dataSource): Promise<EmailSettings> {
    const [row] = await queryRows<{ value: Partial<EmailSettings> }>(manager, `SELECT value FROM settings WHERE key = $1`, [EMAIL_SETTINGS_KEY]);
    return { ...DEFAULT_EMAIL_SETTINGS, ...row?.value };
  }

  async updateEmailSettings(changes: Partial<EmailSettings>, userId: string): Promise<EmailSettings> {
    const next = { ...(await this.emailSettings()), ...changes };
    await this.dataSource.query(
      `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [EMAIL_SETTINGS_KEY, JSON.stringify(next), userId],
    );
    return next;
  }
}
