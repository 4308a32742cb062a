import { HttpStatus, Injectable } from '@nestjs/common';
import type { Multipart } from '@fastify/multipart';
import { parse } from 'csv-parse/sync';
import { DataSource, type EntityManager } from 'typeorm';
import type { ReviewImportResult, ReviewInvitation, ReviewReceipt, ReviewRecord } from '@relining/contracts/api/reviews';
import { isoDayIn } from '@relining/contracts/date-format';
import {
  computedRating,
  GOOD_REVIEW_RATING,
  moderationProblem,
  parseConsent,
  REVIEW_MESSAGES,
  ReviewStatus,
  type ReviewStatus as ReviewStatusValue,
} from '@relining/contracts/review-rules';
import { LATEST_REVIEWS_SHOWN, NEARBY_REVIEWS_SHOWN, type PublishedReview, type ReviewsContent } from '@relining/contracts/site-content';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { AuditService } from '../audit/audit.service.js';
import type { ReviewSubmissionDto } from './dto/review.dto.js';
import { toReviewRecord } from './dto/review.dto.js';
import type { ReviewRow } from './review.entity.js';
import {
  areaOfPostcode,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importRow,
  isWellFormedToken,
  REQUIRED_IMPORT_COLUMNS,
  reviewTokenHash,
  toReply,
  toReviewStatus,
  type ImportedReview,
  type ImportRow,
} from './review.rules.js';
import { REVIEW_LIST, ReviewsRepository, type PublishedReviewRow, type ReviewRequestRow } from './reviews.repository.js';

/** Most reviews one bulk action changes. */
export const REVIEW_BULK_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const linkUnknown = () => new DomainError('REVIEW_LINK_UNKNOWN', REVIEW_MESSAGES.linkUnknown, HttpStatus.NOT_FOUND);
const linkUsed = () => new DomainError('REVIEW_LINK_USED', REVIEW_MESSAGES.linkUsed, HttpStatus.GONE);

/** The audited fields of a review. */
const audited = (row: ReviewRow) => ({ status: row.status, reply: row.reply });

/**
 * Reviews (issue 20): the customer's review from their private link, staff moderation (nothing is
 * shown without the author's consent and a member of staff publishing it), the CSV import of reviews
 * from elsewhere, and what the pages show: the rating computed from every published review.
 */
@Injectable()
export class ReviewsService {
  /** Told once a change to what the pages show has committed (this instance's page cache drops at once; the others when notified). */
  private readonly changeListeners: Array<() => void> = [];

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: ReviewsRepository,
    private readonly audit: AuditService,
  ) {}

  /** `listener` runs after each committed change of reviews made here (the pages' content cache). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  private changed<T>(result: T): T {
    for (const listener of this.changeListeners) listener();
    return result;
  }

  // ---- the customer's link ---------------------------------------------------------------

  /** GET /api/reviews/{token}: what the form starts with, while the link is unused. */
  async invitation(token: string): Promise<ReviewInvitation> {
    const request = await this.requestOf(token);
    return { firstName: request.firstName, suburb: request.suburb, jobNumber: request.jobNumber };
  }

  /**
   * POST /api/reviews/{token}: the review, stored pending (staff publish it), once: the request is
   * locked and marked used in the same transaction, so of two posts at once one is stored and the
   * other finds the link used (410).
   */
  async submit(token: string, body: ReviewSubmissionDto): Promise<ReviewReceipt> {
    if (!isWellFormedToken(token)) throw linkUnknown();
    return this.dataSource.transaction(async (manager) => {
      const request = await this.repository.findRequestByTokenHash(reviewTokenHash(token), manager, true);
      if (!request) throw linkUnknown();
      if (request.usedAt) throw linkUsed();
      const suburb = typeof body.suburb === 'string' && body.suburb.trim() !== '' ? body.suburb.trim() : null;
      const rating = typeof body.rating === 'string' ? Number(body.rating.trim()) : Number(body.rating);
      const review = await this.repository.insert(manager, {
        status: ReviewStatus.Pending,
        rating,
        text: typeof body.text === 'string' ? body.text.trim() : '',
        firstName: String(body.firstName).trim(),
        suburb,
        postcode: request.postcode,
        area: areaOfPostcode(request.postcode),
        consent: parseConsent(body.consent) === true,
        source: null,
        verified: true,
        jobId: request.jobId,
        jobNumber: request.jobNumber,
      });
      await this.repository.markRequestUsed(manager, request.id, review.id);
      await this.audit.record(manager, {
        entity: 'review',
        entityId: review.id,
        action: 'create',
        before: null,
        after: { status: review.status, rating: review.rating, consent: review.consent, jobNumber: review.jobNumber },
      });
      return { id: review.id, rating: Number(review.rating), consent: review.consent };
    });
  }

  private async requestOf(token: string): Promise<ReviewRequestRow> {
    if (!isWellFormedToken(token)) throw linkUnknown();
    const request = await this.repository.findRequestByTokenHash(reviewTokenHash(token));
    if (!request) throw linkUnknown();
    if (request.usedAt) throw linkUsed();
    return request;
  }

  // ---- staff --------------------------------------------------------------------------

  async list(params: ListParams): Promise<{ rows: ReviewRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, REVIEW_LIST);
    const [rows, total] = await this.repository.list(list);
    return { rows: rows.map(toReviewRecord), total, offset: list.offset };
  }

  async get(id: string): Promise<ReviewRecord> {
    const row = await this.repository.findById(id);
    if (!row) throw DomainError.notFound('Review not found.');
    return toReviewRecord(row);
  }

  /** PUT: the status and/or the public reply; the author's fields are ignored. */
  async change(id: string, given: Record<string, unknown> | undefined): Promise<ReviewRecord> {
    // A body that is not a JSON object (none, or a form the JSON parser left alone) changes nothing.
    const body: Record<string, unknown> = typeof given === 'object' && given !== null && !Array.isArray(given) ? given : {};
    const errors: Array<{ field: string; message: string }> = [];
    const status = body.status === undefined ? undefined : toReviewStatus(body.status);
    if (body.status !== undefined && !status) errors.push({ field: 'status', message: REVIEW_MESSAGES.status });
    const reply = toReply(body.reply);
    if (reply.kind === 'invalid') errors.push({ field: 'reply', message: REVIEW_MESSAGES.reply });
    if (errors.length > 0) throw DomainError.validation(errors);
    const changed = await this.dataSource.transaction((manager) =>
      this.changeIn(manager, id, { status, ...(reply.kind === 'set' ? { reply: reply.reply } : {}) }),
    );
    return this.changed(toReviewRecord(changed));
  }

  async setStatus(id: string, status: ReviewStatusValue): Promise<ReviewRecord> {
    const changed = await this.dataSource.transaction((manager) => this.changeIn(manager, id, { status }));
    return this.changed(toReviewRecord(changed));
  }

  /**
   * POST /api/admin/reviews/bulk-status: the same change as one by one for up to 500 reviews, all or
   * nothing: an unknown id (404), a bad status or a review without consent to publish (400) changes none.
   */
  async bulkStatus(body: unknown): Promise<{ updated: string[]; unchanged: string[] }> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const errors: Array<{ field: string; message: string }> = [];
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > REVIEW_BULK_MAX) {
      errors.push({ field: 'ids', message: `Please choose from 1 to ${REVIEW_BULK_MAX} reviews` });
    } else if (!ids.every((id): id is string => typeof id === 'string' && UUID.test(id))) {
      errors.push({ field: 'ids', message: 'Each id must be a review id (a uuid)' });
    }
    const status = toReviewStatus(input.status);
    if (!status) errors.push({ field: 'status', message: REVIEW_MESSAGES.status });
    if (errors.length > 0 || !status) throw DomainError.validation(errors);
    // Each review once, locked in one order, so two bulk actions at once cannot deadlock.
    const unique = [...new Set((ids as string[]).map((id) => id.toLowerCase()))].sort();
    const outcome = await this.dataSource.transaction(async (manager) => {
      const updated: string[] = [];
      const unchanged: string[] = [];
      for (const id of unique) {
        const before = await this.repository.findById(id, manager, true);
        if (!before) throw DomainError.notFound('Review not found.');
        if (before.status === status) {
          unchanged.push(id);
          continue;
        }
        await this.changeIn(manager, id, { status }, { bulk: unique.length }, before);
        updated.push(id);
      }
      return { updated, unchanged };
    });
    return this.changed(outcome);
  }

  /** One review's change in the caller's transaction, checked (no publishing without consent) and audited. */
  private async changeIn(
    manager: EntityManager,
    id: string,
    change: { status?: ReviewStatusValue; reply?: string | null },
    details?: Record<string, unknown>,
    locked?: ReviewRow,
  ): Promise<ReviewRow> {
    const before = locked ?? (await this.repository.findById(id, manager, true));
    if (!before) throw DomainError.notFound('Review not found.');
    if (change.status) {
      const problem = moderationProblem(before, change.status);
      if (problem) throw DomainError.validation([{ field: 'status', message: problem }]);
    }
    const statusChanges = change.status !== undefined && change.status !== before.status;
    const replyChanges = change.reply !== undefined && change.reply !== before.reply;
    if (!statusChanges && !replyChanges) return before;
    const after = await this.repository.update(manager, id, {
      ...(statusChanges ? { status: change.status } : {}),
      ...(replyChanges ? { reply: change.reply } : {}),
    });
    await this.audit.record(manager, {
      entity: 'review',
      entityId: id,
      action: statusChanges ? 'status_changed' : 'update',
      before: audited(before),
      after: audited(after),
      ...(details ? { details } : {}),
    });
    return after;
  }

  // ---- import ---------------------------------------------------------------------------

  /**
   * POST /api/admin/reviews/import: a CSV of reviews published elsewhere (multipart `file`, optional
   * `source` for rows without one, optional `publish`). All or nothing: any row with a problem
   * refuses the file, naming each row and field; rows imported before are counted as duplicates.
   */
  async import(parts: AsyncIterableIterator<Multipart>): Promise<ReviewImportResult> {
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'file') {
          if (file || part.fieldname !== 'file') throw DomainError.validation([{ field: 'file', message: 'Send one CSV file, in the field "file".' }]);
          file = await part.toBuffer();
        } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new DomainError('IMPORT_TOO_LARGE', IMPORT_MESSAGES.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE, [
          { field: 'file', message: IMPORT_MESSAGES.tooLarge },
        ]);
      }
      if (error instanceof DomainError) throw error;
      throw DomainError.validation([{ field: 'file', message: IMPORT_MESSAGES.unreadable }]);
    }
    if (!file || file.length === 0) throw DomainError.validation([{ field: 'file', message: IMPORT_MESSAGES.file }]);
    const publish = (fields.publish ?? '').trim().toLowerCase() === 'true';
    const reviews = this.readImport(file, fields.source);
    const today = isoDayIn(this.config.tzDisplay);
    const problems: Array<{ field: string; message: string }> = [];
    const accepted: ImportedReview[] = [];
    reviews.forEach((row, index) => {
      const outcome = importRow(row, index + 2, fields.source, today);
      if (outcome.review) accepted.push(outcome.review);
      else problems.push(...outcome.problems);
    });
    if (problems.length > 0) throw DomainError.validation(problems);
    // The same review twice in one file is one review.
    const unique = [...new Map(accepted.map((review) => [review.fingerprint, review])).values()];
    const status = publish ? ReviewStatus.Published : ReviewStatus.Pending;
    const result = await this.dataSource.transaction(async (manager) => {
      const imported = await this.repository.insertImported(manager, unique, status, this.config.tzDisplay);
      await this.audit.record(manager, {
        entity: 'review',
        entityId: null,
        action: 'import',
        details: { rows: reviews.length, imported, duplicates: reviews.length - imported, status },
      });
      return { imported, duplicates: reviews.length - imported };
    });
    return this.changed(result);
  }

  private readImport(file: Buffer, source: string | undefined): ImportRow[] {
    let records: string[][];
    try {
      records = parse(file, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, to: IMPORT_LIMITS.rows + 2 }) as string[][];
    } catch {
      throw DomainError.validation([{ field: 'file', message: IMPORT_MESSAGES.unreadable }]);
    }
    const [header, ...rows] = records;
    const columns = (header ?? []).map((name) => name.trim().toLowerCase());
    const known = new Set<string>(IMPORT_COLUMNS);
    const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns.includes(column));
    if (!header || missing.length > 0 || !columns.every((column) => known.has(column) || column === '')) {
      throw DomainError.validation([{ field: 'file', message: IMPORT_MESSAGES.header }]);
    }
    if (!columns.includes('source') && !(source ?? '').trim()) throw DomainError.validation([{ field: 'source', message: IMPORT_MESSAGES.source }]);
    if (rows.length === 0) throw DomainError.validation([{ field: 'file', message: IMPORT_MESSAGES.empty }]);
    if (rows.length > IMPORT_LIMITS.rows)
      throw new DomainError('IMPORT_TOO_LARGE', IMPORT_MESSAGES.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE, [{ field: 'file', message: IMPORT_MESSAGES.tooLarge }]);
    return rows.map((cells) => Object.fromEntries(columns.flatMap((column, index) => (column ? [[column, cells[index] ?? '']] : []))) as ImportRow);
  }

  // ---- the pages ------------------------------------------------------------------------

  /**
   * What the pages show: the rating and count computed from every published review (pending and
   * hidden ones never count), the newest good ones, and each service area's newest good ones.
   */
  async content(): Promise<ReviewsContent> {
    const [ratings, newest] = await Promise.all([
      this.repository.publishedRatings(),
      this.repository.newestPublished(GOOD_REVIEW_RATING, LATEST_REVIEWS_SHOWN, NEARBY_REVIEWS_SHOWN),
    ]);
    const { rating, count } = computedRating(ratings);
    const nearby: Record<string, PublishedReview[]> = {};
    for (const row of newest.nearby) (nearby[row.area!] ??= []).push(this.published(row));
    return { rating, count, latest: newest.latest.map((row) => this.published(row)), nearby };
  }

  private published(row: PublishedReviewRow): PublishedReview {
    const day = (instant: Date) => isoDayIn(this.config.tzDisplay, instant);
    return {
      id: row.id,
      rating: Number(row.rating),
      text: row.text,
      firstName: row.firstName,
      suburb: row.suburb,
      date: day(row.writtenAt),
      source: row.source,
      reply: row.reply ? { text: row.reply, date: day(row.repliedAt ?? row.writtenAt) } : null,
    };
  }
}
