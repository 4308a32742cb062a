import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { scheduleCron } from '../../common/scheduling/scheduled-runs.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { JobStageChanged } from '../jobs/job.events.js';
import { LinkMinters, SECRET_LINK_PLACEHOLDER, type LinkMinter, type MintedLink } from '../notifications/link-minters.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { asksForReview, firstNameOf, withdrawsReviewRequest, newReviewToken, placeOfAddress, reviewRequestDueAt, reviewTokenHash } from './review.rules.js';
import { ReviewsRepository, type ReviewRequestRow } from './reviews.repository.js';

/** The name the notifications worker knows this module's links by. */
export const REVIEW_LINK_MINTER = 'review-link';
const JOB = 'review-requests';
const BATCH = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one review request of each completed job (issue 20).
 *
 * - When a job reaches `completed` (JobStageChanged, inside the job's transaction) its request is
 *   stored, due REVIEW_REQUEST_DELAY_DAYS later; the job's unique key keeps it to one, whatever
 *   happens to the job afterwards. Archiving the job withdraws a request not sent yet (restoring a
 *   completed job asks again).
 * - Every instance looks every minute (REVIEW_REQUESTS_CRON): due requests are locked (SKIP LOCKED),
 *   their `review_request` e-mail queued and `queued_at` set in one transaction, so two instances
 *   never both queue one, and the e-mail's dedupe key (`review-request:<jobId>`) stops any repeat.
 * - The link's secret is made when the e-mail is delivered (`review-link` minter), never stored
 *   in the outbox: only its hash is kept on the request. Once the review is written, no new link.
 */
@Injectable()
export class ReviewRequestsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown, LinkMinter {
  private readonly logger = new Logger('ReviewRequests');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: ReviewsRepository,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
    private readonly minters: LinkMinters,
    private readonly bookings: BookingsAdminService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onModuleInit(): void {
    this.events.on(JobStageChanged, (event, manager) => this.onJobChange(event, manager));
    this.minters.register(REVIEW_LINK_MINTER, this);
  }

  onApplicationBootstrap(): void {
    scheduleCron(this.scheduler, {
      name: JOB,
      cronTime: this.config.schedules.reviewRequests,
      timeZone: this.config.tzDisplay,
      onTick: () => void this.run().catch((error: Error) => this.logger.error(`Review requests failed: ${error.message}`)),
    });
  }

  onApplicationShutdown(): void {
    if (this.scheduler.doesExist('cron', JOB)) this.scheduler.deleteCronJob(JOB);
  }

  private async onJobChange(event: JobStageChanged, manager: EntityManager): Promise<void> {
    const { job, change } = event;
    if (withdrawsReviewRequest({ changeKind: change.kind })) {
      await this.repository.withdrawUnqueuedRequest(manager, job.id);
      return;
    }
    if (!asksForReview({ status: job.status, archived: job.archived, customerEmail: job.customerEmail, changeKind: change.kind })) return;
    // Where the job was: its booking's suburb and postcode (the customer chose them), else its address's.
    const booking = job.bookingId ? await this.bookings.placeOf(manager, job.bookingId) : null;
    const fromAddress = placeOfAddress(job.address);
    await this.repository.addRequest(manager, {
      jobId: job.id,
      jobNumber: job.jobNumber,
      email: job.customerEmail.trim(),
      firstName: firstNameOf(job.customerName),
      suburb: booking?.suburb ?? fromAddress.suburb,
      postcode: booking?.postcode ?? fromAddress.postcode,
      dueAt: reviewRequestDueAt(new Date(), this.config.reviewRequestDelayDays),
    });
  }

  /** Queues every request due at `now`; answers how many this call queued. */
  async run(now: Date = new Date()): Promise<number> {
    let queued = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const due = await this.repository.claimDueRequests(manager, now, BATCH);
        for (const request of due) {
          if (!(await this.enqueue(manager, request)))
            this.logger.warn({ job: JOB, jobId: request.jobId }, 'Review request not sent: the address cannot be written to');
          await this.repository.markRequestQueued(manager, request.id);
        }
        return due.length;
      });
      queued += count;
      if (count < BATCH) break;
    }
    if (queued > 0) this.logger.log({ job: JOB, queued }, `Queued ${queued} review request(s)`);
    return queued;
  }

  /**
   * Queues one request's e-mail; false when the address is refused before anything is written (it
   * is marked queued all the same, so one bad address never blocks the requests after it).
   */
  private async enqueue(manager: EntityManager, request: ReviewRequestRow): Promise<boolean> {
    try {
      await this.notifications.enqueue(manager, {
        template: 'review_request',
        to: request.email,
        variables: {
          customerName: request.firstName,
          jobId: request.jobNumber,
          reviewLink: `${this.config.publicBaseUrl}/review/${SECRET_LINK_PLACEHOLDER}`,
        },
        dedupeKey: `review-request:${request.jobId}`,
        entity: { type: 'job', id: request.jobId },
        secretLink: { minter: REVIEW_LINK_MINTER, ref: request.id },
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') return false;
      throw error;
    }
  }

  /** A fresh link for one delivery try: the newest e-mail's link is the one that works. */
  async mint(ref: string): Promise<MintedLink> {
    if (!UUID.test(ref)) return { kind: 'withdrawn', reason: 'its review request is unknown.' };
    return this.dataSource.transaction(async (manager) => {
      const request = await this.repository.findRequestForUpdate(manager, ref);
      if (!request) return { kind: 'withdrawn', reason: 'its review request is unknown.' };
      if (request.usedAt) return { kind: 'withdrawn', reason: 'the review was already written.' };
      const secret = newReviewToken();
      await this.repository.setRequestTokenHash(manager, request.id, reviewTokenHash(secret));
      return { kind: 'minted', secret, to: request.email };
    });
  }
}
