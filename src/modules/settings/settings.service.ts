import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_EMAIL_SETTINGS, EMAIL_SETTINGS_KEY, type EmailSettings } from './email-settings.js';
import { SettingsRepository } from './settings.repository.js';

/** Application settings kept in PostgreSQL (shared by every server instance). */
@Injectable()
export class SettingsService {
  constructor(private readonly repository: SettingsRepository) {}

  /** The e-mail settings, read inside the caller's transaction when one is given. */
  async emailSettings(manager?: EntityManager | DataSource): Promise<EmailSettings> {
    return { ...DEFAULT_EMAIL_SETTINGS, ...(await this.repository.findValue<Partial<EmailSettings>>(EMAIL_SETTINGS_KEY, manager)) };
  }

  async updateEmailSettings(changes: Partial<EmailSettings>, userId: string): Promise<EmailSettings> {
    const next = { ...(await this.emailSettings()), ...changes };
    await this.repository.upsert(EMAIL_SETTINGS_KEY, next, userId);
    return next;
  }
}
