import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';

/** A template as staff saved it (a key never saved has no row: its default wording applies). */
export interface StoredTemplate {
  key: string;
  subject: string;
  body: string;
  updatedAt: Date | null;
}

/** The email_templates table, owned by the templates module (read by the renderer, written by staff). */
@Injectable()
export class TemplatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The saved wording of `key`, read in the caller's transaction. */
  async findWording(manager: EntityManager, key: string): Promise<{ subject: string; body: string } | undefined> {
    const [stored] = await queryRows<{ subject: string; body: string }>(manager, `SELECT subject, body FROM email_templates WHERE key = $1`, [key]);
    return stored;
  }

  findMany(keys: readonly string[]): Promise<StoredTemplate[]> {
    return queryRows<StoredTemplate>(this.dataSource, `SELECT key, subject, body, updated_at AS "updatedAt" FROM email_templates WHERE key = ANY($1)`, [keys]);
  }

  async upsert(key: string, subject: string, body: string, userId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO email_templates (key, subject, body, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, subject, body, userId],
    );
  }
}
