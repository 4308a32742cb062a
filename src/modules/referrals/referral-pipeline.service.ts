import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { formatLongDateIn } from '@relining/contracts/date-format';
import { JOB_STATUS_LABELS } from '@relining/contracts/job-status';
import { firstName } from '@relining/contracts/person-name';
import { phoneMatchKey } from '@relining/contracts/phone';
import { REFERRAL_WINDOW_DAYS, type ReferralStatus } from '@relining/contracts/referral-rules';
import { AuditService } from '../audit/audit.service.js';
import { BookingReferred, BookingStatusChanged, type CreatedBooking } from '../bookings/booking.events.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { JobStageChanged, type ChangedJob } from '../jobs/job.events.js';
import { JobsService } from '../jobs/jobs.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { RebateEntriesChanged, RebateEntriesPaidInRun, type LedgerChange } from '../rebates/rebates.events.js';
import { RebatesService, type LedgerReferral } from '../rebates/rebates.service.js';
import { UsersService } from '../users/users.service.js';
import { addressKey, describeReferralUpdate, matchOutcome, referralStepsForJobStage } from './referral-pipeline.rules.js';
import type { Referral } from './referral.entity.js';
import { ReferralsRepository, type CustomerKeys, type MatchRow } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';

const DAY_MS = 86_400_000;

/** A ledger change as the referral's history says it: 'cleanview 80.00 paid: Paid in payout run PR-0001'. */
const rebateEventText = (change: LedgerChange): string =>
  `${change.kind} ${(change.amountCents / 100).toFixed(2)} ${change.to}${change.reason ? `: ${change.reason}` : ''}`;

/**
 * One connected pipeline (issue 15): a booking made through a plumber's link or code makes their
 * referral; a job made from a booking carries the customer's first referrer (or opens a review when two
 * plumbers claim the customer); the job's stages move the referral; every change of a referral's status
 * or rebates reaches the ledger and e-mails the plumber. Each reaction runs inside the transaction of
 * what caused it (DomainEvents), so all of it commits or none.
 */
@Injectable()
export class ReferralPipeline implements OnModuleInit {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly repository: ReferralsRepository,
    private readonly referrals: ReferralsService,
    private readonly rebates: RebatesService,
    private readonly notifications: NotificationsService,
    private readonly jobs: JobsService,
    private readonly bookings: BookingsAdminService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.events.on(BookingReferred, (event, manager) => this.onBookingReferred(event.booking, manager));
    this.events.on(BookingStatusChanged, (event, manager) => this.onBookingStatus(event, manager));
    this.events.on(JobStageChanged, (event, manager) => this.onJobChange(event, manager));
    this.events.on(RebateEntriesChanged, (event, manager) => this.onLedgerChanged(event, manager));
    this.events.on(RebateEntriesPaidInRun, (event, manager) => this.onPaidInRun(event, manager));
  }

  /** The referral as the ledger needs it. */
  ledgerReferral(referral: Referral): LedgerReferral {
    return {
      id: referral.id,
      refNumber: referral.refNumber,
      plumberId: referral.plumberId,
      plumberName: referral.plumberName,
      feeCents: { cleanview: referral.cleanViewRebateCents, reline: referral.relineRebateCents },
    };
  }

  /**
   * A referral (locked by the caller) moves to `status`: the ledger applies the rebate table, the
   * referral's fields follow it, its history and the plumber's e-mail say so. Answers what the move
   * could not do (e.g. the reline part not paid).
   */
  async changeStatus(manager: EntityManager, referral: Referral, status: ReferralStatus, actorId: string | null, reason: string | null): Promise<string[]> {
    const previous = referral.status;
    const now = new Date();
    const result = await this.rebates.applyReferralStatus(manager, this.ledgerReferral(referral), status, {
      held: referral.reviewState === 'held',
      actorId,
      at: now,
      reason,
    });
    referral.status = status;
    // The milestone's time is kept even while the referral earns nothing (a held duplicate earns from it once approved).
    if (status === 'cleanview_completed') referral.cleanViewCompletedAt ??= now;
    if (status === 'reline_completed') referral.relineCompletedAt ??= now;
    if (previous !== status) {
      await this.repository.recordEvent(manager, referral.id, { kind: 'status', actorId, from: previous, to: status });
      // Who moved it comes from the context: staff in the console, 'system: <job>', or the job's change that moved it.
      await this.audit.record(manager, {
        entity: 'referral',
        entityId: referral.id,
        action: 'status_changed',
        before: { status: previous },
        after: { status },
        details: reason ? { reason } : null,
      });
    }
    await this.afterChange(manager, referral, previous, result.changes, actorId);
    return result.notices;
  }

  /**
   * After the ledger changed (or the status did): the referral's rebate fields say what the ledger
   * says, each ledger change is in the referral's history, and the plumber is told, once, in this transaction.
   */
  async afterChange(
    manager: EntityManager,
    referral: Referral,
    statusFrom: ReferralStatus,
    ledger: readonly LedgerChange[],
    actorId: string | null,
  ): Promise<void> {
    const parts = await this.rebates.derivedParts(manager, referral.id);
    referral.cleanViewRebateStatus = parts.cleanview.status;
    referral.relineRebateStatus = parts.reline.status;
    if (parts.cleanview.milestoneAt) referral.cleanViewCompletedAt = parts.cleanview.milestoneAt;
    if (parts.reline.milestoneAt) referral.relineCompletedAt = parts.reline.milestoneAt;
    referral.cleanViewPaidAt = parts.cleanview.paidAt;
    referral.relinePaidAt = parts.reline.paidAt;
    referral.updatedAt = new Date();
    await this.repository.save(manager, referral);
    for (const change of ledger) {
      await this.repository.recordEvent(manager, referral.id, { kind: 'rebate', actorId, from: change.from, to: rebateEventText(change) });
    }
    if (statusFrom === referral.status && ledger.length === 0) return;
    const day = (date: Date) => formatLongDateIn(this.config.tzDisplay, date);
    const text = describeReferralUpdate(
      { statusFrom, statusTo: referral.status, ledger, jobStage: referral.jobStage ? JOB_STATUS_LABELS[referral.jobStage] : null },
      day,
    );
    await this.notifications.enqueue(manager, {
      template: 'referral_status_changed',
      to: referral.plumberEmail,
      variables: {
        plumberName: firstName(referral.plumberName),
        refNumber: referral.refNumber,
        clientName: referral.clientName,
        change: text.change,
        rebateEffect: text.rebateEffect,
        dashboardLink: `${this.config.publicBaseUrl}/plumber-dashboard`,
      },
      entity: { type: 'referral', id: referral.id },
    });
  }

  /** The customer's referrals of the last 90 days (and the booking's own), for linking a job to one. */
  async matchesForBooking(bookingId: string, manager?: EntityManager): Promise<{ rows: MatchRow[]; suggested: MatchRow | null; conflict: boolean }> {
    const booking = await this.bookings.findRecord(bookingId);
    if (!booking) throw DomainError.notFound('Booking not found.');
    const keys: CustomerKeys = {
      email: booking.email.trim() || null,
      phoneKey: phoneMatchKey(booking.phone),
      addressKey: addressKey(booking.address, booking.postcode),
      bookingId,
    };
    const since = new Date(Date.now() - REFERRAL_WINDOW_DAYS * DAY_MS);
    const rows = await this.repository.findOfCustomer(keys, since, manager);
    const outcome = matchOutcome(rows);
    return { rows, suggested: outcome.suggested ? rows.find((row) => row.id === outcome.suggested!.id)! : null, conflict: outcome.conflict };
  }

  /** Links a referral (locked) to a job, and brings it to the job's stage. */
  async linkToJob(
    manager: EntityManager,
    referral: Referral,
    job: Pick<ChangedJob, 'id' | 'jobNumber' | 'status' | 'quoteAccepted' | 'bookingId'>,
    actorId: string | null,
  ): Promise<string[]> {
    if (referral.jobId && referral.jobId !== job.id) {
      throw DomainError.conflict('REFERRAL_LINKED', `Referral ${referral.refNumber} is already linked to another job.`);
    }
    referral.jobId = job.id;
    referral.jobStage = job.status;
    referral.jobQuoteAccepted = job.quoteAccepted;
    referral.bookingId ??= job.bookingId;
    await this.repository.save(manager, referral);
    await this.repository.recordEvent(manager, referral.id, { kind: 'job_linked', actorId, to: job.jobNumber });
    await this.jobs.linkReferral(manager, job.id, referral.id);
    return this.followStage(manager, referral, job, actorId);
  }

  private async followStage(
    manager: EntityManager,
    referral: Referral,
    job: Pick<ChangedJob, 'jobNumber' | 'status' | 'quoteAccepted'>,
    actorId: string | null,
  ): Promise<string[]> {
    // Earned, paid or decided (void): only a part not earned yet can still be earned by the job's reline.
    const relineEarned = referral.relineRebateStatus !== 'pending';
    const steps = referralStepsForJobStage(job.status, { status: referral.status, relineEarned }, job.quoteAccepted);
    const notices: string[] = [];
    for (const step of steps) {
      notices.push(...(await this.changeStatus(manager, referral, step, actorId, `Job ${job.jobNumber} reached ${JOB_STATUS_LABELS[job.status]}`)));
    }
    return notices;
  }

  private async onJobChange(event: JobStageChanged, manager: EntityManager): Promise<void> {
    const { job, change, actorId } = event;
    if (change.kind === 'created') return this.onJobCreated(event, manager);
    const referral = await this.repository.findByJobForUpdate(manager, job.id);
    if (!referral) return;
    referral.jobStage = job.status;
    referral.jobQuoteAccepted = job.quoteAccepted;
    if (change.kind === 'archived') {
      const changes = await this.rebates.voidUnearned(manager, this.ledgerReferral(referral), `The job ${job.jobNumber} was archived`, actorId);
      await this.afterChange(manager, referral, referral.status, changes, actorId);
      return;
    }
    if (change.kind === 'restored') {
      await this.repository.save(manager, referral);
      return;
    }
    await this.repository.save(manager, referral);
    await this.followStage(manager, referral, job, actorId);
  }

  private async onJobCreated(event: JobStageChanged, manager: EntityManager): Promise<void> {
    const { job, actorId } = event;
    if (event.referralChosen) {
      if (!job.referralId) return;
      const referral = await this.repository.findForUpdate(manager, job.referralId);
      if (!referral) throw DomainError.validation([{ field: 'referralId', message: 'Referral not found' }]);
      await this.linkToJob(manager, referral, job, actorId);
      return;
    }
    if (!job.bookingId) return;
    const { rows, suggested, conflict } = await this.matchesForBooking(job.bookingId, manager);
    const open = rows.filter((row) => row.jobId === null);
    if (conflict) {
      const names = [...new Set(open.map((row) => row.plumberName))].join(', ');
      await this.repository.insertReview(manager, {
        kind: 'conflict',
        summary: `Job ${job.jobNumber}: ${open.length} referrals of ${job.customerName} by different plumbers (${names})`,
        jobId: job.id,
        bookingId: job.bookingId,
        candidateIds: open.map((row) => row.id),
      });
      return;
    }
    if (!suggested) return;
    const referral = await this.repository.findForUpdate(manager, suggested.id);
    if (referral && !referral.jobId) await this.linkToJob(manager, referral, job, actorId);
  }

  private async onBookingReferred(booking: CreatedBooking, manager: EntityManager): Promise<void> {
    if (booking.referralCodeStatus === 'unknown') {
      await this.repository.insertReview(manager, {
        kind: 'unknown_code',
        summary: `Booking by ${booking.fullName} (${booking.suburb}) carried the referral code ${booking.referralCode}, which no plumber has`,
        bookingId: booking.id,
        referralCode: booking.referralCode,
      });
      return;
    }
    if (booking.referralCodeStatus !== 'attributed' || !booking.referrerId) return;
    await this.referralFromBooking(manager, booking, booking.referrerId);
  }

  /** The plumber's referral for a booking made through their link or code (source `booking`). */
  async referralFromBooking(manager: EntityManager, booking: CreatedBooking, plumberId: string): Promise<Referral> {
    const plumber = await this.users.contactOf(plumberId, manager);
    if (!plumber) throw DomainError.notFound('Plumber not found.');
    return this.referrals.storeIn(manager, {
      input: {
        plumberName: plumber.fullName ?? plumber.email,
        plumberCompany: plumber.businessName ?? '',
        plumberPhone: plumber.phone ?? '',
        plumberEmail: plumber.email,
        clientName: booking.fullName,
        clientPhone: booking.phone,
        jobAddress: booking.address,
        suburb: booking.suburb,
        urgency: 'low',
        description: booking.briefDescription,
        notes: `Booked online for a Clean & View on ${booking.preferredDate} at ${booking.preferredTime}.`,
        contactClient: true,
        serviceTypes: { cleanView: true, reline: false },
      },
      plumberId,
      source: 'booking',
      place: { suburb: booking.suburb, state: booking.state, postcode: booking.postcode },
      clientEmail: booking.email,
      bookingId: booking.id,
    });
  }

  private async onBookingStatus(event: BookingStatusChanged, manager: EntityManager): Promise<void> {
    if (event.status !== 'cancelled') return;
    for (const referral of await this.repository.findByBookingForUpdate(manager, event.bookingId)) {
      const changes = await this.rebates.voidUnearned(manager, this.ledgerReferral(referral), 'The booking was cancelled', null);
      await this.afterChange(manager, referral, referral.status, changes, null);
    }
  }

  private async onLedgerChanged(event: RebateEntriesChanged, manager: EntityManager): Promise<void> {
    const referral = await this.repository.findForUpdate(manager, event.referralId);
    if (!referral) return;
    await this.afterChange(manager, referral, referral.status, event.changes, event.actorId);
  }

  /**
   * A payout run paid entries of many referrals: what afterChange does for one referral without an
   * e-mail (each referral's rebate fields follow its ledger, its history records each payment), for
   * all of them in a few statements. The plumber hears of it in the run's remittance advice.
   */
  private async onPaidInRun(event: RebateEntriesPaidInRun, manager: EntityManager): Promise<void> {
    const ids = await this.repository.lockMany(manager, [...event.changes.keys()]);
    const parts = await this.rebates.derivedPartsOfReferrals(manager, ids);
    await this.repository.setRebateFields(
      manager,
      ids.map((id) => {
        const { cleanview, reline } = parts.get(id)!;
        return {
          id,
          cleanViewRebateStatus: cleanview.status,
          relineRebateStatus: reline.status,
          cleanViewCompletedAt: cleanview.milestoneAt,
          relineCompletedAt: reline.milestoneAt,
          cleanViewPaidAt: cleanview.paidAt,
          relinePaidAt: reline.paidAt,
        };
      }),
    );
    await this.repository.recordManyEvents(
      manager,
      ids.flatMap((id) =>
        event.changes
          .get(id)!
          .map((change) => ({ referralId: id, kind: 'rebate' as const, actorId: event.actorId, from: change.from, to: rebateEventText(change) })),
      ),
    );
  }

  /** The job's current stage and whether its quote was accepted (a review resolved later links the referral then). */
  jobForLink(manager: EntityManager, jobId: string): ReturnType<JobsService['stageOf']> {
    return this.jobs.stageOf(manager, jobId);
  }
}
