import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import type { PublicReport, ReportRecord } from '@relining/contracts/api/inspections';
import { COMPANY } from '@relining/contracts/business';
import { reportProblems, type InspectionReportInput, type PipeSection } from '@relining/contracts/inspection-report';
import { formatAbn } from '@relining/contracts/site-content';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { FILE_STORAGE, type FileStorage } from '../../common/images/file-storage.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { UnlockedJob } from '../jobs/job-access.service.js';
import { JobDocuments } from '../jobs/job-documents.js';
import { AuditService } from '../audit/audit.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { InspectionsRepository, type JobPhotoRow, type ReportRow } from './inspections.repository.js';
import { IMAGE_CONTENT_TYPE, type ImageFormat } from '@relining/contracts/site-content';
import { JobPhotosService, parseVariantFile, toPhotoRecord, variantKey } from './job-photos.service.js';
import { namedPhotoIds, normalizeReport, photoProblems, photosInOrder, publicSection, publishProblems } from './report.rules.js';
import { renderReportPdf, type ReportPdfInput } from './report-pdf.js';

export const NO_PUBLISHED_REPORT_STAFF = 'No published report yet.';
export const NO_PUBLISHED_REPORT_CUSTOMER = 'No report has been published yet.';
/** The width of a photo's JPEG the PDF prints (two to a row on A4: ~800 px is sharp on paper and light). */
const PDF_PHOTO_WIDTH = 800;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const pdfFileName = (jobNumber: string) => `Inspection report ${jobNumber.replace(/[^\w .-]/g, '')}.pdf`;

/**
 * The inspection report of a job (issue 17): staff save a draft (checked by the contracts' rules, and
 * naming only photos of the job), publish it as the next version (a snapshot the customer sees, its PDF
 * rendered and stored before the commit, the job moved on to Inspection Completed with its e-mail in the
 * same transaction), and the unlocked customer reads the published snapshot only.
 */
@Injectable()
export class InspectionsService implements OnModuleInit {
  private readonly logger = new Logger('InspectionsService');

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: InspectionsRepository,
    private readonly jobs: JobsService,
    private readonly documents: JobDocuments,
    private readonly settings: SettingsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectConfig() private readonly config: AppConfig,
    private readonly photos: JobPhotosService,
    private readonly audit: AuditService,
  ) {}

  /** The published report's sections, null when none is published (the quote's proposed lines). */
  async publishedSections(jobId: string): Promise<PipeSection[] | null> {
    const report = await this.repository.findReport(jobId);
    return report && report.publishedVersion > 0 && report.publishedSections ? report.publishedSections : null;
  }

  /** A job photo's cleaned original (the before-and-after pair for the website); null when the job has no such photo. */
  photoOriginal(jobId: string, photoId: string): Promise<Buffer | null> {
    return this.photos.original(jobId, photoId);
  }

  onModuleInit(): void {
    this.documents.register('report', (jobId) => this.repository.hasPublished(jobId));
  }

  async get(jobId: string): Promise<ReportRecord> {
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    return this.record(job, await this.repository.findReport(jobId), await this.repository.listPhotos(jobId));
  }

  private record(job: { id: string; jobNumber: string }, report: ReportRow | null, photos: JobPhotoRow[]): ReportRecord {
    const published = (report?.publishedVersion ?? 0) > 0;
    return {
      jobId: job.id,
      jobNumber: job.jobNumber,
      summary: report?.summary ?? '',
      sections: report?.sections ?? [],
      publishedVersion: report?.publishedVersion ?? 0,
      publishedAt: report?.publishedAt ? new Date(report.publishedAt).toISOString() : null,
      changedSincePublish: report?.changedSincePublish ?? false,
      updatedAt: report ? new Date(report.updatedAt).toISOString() : null,
      photos: photos.map(toPhotoRecord),
      pdfUrl: published ? `/api/admin/jobs/${job.id}/report.pdf` : null,
    };
  }

  /** Problems of a report as sent: the rules', and photos that are not this job's. */
  private async problemsOf(executor: DataSource | EntityManager, jobId: string, input: unknown) {
    const problems = reportProblems(input);
    const candidates = namedPhotoIds(input).flatMap(({ id }) => (typeof id === 'string' ? [id] : []));
    const ofJob = await this.repository.photosOfJob(jobId, candidates, executor);
    return [...problems, ...photoProblems(input, ofJob)];
  }

  async save(actor: CurrentUserInfo, jobId: string, input: unknown): Promise<ReportRecord> {
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    await this.dataSource.transaction(async (manager) => {
      const problems = await this.problemsOf(manager, jobId, input);
      if (problems.length > 0) throw DomainError.validation(problems);
      const existing = await this.repository.lockReport(manager, jobId);
      const draft = normalizeReport(input as InspectionReportInput);
      await this.repository.saveDraft(manager, jobId, draft, actor.id);
      const before = existing ? { summary: existing.summary, sections: existing.sections } : null;
      const after = { summary: draft.summary, sections: draft.sections };
      // Saving the same draft again is no change.
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.audit.record(manager, { entity: 'job', entityId: jobId, action: existing ? 'report_edited' : 'report_created', before, after });
      }
    });
    return this.get(job.id);
  }

  /**
   * Publishes the draft as the next version. Under the report row's lock (two staff publishing at once
   * get versions one after the other): the draft is checked, its PDF rendered and stored under the
   * version's key, the snapshot written and the job moved on (a booked job to Inspection Completed with
   * its e-mail; a job already further stays where it is), all committed together. A failed commit
   * removes the PDF it stored; after the commit the previous version's PDF goes.
   */
  async publish(actor: CurrentUserInfo, jobId: string): Promise<ReportRecord> {
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    let written: string | null = null;
    let previousKey: string | null = null;
    try {
      await this.dataSource.transaction(async (manager) => {
        const report = await this.repository.lockReport(manager, jobId);
        const draft: InspectionReportInput = { summary: report?.summary ?? '', sections: report?.sections ?? [] };
        const problems = publishProblems(draft, await this.problemsOf(manager, jobId, draft));
        if (problems.length > 0) throw DomainError.validation(problems);
        const version = report!.publishedVersion + 1;
        const publishedAt = new Date();
        const pdf = await this.renderPdf(manager, { ...job, id: jobId }, version, publishedAt, draft);
        const key = `reports/${jobId}/v${version}.pdf`;
        written = key;
        await this.storage.put(key, pdf);
        previousKey = report!.pdfKey;
        await this.repository.publish(manager, jobId, version, key, actor.id);
        await this.audit.record(manager, { entity: 'job', entityId: jobId, action: 'report_published', details: { version } });
        await this.jobs.moveForward(manager, jobId, 'inspected', actor.id, 'auto');
      });
    } catch (error) {
      if (written) await this.storage.remove(written).catch(() => undefined);
      throw error;
    }
    if (previousKey && previousKey !== written) {
      const old: string = previousKey;
      await this.storage.remove(old).catch((error: unknown) => this.logger.warn(`Old report PDF ${old} not removed: ${String(error)}`));
    }
    return this.get(jobId);
  }

  private async renderPdf(
    manager: EntityManager,
    job: { id: string; jobNumber: string; customerName: string; address: string | null },
    version: number,
    publishedAt: Date,
    draft: InspectionReportInput,
  ): Promise<Buffer> {
    const profile = await this.settings.companyProfile(manager);
    const named = new Set(photosInOrder(draft.sections));
    const rows = (await this.repository.listPhotos(job.id, manager)).filter((row) => named.has(row.id));
    const photos = new Map<string, { jpeg: Buffer; width: number; height: number }>();
    for (const row of rows) {
      // The JPEG made at upload nearest 800 px wide (no decoding now): the size the PDF prints.
      const widths = [...row.widths].sort((a, b) => a - b);
      const width = widths.find((candidate) => candidate >= PDF_PHOTO_WIDTH) ?? widths[widths.length - 1]!;
      const jpeg = await readAll(this.storage.read(variantKey(job.id, row.id, width, 'jpeg')));
      photos.set(row.id, { jpeg, width, height: Math.max(1, Math.round((row.height * width) / row.width)) });
    }
    const input: ReportPdfInput = {
      company: {
        name: COMPANY.name,
        phone: COMPANY.phone,
        email: COMPANY.email,
        abn: profile.abn ? formatAbn(profile.abn) : null,
        website: new URL(this.config.publicBaseUrl).host,
      },
      job: { jobNumber: job.jobNumber, customerName: job.customerName, address: job.address },
      version,
      publishedAt,
      summary: draft.summary,
      sections: draft.sections,
      photos,
    };
    return renderReportPdf(input);
  }

  /** The stored PDF of the latest published version (staff). */
  async pdf(jobId: string): Promise<{ stream: Readable; fileName: string }> {
    const job = await this.jobs.customerOf(this.dataSource.manager, jobId);
    const stream = await this.latestPdf(jobId, NO_PUBLISHED_REPORT_STAFF);
    // A download changes no record: its entry has a transaction of its own.
    await this.audit.recordAlone({ entity: 'job', entityId: jobId, action: 'download', details: { document: 'report', fileName: pdfFileName(job.jobNumber) } });
    return { stream, fileName: pdfFileName(job.jobNumber) };
  }

  /**
   * The latest published version's PDF, read fully first (a missing object is a 404, not a broken
   * download). A republish committed between reading the row and the object removes the older PDF:
   * the row is read again and the newer one served.
   */
  private async latestPdf(jobId: string, notFound: string): Promise<Readable> {
    let tried: string | null = null;
    for (;;) {
      const report = await this.repository.findReport(jobId);
      const key = report && report.publishedVersion > 0 ? report.pdfKey : null;
      if (!key || key === tried) throw DomainError.notFound(notFound);
      try {
        return Readable.from([await readAll(this.storage.read(key))]);
      } catch (error) {
        this.logger.warn(`Report PDF ${key} could not be read: ${String(error)}`);
        tried = key;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // The customer (an unlocked tracking page): the published snapshot only.

  private async published(job: UnlockedJob): Promise<ReportRow & { publishedSections: PipeSection[]; publishedSummary: string; publishedAt: Date }> {
    const report = await this.repository.findReport(job.id);
    if (!report || report.publishedVersion === 0 || !report.publishedSections || report.publishedSummary === null || !report.publishedAt) {
      throw DomainError.notFound(NO_PUBLISHED_REPORT_CUSTOMER);
    }
    return report as ReportRow & { publishedSections: PipeSection[]; publishedSummary: string; publishedAt: Date };
  }

  async publicReport(job: UnlockedJob): Promise<PublicReport> {
    const report = await this.published(job);
    const order = photosInOrder(report.publishedSections);
    const rows = new Map((await this.repository.listPhotos(job.id)).map((row) => [row.id, row]));
    return {
      jobNumber: job.jobNumber,
      version: report.publishedVersion,
      publishedAt: new Date(report.publishedAt).toISOString(),
      summary: report.publishedSummary,
      sections: report.publishedSections.map(publicSection),
      photos: order.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toPhotoRecord(row)] : [];
      }),
      pdfUrl: `/api/job-status/${job.trackingCode}/report.pdf`,
    };
  }

  async publicPdf(job: UnlockedJob): Promise<{ stream: Readable; fileName: string }> {
    return { stream: await this.latestPdf(job.id, NO_PUBLISHED_REPORT_CUSTOMER), fileName: pdfFileName(job.jobNumber) };
  }

  /** A file of a photo the published report shows; any other photo of the job is not the customer's to see. */
  async publicPhoto(job: UnlockedJob, photoId: string, file: string): Promise<{ stream: Readable; contentType: string }> {
    const report = await this.published(job);
    const wanted = parseVariantFile(file);
    const shown = photosInOrder(report.publishedSections).includes(photoId.toLowerCase());
    const photo = wanted && shown ? await this.repository.findPhoto(job.id, photoId) : null;
    if (!wanted || !photo || !photo.widths.includes(wanted.width)) throw DomainError.notFound('Photo not found.');
    const format: ImageFormat = wanted.format;
    return { stream: this.storage.read(variantKey(job.id, photo.id, wanted.width, format)), contentType: IMAGE_CONTENT_TYPE[format] };
  }
}
