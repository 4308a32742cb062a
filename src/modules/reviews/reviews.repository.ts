import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { REVIEW_STATUSES, type ReviewStatus } from '@relining/contracts/review-rules';
import { SERVICE_AREAS } from '@relining/contracts/service-areas';
import { DomainError } from '../../common/errors/domain-error.js';
import { equals, ids, search } from '../../common/react-admin/list-filters.js';
import { defineListSpec, findListPage, type FilterDefinition, type ParsedList } from '../../common/react-admin/list-query.js';
import { queryRows } from '../../database/sql.js';
import { ReviewRow } from './review.entity.js';
import type { ImportedReview } from './review.rules.js';

const COLUMNS = `id, status, rating, text, first_name AS "firstName", suburb, postcode, area, consent, source, verified,
  job_id AS "jobId", job_number AS "jobNumber", written_at AS "writtenAt", published_at AS "publishedAt", reply,
  replied_at AS "repliedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const booleanFilter = (column: string): FilterDefinition => ({
  apply(query, value, name) {
    const flag = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
    if (flag === undefined) throw DomainError.validation([{ field: `filter.${name}`, message: `${name} must be true or false` }]);
    query.andWhere(`${column} = :${name}Flag`, { [`${name}Flag`]: flag });
  },
});

/** `source`: a named source, or 'verified'/null for our own completed jobs' reviews (no source). */
const sourceFilter: FilterDefinition = {
  apply(query, value, name) {
    if (value === null) {
      query.andWhere('r.source IS NULL');
      return;
    }
    if (typeof value !== 'string') throw DomainError.validation([{ field: `filter.${name}`, message: `${name} must be text` }]);
    query.andWhere('lower(r.source) = lower(:sourceFilter)', { sourceFilter: value.trim() });
  },
};

/** The console's list of reviews (react-admin dialect), newest first by default. */
export const REVIEW_LIST = defineListSpec({
  resource: 'reviews',
  idColumn: 'r.id',
  sortable: { writtenAt: 'r.written_at', createdAt: 'r.created_at', rating: 'r.rating', status: 'r.status' },
  defaultSort: ['writtenAt', 'DESC'],
  filters: {
    q: search(['r.text', 'r.first_name', 'r.suburb', 'r.source', 'r.job_number']),
    status: equals('r.status', REVIEW_STATUSES),
    source: sourceFilter,
    rating: equals('r.rating::text', ['1', '2', '3', '4', '5']),
    verified: booleanFilter('r.verified'),
    area: equals(
      'r.area',
      SERVICE_AREAS.map((area) => area.slug),
    ),
    id: ids('r.id'),
  },
  defaultPageSize: 25,
  maxPageSize: 500,
});

export interface ReviewRequestRow {
  id: string;
  jobId: string;
  jobNumber: string;
  email: string;
  firstName: string;
  suburb: string | null;
  postcode: string | null;
  dueAt: Date;
  queuedAt: Date | null;
  usedAt: Date | null;
  reviewId: string | null;
}

const REQUEST_COLUMNS = `id, job_id AS "jobId", job_number AS "jobNumber", email, first_name AS "firstName", suburb, postcode,
  due_at AS "dueAt", queued_at AS "queuedAt", used_at AS "usedAt", review_id AS "reviewId"`;

export interface NewReviewRequest {
  jobId: string;
  jobNumber: string;
  email: string;
  firstName: string;
  suburb: string | null;
  postcode: string | null;
  dueAt: Date;
}

export interface NewReview {
  status: ReviewStatus;
  rating: number;
  text: string;
  firstName: string;
  suburb: string | null;
  postcode: string | null;
  area: string | null;
  consent: boolean;
  source: string | null;
  verified: boolean;
  jobId: string | null;
  jobNumber: string | null;
}

/** A published review as the pages need it. */
export interface PublishedReviewRow {
  id: string;
  rating: number;
  text: string;
  firstName: string;
  suburb: string | null;
  area: string | null;
  source: string | null;
  writtenAt: Date;
  reply: string | null;
  repliedAt: Date | null;
}

/** Every query of the reviews module (tables reviews and review_requests). */
@Injectable()
export class ReviewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // ---- review requests ------------------------------------------------------------------

  /** The job's one request; a second completion (or a second instance) adds nothing. Answers whether it was added. */
  async addRequest(manager: EntityManager, request: NewReviewRequest): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO review_requests (job_id, job_number, email, first_name, suburb, postcode, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id) DO NOTHING RETURNING id`,
      [request.jobId, request.jobNumber, request.email, request.firstName, request.suburb, request.postcode, request.dueAt],
    );
    return rows.length > 0;
  }

  /** Withdraws the job's request while it is not queued yet (answers whether one was). */
  async withdrawUnqueuedRequest(manager: EntityManager, jobId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(manager, `DELETE FROM review_requests WHERE job_id = $1 AND queued_at IS NULL RETURNING id`, [jobId]);
    return rows.length > 0;
  }

  /** Due requests not queued yet, locked for this transaction; those another instance holds are skipped. */
  claimDueRequests(manager: EntityManager, now: Date, limit: number): Promise<ReviewRequestRow[]> {
    return queryRows<ReviewRequestRow>(
      manager,
      `SELECT ${REQUEST_COLUMNS} FROM review_requests
       WHERE queued_at IS NULL AND used_at IS NULL AND due_at <= $1
       ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  async markRequestQueued(manager: EntityManager, id: string): Promise<void> {
    await queryRows(manager, `UPDATE review_requests SET queued_at = now() WHERE id = $1`, [id]);
  }

  async findRequestForUpdate(manager: EntityManager, id: string): Promise<ReviewRequestRow | null> {
    const [row] = await queryRows<ReviewRequestRow>(manager, `SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Keeps a new link secret's hash (the previous try's link stops working: only the newest e-mail's counts). */
  async setRequestTokenHash(manager: EntityManager, id: string, tokenHash: string): Promise<void> {
    await queryRows(manager, `UPDATE review_requests SET token_hash = $2 WHERE id = $1`, [id, tokenHash]);
  }

  async findRequestByTokenHash(tokenHash: string, manager?: EntityManager, forUpdate = false): Promise<ReviewRequestRow | null> {
    const [row] = await queryRows<ReviewRequestRow>(
      manager ?? this.dataSource,
      `SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return row ?? null;
  }

  async markRequestUsed(manager: EntityManager, id: string, reviewId: string): Promise<void> {
    await queryRows(manager, `UPDATE review_requests SET used_at = now(), review_id = $2 WHERE id = $1`, [id, reviewId]);
  }

  // ---- reviews ------------------------------------------------------------------------

  async insert(manager: EntityManager, review: NewReview, writtenAt: Date | string = new Date()): Promise<ReviewRow> {
    const [row] = await queryRows<ReviewRow>(
      manager,
      `INSERT INTO reviews (status, rating, text, first_name, suburb, postcode, area, consent, source, verified, job_id, job_number, written_at,
         published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $1 = 'published' THEN now() END)
       RETURNING ${COLUMNS}`,
      [
        review.status,
        review.rating,
        review.text,
        review.firstName,
        review.suburb,
        review.postcode,
        review.area,
        review.consent,
        review.source,
        review.verified,
        review.jobId,
        review.jobNumber,
        writtenAt,
      ],
    );
    return row!;
  }

  /**
   * Imported reviews, written the day they were first published (noon in `timeZone`, so the day
   * shows the same everywhere in Australia). A row whose fingerprint is already stored is skipped:
   * answers how many were added.
   */
  async insertImported(manager: EntityManager, reviews: readonly ImportedReview[], status: ReviewStatus, timeZone: string): Promise<number> {
    let added = 0;
    // In chunks, so a 5,000-row file stays under PostgreSQL's parameter limit.
    for (let start = 0; start < reviews.length; start += 500) {
      const chunk = reviews.slice(start, start + 500);
      const rows = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO reviews (status, rating, text, first_name, suburb, postcode, area, consent, source, verified, written_at, published_at, import_fingerprint)
         SELECT $1, r.rating, r.text, r.first_name, r.suburb, r.postcode, r.area, true, r.source, false,
                (r.day::date + time '12:00') AT TIME ZONE $2, CASE WHEN $1 = 'published' THEN now() END, r.fingerprint
         FROM unnest($3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
           AS r(rating, text, first_name, suburb, postcode, area, source, day, fingerprint)
         ON CONFLICT (import_fingerprint) DO NOTHING RETURNING id`,
        [
          status,
          timeZone,
          chunk.map((review) => review.rating),
          chunk.map((review) => review.text),
          chunk.map((review) => review.firstName),
          chunk.map((review) => review.suburb),
          chunk.map((review) => review.postcode),
          chunk.map((review) => review.area),
          chunk.map((review) => review.source),
          chunk.map((review) => review.date),
          chunk.map((review) => review.fingerprint),
        ],
      );
      added += rows.length;
    }
    return added;
  }

  async findById(id: string, manager?: EntityManager, forUpdate = false): Promise<ReviewRow | null> {
    const [row] = await queryRows<ReviewRow>(manager ?? this.dataSource, `SELECT ${COLUMNS} FROM reviews WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return row ?? null;
  }

  list(list: ParsedList): Promise<[ReviewRow[], number]> {
    return findListPage(this.dataSource.getRepository(ReviewRow).createQueryBuilder('r'), list, REVIEW_LIST);
  }

  /** Sets the status (publishing stamps published_at anew) and/or the reply (replying stamps replied_at). */
  async update(manager: EntityManager, id: string, change: { status?: ReviewStatus; reply?: string | null }): Promise<ReviewRow> {
    const [row] = await queryRows<ReviewRow>(
      manager,
      `UPDATE reviews SET
         status = coalesce($2, status),
         published_at = CASE WHEN $2 = 'published' AND status <> 'published' THEN now() ELSE published_at END,
         reply = CASE WHEN $3 THEN $4 ELSE reply END,
         replied_at = CASE WHEN $3 AND $4 IS NULL THEN NULL WHEN $3 AND $4 IS DISTINCT FROM reply THEN now() ELSE replied_at END,
         updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, change.status ?? null, change.reply !== undefined, change.reply ?? null],
    );
    return row!;
  }

  // ---- the pages ------------------------------------------------------------------------

  /** Every published rating (the site's rating and count are computed from all of them), counted per star in the database. */
  async publishedRatings(): Promise<number[]> {
    const rows = await queryRows<{ rating: number; count: number }>(
      this.dataSource,
      `SELECT rating, count(*)::int AS count FROM reviews WHERE status = 'published' GROUP BY rating`,
    );
    return rows.flatMap((row) => Array.from({ length: row.count }, () => Number(row.rating)));
  }

  /** The newest published reviews of at least `minRating` stars, overall and per area. */
  async newestPublished(minRating: number, latest: number, perArea: number): Promise<{ latest: PublishedReviewRow[]; nearby: PublishedReviewRow[] }> {
    const columns = `id, rating, text, first_name AS "firstName", suburb, area, source, written_at AS "writtenAt", reply, replied_at AS "repliedAt"`;
    const [newest, nearby] = await Promise.all([
      queryRows<PublishedReviewRow>(
        this.dataSource,
        `SELECT ${columns} FROM reviews WHERE status = 'published' AND rating >= $1 ORDER BY written_at DESC, id LIMIT $2`,
        [minRating, latest],
      ),
      queryRows<PublishedReviewRow>(
        this.dataSource,
        `SELECT ${columns} FROM (
           SELECT *, row_number() OVER (PARTITION BY area ORDER BY written_at DESC, id) AS place
           FROM reviews WHERE status = 'published' AND rating >= $1 AND area IS NOT NULL
         ) ranked WHERE place <= $2 ORDER BY area, written_at DESC, id`,
        [minRating, perArea],
      ),
    ]);
    return { latest: newest, nearby };
  }
}
