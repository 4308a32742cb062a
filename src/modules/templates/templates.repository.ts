import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import type { Sql } from '../../database/sql-fragment.js';
import { tableVersionIs } from '../../database/table-changes.js';

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

  /**
   * Every saved wording and the table's version, from one snapshot (what the renderer keeps in memory);
   * in the caller's transaction when one is given.
   */
  async findAllWordings(manager?: EntityManager): Promise<{ version: string; wordings: Map<string, { subject: string; body: string }> }> {
    const rows = await queryRows<{ version: string; key: string | null; subject: string | null; body: string | null }>(
      manager ?? this.dataSource,
      `SELECT v.version::text AS version, t.key, t.subject, t.body
       FROM table_versions v LEFT JOIN email_templates t ON true
       WHERE v.table_name = 'email_templates'`,
    );
    const wordings = new Map<string, { subject: string; body: string }>();
    for (const row of rows) if (row.key !== null) wordings.set(row.key, { subject: row.subject!, body: row.body! });
    return { version: rows[0]!.version, wordings };
  }

  /** True, in the statement that carries it, while the saved wordings are still those of `version`. */
  stillAt(version: string): Sql {
    return tableVersionIs('email_templates', version);
  }

  findMany(keys: readonly string[]): Promise<StoredTemplate[]> {
    return queryRows<StoredTemplate>(this.dataSource, `SELECT key, subject, body, updated_at AS "updatedAt" FROM email_templates WHERE key = ANY($1)`, [keys]);
  }

  /** The saved wording of one template, locked until the caller's transaction ends (a save compares with it). */
  async findForUpdate(manager: EntityManager, key: string): Promise<{ subject: string; body: string } | undefined> {
    const [row] = await queryRows<{ subject: string; body: string }>(manager, `SELECT subject, body FROM email_templates WHERE key = $1 FOR UPDATE`, [key]);
    return row;
  }

  async upsert(manager: EntityManager, key: string, subject: string, body: string, userId: string): Promise<void> {
    await manager.query(
      `INSERT INTO email_templates (key, subject, body, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (key) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, subject, body, userId],
    );
  }
}
