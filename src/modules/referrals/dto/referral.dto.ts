import { ApiProperty } from '@nestjs/swagger';
import { paymentsDue } from '../../rebates/rebate.rules.js';
import { REFERRAL_STATUS_LABELS, URGENCY_LABELS, type RebateStatus, type ReferralStatus, type Urgency } from '../../../contracts/referral-rules.js';
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

export interface RebatePartView {
  amount: number;
  status: RebateStatus;
}

/** spec §3 "Referral as shown on the plumber dashboard". */
export interface PlumberReferralView {
  id: string;
  refNumber: string;
  clientName: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  date: string;
  status: ReferralStatus;
  statusLabel: string;
  urgency: Urgency;
  urgencyLabel: string;
  serviceTypes: { cleanView: boolean; reline: boolean };
  contactClient: boolean;
  description: string;
  notes: string | null;
  rebates: { cleanView: RebatePartView; reline: RebatePartView };
}

export function toPlumberReferral(referral: Referral): PlumberReferralView {
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

/** Staff records carry the spec's column names (amounts in dollars). */
export function toAdminReferral(referral: Referral, now: Date = new Date()) {
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
    ref_number: referral.refNumber,
    client_name: referral.clientName,
    client_phone: referral.clientPhone,
    job_address: referral.jobAddress,
    suburb: referral.suburb,
    state: referral.state,
    postcode: referral.postcode,
    plumber_id: referral.plumberId,
    plumber_name: referral.plumberName,
    plumber_company: referral.plumberCompany,
    plumber_phone: referral.plumberPhone,
    plumber_email: referral.plumberEmail,
    urgency: referral.urgency,
    description: referral.description,
    notes: referral.notes,
    contact_client: referral.contactClient,
    service_types: { cleanView: referral.serviceCleanView, reline: referral.serviceReline },
    status: referral.status,
    cleanview_rebate_amount: dollars(referral.cleanViewRebateCents),
    cleanview_rebate_status: referral.cleanViewRebateStatus,
    reline_rebate_amount: dollars(referral.relineRebateCents),
    reline_rebate_status: referral.relineRebateStatus,
    cleanview_completed_at: iso(referral.cleanViewCompletedAt),
    reline_completed_at: iso(referral.relineCompletedAt),
    cleanview_paid_at: iso(referral.cleanViewPaidAt),
    reline_paid_at: iso(referral.relinePaidAt),
    cleanview_due_at: iso(dueOf('cleanView')?.dueAt ?? null),
    reline_due_at: iso(dueOf('reline')?.dueAt ?? null),
    overdue: due.some((item) => item.overdue),
    source: referral.source,
    claim_declined_at: iso(referral.claimDeclinedAt),
    created_at: referral.createdAt.toISOString(),
    updated_at: referral.updatedAt.toISOString(),
  };
}

export type AdminReferralView = ReturnType<typeof toAdminReferral>;
