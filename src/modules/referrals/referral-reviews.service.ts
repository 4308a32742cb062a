import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { ReferralReviewRecord, ResolveReferralReviewRequest } from '@relining/contracts/api/referrals';
import { AuditService } from '../audit/audit.service.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { UsersService } from '../users/users.service.js';
import { BookingsAdminService } from '../bookings/bookings-admin.service.js';
import { ReferralPipeline } from './referral-pipeline.service.js';
import type { ReferralReview } from './referral-review.entity.js';
import { toMatch } from './referrals-admin.service.js';
import { REVIEW_LIST, ReferralsRepository } from './referrals.repository.js';

const note = (value: unknown) => (typeof value === 'string' && value.trim() ? ` (${value.trim().slice(0, 500)})` : '');

/**
 * What staff decide (console → Referral reviews, issue 15): two plumbers claiming one customer, a
 * second referral of a client within 90 days, a booking's unknown referral code. Nothing here is
 * decided silently: each resolution is recorded with who made it.
 */
@Injectable()
export class ReferralReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ReferralsRepository,
    private readonly pipeline: ReferralPipeline,
    private readonly rebates: RebatesService,
    private readonly users: UsersService,
    private readonly bookings: BookingsAdminService,
    private readonly audit: AuditService,
  ) {}

  async list(params: ListParams): Promise<{ rows: ReferralReviewRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, REVIEW_LIST);
    const [rows, total] = await this.repository.findReviewsForAdminList(list);
    return { rows: await this.toRecords(rows), total, offset: list.offset };
  }

  async get(id: string): Promise<ReferralReviewRecord> {
    const review = await this.repository.findReview(id);
    if (!review) throw DomainError.notFound('Review not found.');
    return (await this.toRecords([review]))[0]!;
  }

  async resolve(actor: CurrentUserInfo, id: string, request: ResolveReferralReviewRequest): Promise<ReferralReviewRecord> {
    await this.dataSource.transaction(async (manager) => {
      const review = await this.repository.findReview(id, manager, true);
      if (!review) throw DomainError.notFound('Review not found.');
      if (review.status !== 'open') throw DomainError.conflict('REVIEW_RESOLVED', 'This review has already been resolved.');
      let resolution: string;
      // The referral the decision is about (none when a job is given to no referral or a code dismissed), and its review state.
      let referralId: string | null = null;
      let reviewState: { before: string; after: string } | null = null;
      if (review.kind === 'conflict') {
        if (request.referralId === undefined) throw DomainError.validation([{ field: 'referralId', message: 'Choose the referral the job goes to, or none' }]);
        if (request.referralId === null) {
          resolution = `No referral for this job${note(request.note)}`;
        } else {
          if (!review.candidateIds.includes(request.referralId)) {
            throw DomainError.validation([{ field: 'referralId', message: 'Choose one of the referrals of this review' }]);
          }
          const referral = await this.repository.findForUpdate(manager, request.referralId);
          if (!referral) throw DomainError.notFound('Referral not found.');
          await this.pipeline.linkToJob(manager, referral, await this.pipeline.jobForLink(manager, review.jobId!), actor.id);
          resolution = `Given to ${referral.refNumber} (${referral.plumberName})${note(request.note)}`;
          referralId = referral.id;
        }
      } else if (review.kind === 'duplicate') {
        if (request.decision !== 'approve' && request.decision !== 'reject') {
          throw DomainError.validation([{ field: 'decision', message: 'Approve or reject the duplicate referral' }]);
        }
        const referral = await this.repository.findForUpdate(manager, review.referralId!);
        if (!referral) throw DomainError.notFound('Referral not found.');
        const ledgerReferral = this.pipeline.ledgerReferral(referral);
        referralId = referral.id;
        reviewState = { before: referral.reviewState ?? 'held', after: request.decision === 'approve' ? 'approved' : 'rejected' };
        if (request.decision === 'approve') {
          referral.reviewState = 'approved';
          // It earns from now on: the milestones it reached while held are earned now, at their own dates.
          const milestones = {
            ...(referral.cleanViewCompletedAt ? { cleanview: referral.cleanViewCompletedAt } : {}),
            ...(referral.relineCompletedAt ? { reline: referral.relineCompletedAt } : {}),
          };
          const changes = await this.rebates.earnMissed(manager, ledgerReferral, milestones, actor.id, 'Duplicate approved by staff');
          await this.repository.recordEvent(manager, referral.id, { kind: 'review', actorId: actor.id, from: 'held', to: 'approved' });
          await this.pipeline.afterChange(manager, referral, referral.status, changes, actor.id);
          resolution = `Approved: ${referral.refNumber} earns its rebates${note(request.note)}`;
        } else {
          referral.reviewState = 'rejected';
          const changes = await this.rebates.voidUnearned(manager, ledgerReferral, 'Duplicate referral: the client was referred before', actor.id);
          await this.repository.recordEvent(manager, referral.id, { kind: 'review', actorId: actor.id, from: 'held', to: 'rejected' });
          await this.pipeline.afterChange(manager, referral, referral.status, changes, actor.id);
          resolution = `Rejected: ${referral.refNumber} earns nothing${note(request.note)}`;
        }
      } else {
        if (request.plumberId) {
          const booking = await this.bookings.findRecord(review.bookingId!);
          if (!booking) throw DomainError.notFound('Booking not found.');
          const plumber = await this.users.contactOf(request.plumberId, manager);
          if (!plumber) throw DomainError.validation([{ field: 'plumberId', message: 'Plumber not found' }]);
          const referral = await this.pipeline.referralFromBooking(
            manager,
            {
              ...booking,
              createdAt: new Date(booking.createdAt),
              referralCode: review.referralCode,
              referralCodeStatus: 'unknown',
              referrerId: null,
              marketingConsent: false,
            },
            request.plumberId,
          );
          resolution = `Attributed to ${plumber.fullName ?? plumber.email}: ${referral.refNumber}${note(request.note)}`;
          referralId = referral.id;
        } else if (request.decision === 'dismiss') {
          resolution = `Dismissed${note(request.note)}`;
        } else {
          throw DomainError.validation([{ field: 'decision', message: 'Dismiss the code, or choose the plumber it belongs to' }]);
        }
        await this.bookings.recordReferralCodeDecision(manager, review.bookingId!, {
          referralCode: review.referralCode,
          decision: request.plumberId ? 'attributed' : 'dismissed',
          plumberId: request.plumberId ?? null,
          resolution,
        });
      }
      await this.repository.resolveReview(manager, id, resolution, actor.id);
      await this.audit.record(manager, {
        entity: 'referral',
        entityId: referralId,
        action: 'review_resolved',
        ...(reviewState ? { before: { reviewState: reviewState.before }, after: { reviewState: reviewState.after } } : {}),
        details: { reviewId: id, kind: review.kind, resolution },
      });
    });
    return this.get(id);
  }

  private async toRecords(reviews: ReferralReview[]): Promise<ReferralReviewRecord[]> {
    const candidates = await this.repository.findMatchRows([...new Set(reviews.flatMap((review) => review.candidateIds))]);
    const resolvers = await this.users.emailsOf(reviews.flatMap((review) => (review.resolvedBy ? [review.resolvedBy] : [])));
    return reviews.map((review) => ({
      id: review.id,
      kind: review.kind,
      status: review.status,
      summary: review.summary,
      jobId: review.jobId,
      bookingId: review.bookingId,
      referralId: review.referralId,
      referralCode: review.referralCode,
      candidates: candidates.filter((row) => review.candidateIds.includes(row.id)).map(toMatch),
      resolution: review.resolution,
      resolvedBy: review.resolvedBy ? (resolvers.get(review.resolvedBy) ?? null) : null,
      resolvedAt: review.resolvedAt ? review.resolvedAt.toISOString() : null,
      createdAt: new Date(review.createdAt).toISOString(),
    }));
  }
}
