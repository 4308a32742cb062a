import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PipeSection } from '@relining/contracts/inspection-report';
import { queryRows } from '../../database/sql.js';

/** A job's report as stored: the draft staff edit and the snapshot the customer sees. */
export interface ReportRow {
  jobId: string;
  summary: string;
  sections: PipeSection[];
  publishedSummary: string | null;
  publishedSections: PipeSection[] | null;
  publishedVersion: number;
  publishedAt: Date | null;
  pdfKey: string | null;
  updatedAt: Date;
  /** The draft differs from the published snapshot (or, never published, has something in it). */
  changedSincePublish: boolean;
}

export interface JobPhotoRow {
  id: string;
  jobId: string;
  width: number;
  height: number;
  widths: number[];
  byteSize: number;
  createdAt: Date;
}

const REPORT_COLUMNS = `
  job_id AS "jobId", summary, sections, published_summary AS "publishedSummary", published_sections AS "publishedSections",
  published_version AS "publishedVersion", published_at AS "publishedAt", pdf_key AS "pdfKey", updated_at AS "updatedAt",
  (summary IS DISTINCT FROM coalesce(published_summary, '') OR sections IS DISTINCT FROM coalesce(published_sections, '[]'::jsonb)) AS "changedSincePublish"`;

const PHOTO_COLUMNS = `id, job_id AS "jobId", width, height, widths, byte_size::float8 AS "byteSize", created_at AS "createdAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The inspections module's tables: job_reports (one per job) and job_photos. */
@Injectable()
export class InspectionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findReport(jobId: string, executor: DataSource | EntityManager = this.dataSource): Promise<ReportRow | null> {
    const [row] = await queryRows<ReportRow>(executor, `SELECT ${REPORT_COLUMNS} FROM job_reports WHERE job_id = $1`, [jobId]);
    return row ?? null;
  }

  /** The report's row locked for the rest of the transaction (two staff publishing at once go one after the other). */
  async lockReport(manager: EntityManager, jobId: string): Promise<ReportRow | null> {
    const [row] = await queryRows<ReportRow>(manager, `SELECT ${REPORT_COLUMNS} FROM job_reports WHERE job_id = $1 FOR UPDATE`, [jobId]);
    return row ?? null;
  }

  async saveDraft(manager: EntityManager, jobId: string, draft: { summary: string; sections: PipeSection[] }, userId: string): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO job_reports (job_id, summary, sections, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
       ON CONFLICT (job_id) DO UPDATE SET summary = excluded.summary, sections = excluded.sections, updated_at = now(), updated_by = excluded.updated_by`,
      [jobId, draft.summary, JSON.stringify(draft.sections), userId],
    );
  }

  /** The draft becomes what the customer sees, as the next version with its PDF. */
  async publish(manager: EntityManager, jobId: string, version: number, pdfKey: string, userId: string): Promise<void> {
    await queryRows(
      manager,
      `UPDATE job_reports SET published_summary = summary, published_sections = sections, published_version = $2,
         published_at = now(), published_by = $3, pdf_key = $4
       WHERE job_id = $1`,
      [jobId, version, userId, pdfKey],
    );
  }

  /** Whether the customer has a report to see (the tracking page's hasReport). */
  async hasPublished(jobId: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource, `SELECT 1 FROM job_reports WHERE job_id = $1 AND published_version > 0`, [jobId]);
    return rows.length > 0;
  }

  listPhotos(jobId: string, executor: DataSource | EntityManager = this.dataSource): Promise<JobPhotoRow[]> {
    return queryRows<JobPhotoRow>(executor, `SELECT ${PHOTO_COLUMNS} FROM job_photos WHERE job_id = $1 ORDER BY created_at, id`, [jobId]);
  }

  async findPhoto(jobId: string, photoId: string, executor: DataSource | EntityManager = this.dataSource): Promise<JobPhotoRow | null> {
    if (!UUID.test(photoId)) return null;
    const [row] = await queryRows<JobPhotoRow>(executor, `SELECT ${PHOTO_COLUMNS} FROM job_photos WHERE job_id = $1 AND id = $2`, [jobId, photoId]);
    return row ?? null;
  }

  /** Of `photoIds`, those that are photos of the job. */
  async photosOfJob(jobId: string, photoIds: readonly string[], executor: DataSource | EntityManager = this.dataSource): Promise<Set<string>> {
    const candidates = [...new Set(photoIds.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
    if (candidates.length === 0) return new Set();
    const rows = await queryRows<{ id: string }>(executor, `SELECT id FROM job_photos WHERE job_id = $1 AND id = ANY($2::uuid[])`, [jobId, candidates]);
    return new Set(rows.map((row) => row.id));
  }

  async countPhotos(jobId: string, executor: DataSource | EntityManager = this.dataSource): Promise<number> {
    const [row] = await queryRows<{ count: number }>(executor, `SELECT count(*)::int AS count FROM job_photos WHERE job_id = $1`, [jobId]);
    return row?.count ?? 0;
  }

  /** Serialises photo uploads of one job (the 40-photo limit is counted under it), without needing a report row. */
  async lockPhotos(manager: EntityManager, jobId: string): Promise<void> {
    await queryRows(manager, `SELECT pg_advisory_xact_lock(hashtextextended('job_photos:' || $1, 0))`, [jobId]);
  }

  async insertPhoto(
    manager: EntityManager,
    photo: { id: string; jobId: string; width: number; height: number; widths: number[]; byteSize: number; originalName: string | null; createdBy: string },
  ): Promise<void> {
    await queryRows(
      manager,
      // clock_timestamp(), not the transaction's now(): photos of one upload keep the order they were sent in.
      `INSERT INTO job_photos (id, job_id, width, height, widths, byte_size, original_name, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())`,
      [photo.id, photo.jobId, photo.width, photo.height, photo.widths, photo.byteSize, photo.originalName, photo.createdBy],
    );
  }

  async deletePhoto(manager: EntityManager, jobId: string, photoId: string): Promise<void> {
    await queryRows(manager, `DELETE FROM job_photos WHERE job_id = $1 AND id = $2`, [jobId, photoId]);
  }

  /** The draft's sections with the photo taken out of every observation (the photo is being deleted). */
  async replaceDraftSections(manager: EntityManager, jobId: string, sections: PipeSection[]): Promise<void> {
    await queryRows(manager, `UPDATE job_reports SET sections = $2::jsonb, updated_at = now() WHERE job_id = $1`, [jobId, JSON.stringify(sections)]);
  }
}
