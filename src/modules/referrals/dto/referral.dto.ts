import { ApiProperty } from '@nestjs/swagger';
import { BodyField, CheckedBy, FormCheckbox, SpamTrap, TextField } from '../../../common/http/validation.js';
import { dueDate } from '../../rebates/rebate.rules.js';
import { JOB_STATUS_LABELS } from '@relining/contracts/job-status';
import {
  REBATE_STATUS_LABELS,
  REFERRAL_STATUS_LABELS,
  referralProblems,
  serviceTypesOf,
  URGENCIES,
  URGENCY_LABELS,
  type RebateStatus,
} from '@relining/contracts/referral-rules';
import type { PlumberReferral, RebatePartView, ReferralRecord } from '@relining/contracts/api/referrals';
import type { Referral } from '../referral.entity.js';

const dollars = (cents: number) => cents / 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A referral from the plumber dashboard (spec §5 Referral form). Checked by the shared rules in the
 * service, once the plumber's details left out are filled from the profile (which needs the database).
 */
export class ReferralFormDto {
  @ApiProperty({ required: false, description: 'Prefilled from the profile when left out.' }) @TextField() plumberName?: string;
  @ApiProperty({ required: false }) @TextField() plumberCompany?: string;
  @ApiProperty({ required: false }) @TextField() plumberPhone?: string;
  @ApiProperty({ required: false, description: "The account's e-mail when left out." }) @TextField() plumberEmail?: string;
  @ApiProperty() @TextField() clientName?: string;
  @ApiProperty() @TextField() jobAddress?: string;
  @ApiProperty({ description: 'A suburb, or a suggestion such as "Parramatta NSW 2150" (stored as suburb, state and postcode).' }) @TextField() suburb?: string;
  @ApiProperty() @TextField() clientPhone?: string;
  @ApiProperty({ enum: URGENCIES }) @TextField() urgency?: string;
  @ApiProperty() @TextField() description?: string;
  @ApiProperty({ required: false }) @TextField() notes?: string;

  /** A yes or no in JSON (anything else is refused by the rules); the form's checkbox in a form post. */
  @ApiProperty({ required: false, default: true, description: 'Permission to contact client' })
  @FormCheckbox()
  contactClient?: boolean;

  /** Only the two flags are read (`true` asks for the service; anything else does not). */
  @ApiProperty({ required: false, example: { cleanView: true, reline: false }, description: 'At least one (signed-in form).' })
  @BodyField({ read: serviceTypesOf })
  serviceTypes?: { cleanView: boolean; reline: boolean };
}

/**
 * The quick referral form (no account): the same fields and messages, every one checked here (the
 * service has no profile to fill from), the service types not asked for, and a spam trap.
 */
@CheckedBy<QuickReferralDto>((referral) => referralProblems(referral, { requireServiceType: false }))
export class QuickReferralDto extends ReferralFormDto {
  @ApiProperty({ required: false, description: 'Spam trap: must stay empty.' }) @SpamTrap() _gotcha?: string;
}

/** A part as people see it: a part not earned shows what it would pay, and whether it still can. */
function partView(cents: number, status: RebateStatus, held: boolean): RebatePartView {
  return { amount: dollars(cents), status, statusLabel: REBATE_STATUS_LABELS[status], possible: status === 'pending' && !held };
}

/** The plumber's view (never staff's notes, nor anything staff keep to themselves). */
export function toPlumberReferral(referral: Referral): PlumberReferral {
  const held = referral.reviewState === 'held' || referral.reviewState === 'rejected';
  return {
    id: referral.id,
    refNumber: referral.refNumber,
    clientName: referral.clientName,
    address: referral.jobAddress,
    suburb: referral.suburb,
    state: referral.state,
    postcode: referral.postcode,
    date: referral.createdAt.toISOString(),
    status: referral.status,
    statusLabel: REFERRAL_STATUS_LABELS[referral.status],
    urgency: referral.urgency,
    urgencyLabel: URGENCY_LABELS[referral.urgency],
    serviceTypes: { cleanView: referral.serviceCleanView, reline: referral.serviceReline },
    contactClient: referral.contactClient,
    description: referral.description,
    notes: referral.notes,
    rebates: {
      cleanView: partView(referral.cleanViewRebateCents, referral.cleanViewRebateStatus, held),
      reline: partView(referral.relineRebateCents, referral.relineRebateStatus, held),
    },
    job: referral.jobStage ? { stage: referral.jobStage, stageLabel: JOB_STATUS_LABELS[referral.jobStage] } : null,
    source: referral.source,
    heldForReview: referral.reviewState === 'held',
  };
}

/** When an earned, unpaid part falls due (its payment terms after its milestone). */
function dueOf(kind: 'cleanview' | 'reline', status: RebateStatus, milestoneAt: Date | null): Date | null {
  return milestoneAt && (status === 'processing' || status === 'approved') ? dueDate(kind, milestoneAt) : null;
}

/** Staff records, camelCase like every staff JSON record (amounts in dollars). */
export function toAdminReferral(referral: Referral, now: Date = new Date()): ReferralRecord {
  const cleanviewDue = dueOf('cleanview', referral.cleanViewRebateStatus, referral.cleanViewCompletedAt);
  const relineDue = dueOf('reline', referral.relineRebateStatus, referral.relineCompletedAt);
  return {
    id: referral.id,
    refNumber: referral.refNumber,
    clientName: referral.clientName,
    clientPhone: referral.clientPhone,
    jobAddress: referral.jobAddress,
    suburb: referral.suburb,
    state: referral.state,
    postcode: referral.postcode,
    plumberId: referral.plumberId,
    plumberName: referral.plumberName,
    plumberCompany: referral.plumberCompany,
    plumberPhone: referral.plumberPhone,
    plumberEmail: referral.plumberEmail,
    urgency: referral.urgency,
    description: referral.description,
    notes: referral.notes,
    staffNotes: referral.staffNotes,
    clientEmail: referral.clientEmail,
    contactClient: referral.contactClient,
    serviceTypes: { cleanView: referral.serviceCleanView, reline: referral.serviceReline },
    status: referral.status,
    bookingId: referral.bookingId,
    jobId: referral.jobId,
    jobStage: referral.jobStage,
    review: referral.reviewState,
    duplicateOf: referral.duplicateOf,
    cleanviewRebateAmount: dollars(referral.cleanViewRebateCents),
    cleanviewRebateStatus: referral.cleanViewRebateStatus,
    relineRebateAmount: dollars(referral.relineRebateCents),
    relineRebateStatus: referral.relineRebateStatus,
    cleanviewCompletedAt: iso(referral.cleanViewCompletedAt),
    relineCompletedAt: iso(referral.relineCompletedAt),
    cleanviewPaidAt: iso(referral.cleanViewPaidAt),
    relinePaidAt: iso(referral.relinePaidAt),
    cleanviewDueAt: iso(cleanviewDue),
    relineDueAt: iso(relineDue),
    overdue: [cleanviewDue, relineDue].some((due) => due !== null && due.getTime() < now.getTime()),
    source: referral.source,
    claimDeclinedAt: iso(referral.claimDeclinedAt),
    createdAt: referral.createdAt.toISOString(),
    updatedAt: referral.updatedAt.toISOString(),
  };
}
