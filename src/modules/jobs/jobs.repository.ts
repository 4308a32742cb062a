import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { activeUnlessAsked, archived, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, findListPage, type ParsedList } from '../../common/react-admin/list-query.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { JOB_STATUSES, type JobStatus } from '@relining/contracts/job-status';
import { queryRows } from '../../database/sql.js';
import { Job } from './job.entity.js';

export const JOB_LIST = defineListSpec({
  resource: 'jobs',
  idColumn: 'j.id',
  sortable: {
    jobNumber: 'lower(j.job_number)',
    customerName: 'lower(j.customer_name)',
    customerEmail: 'lower(j.customer_email)',
    status: 'j.status',
    createdAt: 'j.created_at',
    updatedAt: 'j.updated_at',
  },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['j.job_number', 'j.customer_name', 'j.customer_email']),
    status: equals('j.status', JOB_STATUSES),
    bookingId: equals('j.booking_id::text'),
    referralId: equals('j.referral_id::text'),
    id: ids('j.id'),
    archived: archived('j.archived_at'),
  },
  defaultPageSize: 10,
  maxPageSize: 200,
});

/** The columns of the jobs export, in order (times in TZ_DISPLAY). */
export const JOB_CSV_COLUMNS = ['job_number', 'customer_name', 'email', 'phone', 'address', 'status', 'archived', 'created_at', 'updated_at'] as const;

export interface JobEventRow {
  id: string;
  status: JobStatus;
  previousStatus: JobStatus | null;
  /** The account that made the change (the users module names it). */
  changedById: string | null;
  customerNotified: boolean;
  createdAt: Date;
}

@Injectable()
export class JobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The job made from each of these bookings, if any (booking id → job id). */
  async idsByBooking(bookingIds: readonly string[]): Promise<Map<string, string>> {
    if (bookingIds.length === 0) return new Map();
    const rows = await queryRows<{ bookingId: string; id: string }>(
      this.dataSource,
      `SELECT DISTINCT ON (booking_id) booking_id AS "bookingId", id FROM jobs WHERE booking_id = ANY($1::uuid[]) ORDER BY booking_id, created_at`,
      [bookingIds],
    );
    return new Map(rows.map((row) => [row.bookingId, row.id]));
  }

  /** The active jobs unless the list asks for archived ones (or names ids: react-admin's getMany finds both). */
  findForAdminList(list: ParsedList): Promise<[Job[], number]> {
    return findListPage(activeUnlessAsked(this.dataSource.getRepository(Job).createQueryBuilder('j'), list, 'j.archived_at'), list, JOB_LIST);
  }

  /**
   * Every job the list's filter matches (the active ones unless it asks for archived), in its sort,
   * JOB_CSV_COLUMNS as text, from a cursor: the caller releases it when the download ends.
   */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const base = activeUnlessAsked(this.dataSource.getRepository(Job).createQueryBuilder('j').setParameter('tz', timeZone), list, 'j.archived_at');
    const query = applyListQuery(base, { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, JOB_LIST)
      .offset(undefined)
      .limit(undefined);
    query.select([
      'j.job_number AS job_number',
      'j.customer_name AS customer_name',
      'j.customer_email AS email',
      'j.customer_phone AS phone',
      'j.address AS address',
      'j.status AS status',
      `CASE WHEN j.archived_at IS NULL THEN 'no' ELSE 'yes' END AS archived`,
      `to_char(j.created_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
      `to_char(j.updated_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS updated_at`,
    ]);
    return openQueryCursor(this.dataSource, query);
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Job | null> {
    return manager.findOneBy(Job, { id });
  }

  /** Locks the job for a status change, so two staff changing it at once are applied one after the other. */
  async findByIdForUpdate(manager: EntityManager, id: string): Promise<Job | null> {
    return manager.getRepository(Job).createQueryBuilder('j').setLock('pessimistic_write').where('j.id = :id', { id }).getOne();
  }

  findByTrackingCode(code: string): Promise<Job | null> {
    return this.dataSource.manager.findOneBy(Job, { trackingCode: code });
  }

  /**
   * The public tracker's read in one round trip: the job's number, first name source, status and
   * when it reached each status (the latest time, if a status was set more than once). A prepared
   * statement: planning it cost twice as much as running it.
   */
  async publicStatusByCode(
    code: string,
  ): Promise<{ id: string; jobNumber: string; customerName: string; status: JobStatus; updatedAt: Date; reached: Record<string, string> } | undefined> {
    const [row] = await queryRows<{
      id: string;
      jobNumber: string;
      customerName: string;
      status: JobStatus;
      updatedAt: Date;
      reached: Record<string, string> | null;
    }>(
      this.dataSource,
      `SELECT j.id, j.job_number AS "jobNumber", j.customer_name AS "customerName", j.status, j.updated_at AS "updatedAt",
              (SELECT json_object_agg(e.status, e.at) FROM (SELECT status, max(created_at) AS at FROM job_status_events WHERE job_id = j.id GROUP BY status) e) AS reached
       FROM jobs j WHERE j.tracking_code = $1 AND j.archived_at IS NULL`,
      [code],
      { prepared: true },
    );
    return row ? { ...row, reached: row.reached ?? {} } : undefined;
  }

  /** Staff corrections of the customer's details (the job number, status and code never change here). */
  async updateCustomer(manager: EntityManager, id: string, changes: { customerName?: string; customerEmail?: string; address?: string | null }): Promise<void> {
    await manager.getRepository(Job).update({ id }, { ...changes, updatedAt: new Date() });
  }

  /** Archives (kept, hidden) or restores a job; archiving an archived job keeps its first time. */
  async setArchived(manager: EntityManager, id: string, archived: boolean, actorId: string): Promise<void> {
    await manager.query(
      archived
        ? `UPDATE jobs SET archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, $2), updated_at = CASE WHEN archived_at IS NULL THEN now() ELSE updated_at END WHERE id = $1`
        : `UPDATE jobs SET archived_at = NULL, archived_by = NULL, updated_at = CASE WHEN archived_at IS NULL THEN updated_at ELSE now() END WHERE id = $1 AND $2::uuid IS NOT NULL`,
      [id, actorId],
    );
  }

  async addEvent(
    manager: EntityManager,
    event: { jobId: string; status: JobStatus; previousStatus: JobStatus | null; changedBy: string | null; notificationId: string | null },
  ): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO job_status_events (job_id, status, previous_status, changed_by, customer_notified, notification_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [event.jobId, event.status, event.previousStatus, event.changedBy, event.notificationId !== null, event.notificationId],
    );
    return row!.id;
  }

  timeline(jobId: string): Promise<JobEventRow[]> {
    return queryRows<JobEventRow>(
      this.dataSource,
      `SELECT e.id, e.status, e.previous_status AS "previousStatus", e.changed_by AS "changedById",
              e.customer_notified AS "customerNotified", e.created_at AS "createdAt"
       FROM job_status_events e
       WHERE e.job_id = $1 ORDER BY e.created_at, e.id`,
      [jobId],
    );
  }

  /** Whether the job's quote was ever accepted (it reached `accepted` at some point). */
  async quoteAccepted(manager: EntityManager, jobId: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(manager, `SELECT 1 AS one FROM job_status_events WHERE job_id = $1 AND status = 'accepted' LIMIT 1`, [jobId]);
    return rows.length > 0;
  }

  /** The referral the job carries (linked by the referrals module's rules or staff's decision). */
  async setReferral(manager: EntityManager, jobId: string, referralId: string | null): Promise<void> {
    await manager.query(`UPDATE jobs SET referral_id = $2, updated_at = now() WHERE id = $1`, [jobId, referralId]);
  }

  /** The active job a tracking code names (null: unknown or archived), locked in the caller's transaction when `lock`. */
  async activeByCode(manager: EntityManager, code: string, lock = false): Promise<Job | null> {
    const query = manager.getRepository(Job).createQueryBuilder('j').where('j.tracking_code = :code AND j.archived_at IS NULL', { code });
    return (lock ? query.setLock('pessimistic_write') : query).getOne();
  }

  /** Wrong unlock tries of a job in the last hour. */
  async wrongUnlockTries(manager: EntityManager, jobId: string): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      manager,
      `SELECT count(*)::int AS count FROM job_unlock_attempts WHERE job_id = $1 AND NOT success AND at > now() - interval '1 hour'`,
      [jobId],
    );
    return row!.count;
  }

  /** Records a try; a right one keeps the hash of the token its cookie carries. */
  async addUnlockAttempt(manager: EntityManager, attempt: { jobId: string; ip: string; grantHash: string | null }): Promise<void> {
    await manager.query(`INSERT INTO job_unlock_attempts (job_id, ip, success, grant_hash) VALUES ($1, $2, $3, $4)`, [
      attempt.jobId,
      attempt.ip.slice(0, 100),
      attempt.grantHash !== null,
      attempt.grantHash,
    ]);
  }

  /** Whether a grant (by its token's hash) unlocks this job and is younger than `days`. */
  async grantValid(jobId: string, grantHash: string, days: number): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.dataSource,
      `SELECT 1 AS one FROM job_unlock_attempts WHERE grant_hash = $1 AND job_id = $2 AND at > now() - make_interval(days => $3)`,
      [grantHash, jobId, days],
    );
    return rows.length > 0;
  }
}
