import { ApiProperty } from '@nestjs/swagger';
import { paymentsDue } from '../../rebates/rebate.rules.js';
import type { PlumberReferral, ReferralRecord } from '@relining/contracts/api/referrals';
import { REFERRAL_STATUS_LABELS, URGENCY_LABELS, type Urgency } from '@relining/contracts/referral-rules';
import type { Referral } from '../referral.entity.js';

const dollars = (cents: number) => cents / 100;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export class ReferralFormDto {
  @ApiProperty({ required: false, description: 'Prefilled from the profile when left out.' }) plumberName?: string;
  @ApiProperty({ required: false }) plumberCompany?: string;
  @ApiProperty({ required: false }) plumberPhone?: string;
  @ApiProperty({ required: false, description: "The account's e-mail when left out." }) plumberEmail?: string;
  @ApiProperty() clientName!: string;
  @ApiProperty() jobAddress!: string;
  @ApiProperty({ description: 'A suburb, or a suggestion such as "Parramatta NSW 2150" (stored as suburb, state and postcode).' }) suburb!: string;
  @ApiProperty() clientPhone!: string;
  @ApiProperty({ enum: ['low', 'medium', 'high', 'emergency'] }) urgency!: Urgency;
  @ApiProperty() description!: string;
  @ApiProperty({ required: false }) notes?: string;
  @ApiProperty({ required: false, default: true, description: 'Permission to contact client' }) contactClient?: boolean;
  @ApiProperty({ required: false, example: { cleanView: true, reline: false }, description: 'At least one (signed-in form).' }) serviceTypes?: { cleanView: boolean; reline: boolean };
}

export function toPlumberReferral(referral: Referral): PlumberReferral {
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
      cleanView: { amount: dollars(referral.cleanViewRebateCents), status: referral.cleanViewRebateStatus },
      reline: { amount: dollars(referral.relineRebateCents), status: referral.relineRebateStatus },
    },
  };
}

/** Staff records, camelCase like every staff JSON record (amounts in dollars). */
export function toAdminReferral(referral: Referral, now: Date = new Date()): ReferralRecord {
  const due = paymentsDue(
    {
      cleanViewStatus: referral.cleanViewRebateStatus,
      relineStatus: referral.relineRebateStatus,
      cleanViewCompletedAt: referral.cleanViewCompletedAt,
      relineCompletedAt: referral.relineCompletedAt,
    },
    now,
  );
  const dueOf = (part: 'cleanView' | 'reline') => due.find((item) => item.part === part);
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
    contactClient: referral.contactClient,
    serviceTypes: { cleanView: referral.serviceCleanView, reline: referral.serviceReline },
    status: referral.status,
    cleanviewRebateAmount: dollars(referral.cleanViewRebateCents),
    cleanviewRebateStatus: referral.cleanViewRebateStatus,
    relineRebateAmount: dollars(referral.relineRebateCents),
    relineRebateStatus: referral.relineRebateStatus,
    cleanviewCompletedAt: iso(referral.cleanViewCompletedAt),
    relineCompletedAt: iso(referral.relineCompletedAt),
    cleanviewPaidAt: iso(referral.cleanViewPaidAt),
    relinePaidAt: iso(referral.relinePaidAt),
    cleanviewDueAt: iso(dueOf('cleanView')?.dueAt ?? null),
    relineDueAt: iso(dueOf('reline')?.dueAt ?? null),
    overdue: due.some((item) => item.overdue),
    source: referral.source,
    claimDeclinedAt: iso(referral.claimDeclinedAt),
    createdAt: referral.createdAt.toISOString(),
    updatedAt: referral.updatedAt.toISOString(),
  };
}
