import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { QuoteLine } from '@relining/contracts/quote-rules';
import { queryRows } from '../../database/sql.js';

/** One version of a job's quote (a row of `quotes`); amounts in integer cents, GST-inclusive. */
export interface QuoteRow {
  id: string;
  jobId: string;
  version: number;
  lines: QuoteLine[];
  totalCents: number;
  gstCents: number;
  /** YYYY-MM-DD. */
  validUntil: string;
  notes: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

export interface AcceptanceRow {
  id: string;
  quoteId: string;
  version: number;
  fullName: string;
  ip: string;
  userAgent: string;
  mediaConsent: boolean;
  acceptedAt: Date;
}

export interface DeclineRow {
  id: string;
  version: number;
  reason: string | null;
  declinedAt: Date;
}

export interface QuoteContent {
  lines: QuoteLine[];
  totalCents: number;
  gstCents: number;
  validUntil: string;
  notes: string | null;
}

const QUOTE_COLUMNS = `id, job_id AS "jobId", version, lines, total_cents::float8 AS "totalCents", gst_cents::float8 AS "gstCents",
  to_char(valid_until, 'YYYY-MM-DD') AS "validUntil", notes, published_at AS "publishedAt", updated_at AS "updatedAt"`;

/** The quotes module's tables: quotes (one row per version), quote_acceptances, quote_declines. */
@Injectable()
export class QuotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Serialises every change to one job's quote (saves, publishing, acceptance, declines) for the rest of
   * the caller's transaction, also before the job has any quote row to lock: two saves never make two
   * drafts, two acceptances never make two rows or two e-mails.
   */
  async lockJob(manager: EntityManager, jobId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('quotes:' || $1, 0))`, [jobId]);
  }

  /** The newest version: the draft when there is one (it is always the newest), else the latest published. */
  async newest(manager: EntityManager | DataSource, jobId: string): Promise<QuoteRow | null> {
    const [row] = await queryRows<QuoteRow>(manager, `SELECT ${QUOTE_COLUMNS} FROM quotes WHERE job_id = $1 ORDER BY version DESC LIMIT 1`, [jobId]);
    return row ?? null;
  }

  /** The version the customer sees. */
  async latestPublished(manager: EntityManager | DataSource, jobId: string): Promise<QuoteRow | null> {
    const [row] = await queryRows<QuoteRow>(
      manager,
      `SELECT ${QUOTE_COLUMNS} FROM quotes WHERE job_id = $1 AND published_at IS NOT NULL ORDER BY version DESC LIMIT 1`,
      [jobId],
    );
    return row ?? null;
  }

  async hasPublished(jobId: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(this.dataSource, `SELECT 1 AS one FROM quotes WHERE job_id = $1 AND published_at IS NOT NULL LIMIT 1`, [
      jobId,
    ]);
    return rows.length > 0;
  }

  async insertVersion(manager: EntityManager, jobId: string, version: number, content: QuoteContent, userId: string): Promise<void> {
    await manager.query(
      `INSERT INTO quotes (job_id, version, lines, total_cents, gst_cents, valid_until, notes, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [jobId, version, JSON.stringify(content.lines), content.totalCents, content.gstCents, content.validUntil, content.notes, userId],
    );
  }

  async updateDraft(manager: EntityManager, id: string, content: QuoteContent, userId: string): Promise<void> {
    await manager.query(
      `UPDATE quotes SET lines = $2, total_cents = $3, gst_cents = $4, valid_until = $5, notes = $6, updated_by = $7, updated_at = now()
       WHERE id = $1 AND published_at IS NULL`,
      [id, JSON.stringify(content.lines), content.totalCents, content.gstCents, content.validUntil, content.notes, userId],
    );
  }

  async publish(manager: EntityManager, id: string, userId: string): Promise<void> {
    await manager.query(`UPDATE quotes SET published_at = now(), published_by = $2, updated_at = now() WHERE id = $1 AND published_at IS NULL`, [id, userId]);
  }

  async acceptance(manager: EntityManager | DataSource, jobId: string): Promise<AcceptanceRow | null> {
    const [row] = await queryRows<AcceptanceRow>(
      manager,
      `SELECT id, quote_id AS "quoteId", version, full_name AS "fullName", ip, user_agent AS "userAgent", media_consent AS "mediaConsent", accepted_at AS "acceptedAt"
       FROM quote_acceptances WHERE job_id = $1`,
      [jobId],
    );
    return row ?? null;
  }

  /** Every decline of the job's quote, oldest first. */
  declines(manager: EntityManager | DataSource, jobId: string): Promise<DeclineRow[]> {
    return queryRows<DeclineRow>(
      manager,
      `SELECT id, version, reason, declined_at AS "declinedAt" FROM quote_declines WHERE job_id = $1 ORDER BY declined_at, id`,
      [jobId],
    );
  }

  /** Answers false when the job already has an acceptance (the unique job_id keeps it to one). */
  async insertAcceptance(
    manager: EntityManager,
    row: { jobId: string; quoteId: string; version: number; fullName: string; ip: string; userAgent: string; mediaConsent: boolean },
  ): Promise<boolean> {
    const inserted = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO quote_acceptances (job_id, quote_id, version, full_name, ip, user_agent, media_consent) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (job_id) DO NOTHING RETURNING id`,
      [row.jobId, row.quoteId, row.version, row.fullName, row.ip, row.userAgent, row.mediaConsent],
    );
    return inserted.length > 0;
  }

  async insertDecline(
    manager: EntityManager,
    row: { jobId: string; quoteId: string; version: number; reason: string | null; ip: string; userAgent: string },
  ): Promise<string> {
    const [inserted] = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO quote_declines (job_id, quote_id, version, reason, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [row.jobId, row.quoteId, row.version, row.reason, row.ip, row.userAgent],
    );
    return inserted!.id;
  }
}
