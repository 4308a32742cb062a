import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import {
  jobCorrectionProblems,
  JOB_STATUS_EXPLANATIONS,
  JOB_STATUS_LABELS,
  trackerStages,
  trackingLinkProblem,
  type JobStatus,
} from '@relining/contracts/job-status';
import { DomainEvents } from '../../common/events/domain-events.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { UsersService } from '../users/users.service.js';
import { templateForJobStatus } from '../templates/job-template.rules.js';
import type {
  BulkJobStatusDto,
  BulkJobStatusResult,
  CreateJobDto,
  JobActivityResponse,
  JobChangeResponse,
  JobDetailResponse,
  JobNotificationRef,
  JobResponse,
  PublicJobStatusResponse,
  UpdateJobDto,
  UpdateJobStatusDto,
} from './dto/job.dto.js';
import { Job } from './job.entity.js';
import { JobStageChanged } from './job.events.js';
import { JOB_CSV_COLUMNS, JOB_LIST, JobsRepository } from './jobs.repository.js';
import { jobActivity } from './job-activity.rules.js';
import type { Readable } from 'node:stream';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { newTrackingCode } from './tracking-code.js';
import { JobAccessService } from './job-access.service.js';
import { JobDocuments } from './job-documents.js';
import type { FastifyRequest } from 'fastify';
import { JOB_STATUSES } from '@relining/contracts/job-status';
import { AuditService } from '../audit/audit.service.js';

const JOB_NOT_FOUND = 'The job ID provided is not valid or has expired.';

/** Job tracking links, status changes with their e-mails, and the public tracking page's data. */
@Injectable()
export class JobsService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: JobsRepository,
    private readonly notifications: NotificationsService,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly events: DomainEvents,
    private readonly access: JobAccessService,
    private readonly documents: JobDocuments,
    private readonly audit: AuditService,
  ) {}

  /** The job made from each of these bookings, if any (booking id → job id; read-only). */
  jobIdsForBookings(bookingIds: readonly string[]): Promise<Map<string, string>> {
    return this.repository.idsByBooking(bookingIds);
  }

  trackingLink(code: string): string {
    return `${this.config.publicBaseUrl}/job-status/${code}`;
  }

  toResponse(job: Job): JobResponse {
    return {
      id: job.id,
      jobNumber: job.jobNumber,
      customerName: job.customerName,
      customerEmail: job.customerEmail,
      customerPhone: job.customerPhone,
      address: job.address,
      status: job.status,
      statusLabel: JOB_STATUS_LABELS[job.status],
      trackingCode: job.trackingCode,
      trackingLink: this.trackingLink(job.trackingCode),
      bookingId: job.bookingId,
      referralId: job.referralId,
      createdAt: job.createdAt.toISOString(),
      updatedAt: job.updatedAt.toISOString(),
      archivedAt: job.archivedAt ? job.archivedAt.toISOString() : null,
    };
  }

  async list(params: ListParams): Promise<{ rows: JobResponse[]; total: number; offset: number }> {
    const list = parseListParams(params, JOB_LIST);
    const [jobs, total] = await this.repository.findForAdminList(list);
    return { rows: jobs.map((job) => this.toResponse(job)), total, offset: list.offset };
  }

  async get(id: string): Promise<JobDetailResponse> {
    const job = await this.repository.findById(id);
    if (!job) throw DomainError.notFound('Job not found.');
    const [timeline, emails] = await Promise.all([this.repository.timeline(id), this.notifications.emailsAbout('job', id)]);
    const actors = await this.users.emailsOf(timeline.flatMap((event) => (event.changedById ? [event.changedById] : [])));
    return {
      ...this.toResponse(job),
      timeline: timeline.map((event) => ({
        id: event.id,
        status: event.status,
        statusLabel: JOB_STATUS_LABELS[event.status],
        previousStatus: event.previousStatus,
        changedBy: event.changedById ? (actors.get(event.changedById) ?? null) : null,
        customerNotified: event.customerNotified,
        createdAt: new Date(event.createdAt).toISOString(),
      })),
      emails: emails.map((email) => ({
        ...email,
        createdAt: new Date(email.createdAt).toISOString(),
        sentAt: email.sentAt ? new Date(email.sentAt).toISOString() : null,
      })),
    };
  }

  csvFileName(now: Date = new Date()): string {
    return `jobs-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /** Every job the list's filter matches, as CSV, streamed (times in TZ_DISPLAY); the export is audited. */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, JOB_LIST);
    const finished = this.audit.exportRecorder({ list: 'jobs', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      JOB_CSV_COLUMNS.map((column) => (column === 'created_at' || column === 'updated_at' ? `${column} (${zone})` : column)),
      finished,
    );
  }

  /** The job's timeline: stages, e-mails, report and quote events, the customer's answer; newest first. */
  async activity(id: string): Promise<JobActivityResponse[]> {
    const job = await this.repository.findById(id);
    if (!job) throw DomainError.notFound('Job not found.');
    const [entries, events, emails] = await Promise.all([
      this.audit.forRecord('job', id),
      this.repository.timeline(id),
      this.notifications.emailsAbout('job', id),
    ]);
    const actors = await this.users.emailsOf(events.flatMap((event) => (event.changedById ? [event.changedById] : [])));
    return jobActivity(
      entries,
      events.map((event) => ({
        at: new Date(event.createdAt).toISOString(),
        status: event.status,
        previousStatus: event.previousStatus,
        actorName: event.changedById ? (actors.get(event.changedById) ?? null) : null,
        customerNotified: event.customerNotified,
      })),
      emails.map((email) => ({ at: new Date(email.createdAt).toISOString(), subject: email.subject, to: email.to, status: email.status })),
    );
  }

  /** spec §5 Generate tracking link, then the status's e-mail with the link ('Email sent'). */
  async create(actor: CurrentUserInfo | null, dto: CreateJobDto): Promise<JobChangeResponse> {
    const problem = trackingLinkProblem(dto);
    if (problem) throw DomainError.validation([{ field: problem.field, message: problem.message }]);
    const status = dto.status ?? 'booked';
    try {
      return await this.dataSource.transaction(async (manager) => {
        const job = manager.create(Job, {
          jobNumber: dto.jobNumber!.trim(),
          customerName: dto.customerName!.trim(),
          customerEmail: dto.customerEmail!.trim(),
          customerPhone: dto.customerPhone || null,
          address: dto.address || null,
          status,
          trackingCode: newTrackingCode(status, dto.jobNumber!),
          bookingId: dto.bookingId ?? null,
          // Set by the referrals module once it has checked the referral (linkReferral), in this transaction.
          referralId: null,
          createdBy: actor?.id ?? null,
        });
        await manager.save(job);
        const notify = dto.notify ?? (await this.settings.emailSettings(manager)).autoNotify;
        const notification = notify ? await this.queueStatusEmail(manager, job) : null;
        await this.repository.addEvent(manager, {
          jobId: job.id,
          status,
          previousStatus: null,
          changedBy: actor?.id ?? null,
          notificationId: notification?.id ?? null,
        });
        await this.audit.record(manager, {
          entity: 'job',
          entityId: job.id,
          action: 'create',
          before: null,
          after: {
            jobNumber: job.jobNumber,
            customerName: job.customerName,
            customerEmail: job.customerEmail,
            customerPhone: job.customerPhone,
            address: job.address,
            status,
            bookingId: job.bookingId,
          },
          details: { notify: notification !== null },
        });
        // The referral follows the job (linked now by staff's choice or the matching rule), in this transaction.
        await this.announce(manager, job, { kind: 'created', previous: null }, actor?.id ?? null, dto.referralId);
        return { ...this.toResponse((await this.repository.findById(job.id, manager))!), notification };
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw DomainError.conflict('JOB_EXISTS', `A tracking link already exists for job ${dto.jobNumber!.trim()}.`);
      }
      throw error;
    }
  }

  /**
   * Any status from any status (spec: no order enforced). The customer is e-mailed when `notify` says
   * so, or, when it is left out, when 'Automatic Email Notifications' is on.
   */
  async updateStatus(actor: CurrentUserInfo, id: string, dto: UpdateJobStatusDto): Promise<JobChangeResponse> {
    return this.dataSource.transaction((manager) => this.updateStatusIn(manager, actor, id, dto));
  }

  /**
   * The stage change in the caller's transaction: the one-by-one endpoint and the bulk one run it.
   * Setting the stage a job is already at changes nothing but may send its e-mail again.
   */
  async updateStatusIn(manager: EntityManager, actor: CurrentUserInfo, id: string, dto: UpdateJobStatusDto): Promise<JobChangeResponse> {
    const job = await this.repository.findByIdForUpdate(manager, id);
    if (!job) throw DomainError.notFound('Job not found.');
    const previous = job.status;
    job.status = dto.status;
    job.updatedAt = new Date();
    await manager.save(job);
    const notify = dto.notify ?? (await this.settings.emailSettings(manager)).autoNotify;
    const notification = notify ? await this.queueStatusEmail(manager, job) : null;
    await this.repository.addEvent(manager, {
      jobId: job.id,
      status: dto.status,
      previousStatus: previous,
      changedBy: actor.id,
      notificationId: notification?.id ?? null,
    });
    if (previous !== dto.status) {
      await this.audit.record(manager, {
        entity: 'job',
        entityId: job.id,
        action: 'stage_changed',
        before: { status: previous },
        after: { status: dto.status },
        details: { notify },
      });
      await this.announce(manager, job, { kind: 'stage', previous }, actor.id);
    } else if (notification) {
      await this.audit.record(manager, {
        entity: 'job',
        entityId: job.id,
        action: 'notified',
        details: { status: job.status, notificationId: notification.id },
      });
    }
    return { ...this.toResponse(job), notification };
  }

  /**
   * Moves several jobs to one stage, all or nothing, in one transaction, each through the same code as
   * one job's change. A job already at the stage is left as it is (no e-mail): the customer hears of
   * a change only when there is one.
   */
  async bulkUpdateStatus(actor: CurrentUserInfo, dto: BulkJobStatusDto): Promise<BulkJobStatusResult> {
    const ids = [...new Set(dto.ids.map((id) => id.toLowerCase()))];
    return this.dataSource.transaction(async (manager) => {
      const updated: string[] = [];
      const unchanged: string[] = [];
      // In id order: two bulk changes over the same jobs lock them in the same order.
      for (const id of [...ids].sort()) {
        const job = await this.repository.findByIdForUpdate(manager, id);
        if (!job) throw DomainError.notFound('Job not found.');
        if (job.status === dto.status) {
          unchanged.push(id);
          continue;
        }
        await this.updateStatusIn(manager, actor, id, { status: dto.status, notify: dto.notify });
        updated.push(id);
      }
      const order = new Map(ids.map((id, index) => [id, index]));
      const byRequest = (a: string, b: string) => order.get(a)! - order.get(b)!;
      return { updated: updated.sort(byRequest), unchanged: unchanged.sort(byRequest) };
    });
  }

  /** Staff correct the customer's name, e-mail or address; answers the updated record. */
  async update(id: string, dto: UpdateJobDto): Promise<JobResponse> {
    const problems = jobCorrectionProblems(dto);
    if (problems.length > 0) throw DomainError.validation(problems);
    return this.dataSource.transaction(async (manager) => {
      const job = await this.repository.findByIdForUpdate(manager, id);
      if (!job) throw DomainError.notFound('Job not found.');
      await this.repository.updateCustomer(manager, id, {
        ...(dto.customerName !== undefined ? { customerName: dto.customerName } : {}),
        ...(dto.customerEmail !== undefined ? { customerEmail: dto.customerEmail } : {}),
        ...(dto.address !== undefined ? { address: dto.address || null } : {}),
      });
      const after = (await this.repository.findById(id, manager))!;
      const fields = (record: Job) => ({ customerName: record.customerName, customerEmail: record.customerEmail, address: record.address });
      if (JSON.stringify(fields(job)) !== JSON.stringify(fields(after))) {
        await this.audit.record(manager, { entity: 'job', entityId: id, action: 'update', before: fields(job), after: fields(after) });
      }
      return this.toResponse(after);
    });
  }

  /**
   * Retires a job (kept for staff, out of the active list, its tracking page 'Invalid Job ID') or puts
   * it back; doing either twice changes nothing.
   */
  async setArchived(actor: CurrentUserInfo, id: string, archived: boolean): Promise<JobResponse> {
    return this.dataSource.transaction(async (manager) => {
      const job = await this.repository.findByIdForUpdate(manager, id);
      if (!job) throw DomainError.notFound('Job not found.');
      await this.repository.setArchived(manager, id, archived, actor.id);
      const after = (await this.repository.findById(id, manager))!;
      // Archiving voids the referral's rebates not yet earned; doing it twice changes nothing.
      if ((job.archivedAt === null) === archived) {
        await this.audit.record(manager, {
          entity: 'job',
          entityId: id,
          action: archived ? 'archive' : 'restore',
          before: { archived: !archived },
          after: { archived },
        });
        await this.announce(manager, after, { kind: archived ? 'archived' : 'restored', previous: job.status }, actor.id);
      }
      return this.toResponse(after);
    });
  }

  /** Sends the current status's e-mail again (the row's send-notification button). */
  async notify(id: string): Promise<JobChangeResponse> {
    return this.dataSource.transaction(async (manager) => {
      const job = await this.repository.findById(id, manager);
      if (!job) throw DomainError.notFound('Job not found.');
      const notification = await this.queueStatusEmail(manager, job);
      await this.audit.record(manager, { entity: 'job', entityId: id, action: 'notified', details: { status: job.status, notificationId: notification.id } });
      return { ...this.toResponse(job), notification };
    });
  }

  /** A job's stage and whether its quote was ever accepted (a referral linked late catches up with it), in the caller's transaction. */
  async stageOf(
    manager: EntityManager,
    jobId: string,
  ): Promise<{ id: string; jobNumber: string; status: JobStatus; quoteAccepted: boolean; bookingId: string | null }> {
    const job = await this.repository.findById(jobId, manager);
    if (!job) throw DomainError.notFound('Job not found.');
    const quoteAccepted = job.status === 'accepted' || (await this.repository.quoteAccepted(manager, job.id));
    return { id: job.id, jobNumber: job.jobNumber, status: job.status, quoteAccepted, bookingId: job.bookingId };
  }

  /** The referral linked to a job: set by the referrals module's rules (matching, a review staff resolved). */
  async linkReferral(manager: EntityManager, jobId: string, referralId: string | null): Promise<void> {
    const job = await this.repository.findById(jobId, manager);
    await this.repository.setReferral(manager, jobId, referralId);
    if (job && job.referralId !== referralId) {
      await this.audit.record(manager, {
        entity: 'job',
        entityId: jobId,
        action: referralId ? 'referral_linked' : 'referral_unlinked',
        before: { referralId: job.referralId },
        after: { referralId },
      });
    }
  }

  /** `chosenReferral`: on creation, the referral staff named (null: none), or undefined to leave it to the matching rule. */
  private async announce(
    manager: EntityManager,
    job: Job,
    change: JobStageChanged['change'],
    actorId: string | null,
    chosenReferral?: string | null,
  ): Promise<void> {
    const quoteAccepted = job.status === 'accepted' || (await this.repository.quoteAccepted(manager, job.id));
    await this.events.publish(
      manager,
      new JobStageChanged(
        {
          id: job.id,
          jobNumber: job.jobNumber,
          bookingId: job.bookingId,
          referralId: chosenReferral === undefined ? job.referralId : chosenReferral,
          customerName: job.customerName,
          customerEmail: job.customerEmail,
          customerPhone: job.customerPhone,
          address: job.address,
          status: job.status,
          quoteAccepted,
          archived: job.archivedAt !== null,
        },
        change,
        actorId,
        chosenReferral !== undefined,
      ),
    );
  }

  /**
   * Moves a job to `to` when it is at an earlier stage (a report published on a booked job, a quote
   * accepted), in the caller's transaction, with the stage's timeline entry and JobStageChanged (the
   * referral learns of it). `email`: 'auto' as the 'Automatic Email Notifications' setting says,
   * 'always' sends the stage's e-mail even when the job was already there (a new quote version),
   * 'never'. Answers whether the job moved and the e-mail queued, if any.
   */
  async moveForward(
    manager: EntityManager,
    jobId: string,
    to: JobStatus,
    actorId: string | null,
    email: 'auto' | 'always' | 'never',
  ): Promise<{ moved: boolean; notification: JobNotificationRef | null }> {
    const job = await this.repository.findByIdForUpdate(manager, jobId);
    if (!job) throw DomainError.notFound('Job not found.');
    const previous = job.status;
    const moved = JOB_STATUSES.indexOf(previous) < JOB_STATUSES.indexOf(to);
    const send = email === 'always' || (email === 'auto' && moved && (await this.settings.emailSettings(manager)).autoNotify);
    if (moved) {
      job.status = to;
      job.updatedAt = new Date();
      await manager.save(job);
    }
    const notification = send ? await this.queueStatusEmail(manager, job, to) : null;
    if (moved) {
      await this.repository.addEvent(manager, {
        jobId: job.id,
        status: to,
        previousStatus: previous,
        changedBy: actorId,
        notificationId: notification?.id ?? null,
      });
      await this.audit.record(manager, {
        entity: 'job',
        entityId: job.id,
        action: 'stage_changed',
        before: { status: previous },
        after: { status: to },
        details: { notify: notification !== null },
      });
      await this.announce(manager, job, { kind: 'stage', previous }, actorId);
    }
    return { moved, notification };
  }

  /** The job's customer and tracking link, for the modules that write to the customer about it. */
  async customerOf(
    manager: EntityManager,
    jobId: string,
  ): Promise<{ id: string; jobNumber: string; customerName: string; customerEmail: string; address: string | null; status: JobStatus; trackingLink: string }> {
    const job = await this.repository.findById(jobId, manager);
    if (!job) throw DomainError.notFound('Job not found.');
    return {
      id: job.id,
      jobNumber: job.jobNumber,
      customerName: job.customerName,
      customerEmail: job.customerEmail,
      address: job.address,
      status: job.status,
      trackingLink: this.trackingLink(job.trackingCode),
    };
  }

  private async queueStatusEmail(manager: EntityManager, job: Job, stage: JobStatus = job.status): Promise<JobNotificationRef> {
    const { includeTrackingLink } = await this.settings.emailSettings(manager);
    const link = this.trackingLink(job.trackingCode);
    const queued = await this.notifications.enqueue(manager, {
      template: templateForJobStatus(stage),
      to: job.customerEmail,
      variables: { customerName: job.customerName, jobId: job.jobNumber, trackingLink: link },
      entity: { type: 'job', id: job.id },
      // 'Include Job Tracking Link' off: no 'View Your Job Status' button (the template's own otherwise).
      button: includeTrackingLink ? undefined : null,
    });
    return { id: queued.id, to: job.customerEmail, status: queued.status };
  }

  /** The public tracking page: the stage, the timeline's dates, the first name only; no contact details. */
  async publicStatus(typed: string, request?: FastifyRequest): Promise<PublicJobStatusResponse> {
    // Codes are made in lower case: one typed (or autocorrected) in any case is the same code.
    const code = typed.toLowerCase();
    const job = code === 'invalid' ? undefined : await this.repository.publicStatusByCode(code);
    if (!job) throw new DomainError('JOB_NOT_FOUND', JOB_NOT_FOUND, HttpStatus.NOT_FOUND);
    // The three lookups at once: the tracking page waits for them.
    const [hasReport, hasQuote, unlocked] = await Promise.all([
      this.documents.published('report', job.id),
      this.documents.published('quote', job.id),
      request ? this.access.isUnlocked(job.id, request) : false,
    ]);
    const reached = new Map(Object.entries(job.reached).map(([status, at]) => [status as JobStatus, new Date(at)]));
    const { stages, progress } = trackerStages(job.status);
    return {
      jobNumber: job.jobNumber,
      customerFirstName: job.customerName.trim().split(/\s+/)[0] ?? '',
      status: job.status,
      statusLabel: JOB_STATUS_LABELS[job.status],
      explanation: JOB_STATUS_EXPLANATIONS[job.status],
      stages: stages.map((stage) => ({
        ...stage,
        reachedAt: stage.state === 'upcoming' ? null : (reached.get(stage.status)?.toISOString() ?? null),
      })),
      progress,
      progressPercent: Math.round(progress * 100),
      updatedAt: job.updatedAt.toISOString(),
      hasReport,
      hasQuote,
      unlocked,
    };
  }
}
