import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PipeSection } from '@relining/contracts/inspection-report';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import { queryRows } from '../../database/sql.js';
import { PublishedReportSource } from './report-source.js';

/**
 * The two reads of the inspections module's tables (job_reports, job_photos) the quotes module needs.
 * They move to InspectionsService (publishedSections, photoOriginal) at merge: this file then goes,
 * and QuotesModule provides PublishedReportSource with InspectionsService instead.
 */
@Injectable()
export class PublishedReportPort extends PublishedReportSource {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {
    super();
  }

  /** Moves to InspectionsService.publishedSections at merge. */
  async publishedSections(jobId: string): Promise<PipeSection[] | null> {
    const [row] = await queryRows<{ sections: PipeSection[] | null }>(
      this.dataSource,
      `SELECT published_sections AS sections FROM job_reports WHERE job_id = $1 AND published_at IS NOT NULL`,
      [jobId],
    );
    return row?.sections ?? null;
  }

  /** Moves to InspectionsService.photoOriginal at merge: the cleaned original under job-photos/{job}/{photo}/original.jpg. */
  async photoOriginal(jobId: string, photoId: string): Promise<Buffer | null> {
    const [photo] = await queryRows<{ id: string }>(this.dataSource, `SELECT id FROM job_photos WHERE id = $1 AND job_id = $2`, [photoId, jobId]);
    if (!photo) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.storage.read(`job-photos/${jobId}/${photoId}/original.jpg`)) chunks.push(Buffer.from(chunk as Uint8Array));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
    return Buffer.concat(chunks);
  }
}
