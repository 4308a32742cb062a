import { Injectable } from '@nestjs/common';
import { EntityManager, type DataSource } from 'typeorm';
import { TableCache, TableChanges } from '../../database/table-changes.js';
import { DEFAULT_EMAIL_SETTINGS, EMAIL_SETTINGS_KEY, type EmailSettings } from './email-settings.js';
import { SettingsRepository } from './settings.repository.js';

/**
 * Application settings kept in PostgreSQL (shared by every server instance), read from a copy in
 * memory that is dropped whenever the table changes (TableChanges: LISTEN/NOTIFY from any instance
 * or writer) and right after this instance saves.
 */
@Injectable()
export class SettingsService {
  private readonly email: TableCache<EmailSettings>;

  constructor(
    private readonly repository: SettingsRepository,
    changes: TableChanges,
  ) {
    this.email = new TableCache(changes, ['settings'], async (manager) => ({
      ...DEFAULT_EMAIL_SETTINGS,
      ...(await this.repository.findValue<Partial<EmailSettings>>(EMAIL_SETTINGS_KEY, manager)),
    }));
  }

  /** The e-mail settings (read inside the caller's transaction when one is given and no copy is held). */
  async emailSettings(manager?: EntityManager | DataSource): Promise<EmailSettings> {
    const settings = await this.email.get(manager instanceof EntityManager ? manager : undefined);
    return { ...settings };
  }

  async updateEmailSettings(changes: Partial<EmailSettings>, userId: string): Promise<EmailSettings> {
    const next = { ...(await this.emailSettings()), ...changes };
    await this.repository.upsert(EMAIL_SETTINGS_KEY, next, userId);
    // Committed: this instance reads the new value from now on (other instances drop theirs when notified).
    this.email.drop();
    return next;
  }
}
