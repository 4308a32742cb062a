import { ApiProperty } from '@nestjs/swagger';
import { BodyField, CheckedBy, FormCheckbox, SpamTrap, TextField } from '../../../common/http/validation.js';
import { paymentsDue } from '../../rebates/rebate.rules.js';
import { REFERRAL_STATUS_LABELS, referralProblems, serviceTypesOf, URGENCIES, URGENCY_LABELS } from '@relining/contracts/referral-rules';
import type { PlumberReferral, ReferralRecord } from '@relining/contracts/api/referrals';
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
