import { formatMoney } from '@relining/contracts/business';
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  URGENCIES,
  URGENCY_LABELS,
  type RebateStatus,
  type ReferralStatus,
  type Urgency,
} from '@relining/contracts/referral-rules';

export { REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, URGENCIES, URGENCY_LABELS };
export type { RebateStatus, ReferralStatus, Urgency };
export type { RebatePartName, ReferralDetail, ReferralHistoryItem, ReferralPhoto, ReferralRecord, ReferralStats } from '@relining/contracts/api/referrals';
import type { RebatePartName, ReferralHistoryItem, ReferralRecord } from '@relining/contracts/api/referrals';
import { formatDateTime } from '../common/dates';

/**
 * One colour per status, shared by the chips, the status card and the chart. Dark enough for white
 * text at WCAG AA (4.5:1 or more).
 */
export const REFERRAL_STATUS_COLOURS: Record<ReferralStatus, string> = {
  referred: '#01579b',
  cleanview_completed: '#a84300',
  reline_completed: '#6a1b9a',
  rebate_paid: '#1b5e20',
};

export const REBATE_STATUS_LABELS: Record<RebateStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
};

export const REBATE_PART_LABELS: Record<RebatePartName, string> = {
  cleanView: 'C&V',
  reline: 'Reline',
};

/** The rebate statuses the spec names; anything else shows as pending (spec §4 Rebate totals). */
export const rebateStatusLabel = (status: string): string => REBATE_STATUS_LABELS[status as RebateStatus] ?? 'Pending';

/** Dollars as staff read them, as the site and e-mails print them (business constants' formatter). */
export { formatMoney };

/** Dates and times in the display zone (TZ_DISPLAY), labelled: the console's one clock (common/dates). */
export { formatDate, formatDateTime, formatTime } from '../common/dates';
const weekLabel = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** A week's first day (YYYY-MM-DD, already a Melbourne date) as '3 Nov'. */
export const formatWeek = (day: string): string => weekLabel.format(new Date(`${day}T00:00:00Z`));

/** A due date that has passed on an unpaid part (the server sets due dates only on completed, unpaid parts). */
export const isPastDue = (dueAt: string | null, now: number = Date.now()): boolean => dueAt !== null && new Date(dueAt).getTime() < now;

export const statusLabel = (status: string): string => REFERRAL_STATUS_LABELS[status as ReferralStatus] ?? status;
export const urgencyLabel = (urgency: string): string => URGENCY_LABELS[urgency as Urgency] ?? urgency;

/** One line of a referral's history, in words: what happened. */
export function historyText(item: Pick<ReferralHistoryItem, 'kind' | 'from' | 'to'>): string {
  switch (item.kind) {
    case 'created':
      return 'Referral created';
    case 'status':
      return `Status: ${item.from ? statusLabel(item.from) : 'None'} → ${item.to ? statusLabel(item.to) : 'None'}`;
    case 'notes':
      return item.to ? (item.from ? 'Notes edited' : 'Notes added') : 'Notes cleared';
    case 'email':
      return `E-mail sent: ${item.to ?? ''}`.trim();
    case 'photo':
      return item.to ? `Photo added: ${item.to}` : 'Photo added';
    case 'attached':
      return item.to ? `Added to account ${item.to} by its owner` : 'Added to account by its owner';
    case 'claim_declined':
      return item.to ? `Not theirs, said the account holder of ${item.to}: left unattached` : 'Not theirs, said the account holder: left unattached';
    default:
      return item.kind;
  }
}

/** The 'Account' line of a referral's plumber: whose dashboard it is on, or why it is on none. */
export function accountText(referral: Pick<ReferralRecord, 'plumberId' | 'claimDeclinedAt'>): string {
  if (referral.plumberId) return 'Registered plumber';
  if (referral.claimDeclinedAt) return `Not on any account: the account holder said it is not theirs (${formatDateTime(referral.claimDeclinedAt)})`;
  return 'Not on an account: waiting for the plumber with this e-mail to add it';
}

/** Who did it: the staff member's or plumber's e-mail; a quick referral has no account behind it. */
export function historyActor(item: Pick<ReferralHistoryItem, 'kind' | 'actor'>, source: ReferralRecord['source']): string {
  if (item.actor) return item.actor;
  if (item.kind === 'created' && source === 'quick') return 'Quick referral form';
  return 'System';
}

export const SOURCE_LABELS: Record<ReferralRecord['source'], string> = {
  dashboard: 'Plumber dashboard',
  quick: 'Quick referral form',
};
