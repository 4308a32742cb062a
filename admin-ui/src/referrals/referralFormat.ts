import { formatMoney } from '@relining/contracts/business';
import {
  REBATE_STATUS_LABELS,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  URGENCIES,
  URGENCY_LABELS,
  type RebateStatus,
  type ReferralStatus,
  type Urgency,
} from '@relining/contracts/referral-rules';

export { REBATE_STATUS_LABELS, REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, URGENCIES, URGENCY_LABELS };
export type { RebateStatus, ReferralStatus, Urgency };
export type {
  RebatePartName,
  ReferralChangeResult,
  ReferralDetail,
  ReferralHistoryItem,
  ReferralPhoto,
  ReferralRecord,
  ReferralStats,
  ReferralUpdate,
} from '@relining/contracts/api/referrals';
import type { RebatePartName, ReferralHistoryItem, ReferralRecord } from '@relining/contracts/api/referrals';
import { REBATE_ENTRY_STATE_LABELS, type RebateEntryState } from '@relining/contracts/api/rebates';
import { formatDateTime } from '../common/dates';
import { formatCents, kindLabel, stateLabel } from '../rebates/rebateFormat';

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

/** A rebate part's chip: earned and waiting (processing), approved, paid; not yet earned and void stay quiet. */
export const REBATE_STATUS_COLOURS: Record<RebateStatus, 'default' | 'info' | 'primary' | 'success'> = {
  pending: 'default',
  processing: 'info',
  approved: 'primary',
  paid: 'success',
  void: 'default',
};

export const REBATE_PART_LABELS: Record<RebatePartName, string> = {
  cleanView: 'C&V',
  reline: 'Reline',
};

/** A rebate part's status as the contracts word it ('Not yet earned', 'Earned, processing', …). */
export const rebateStatusLabel = (status: string): string => REBATE_STATUS_LABELS[status as RebateStatus] ?? status;

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
      return item.to ? (item.from ? "Plumber's notes edited" : "Plumber's notes added") : "Plumber's notes cleared";
    case 'staff_notes':
      return item.to ? (item.from ? 'Staff notes edited' : 'Staff notes added') : 'Staff notes cleared';
    case 'email':
      return `E-mail sent: ${item.to ?? ''}`.trim();
    case 'photo':
      return item.to ? `Photo added: ${item.to}` : 'Photo added';
    case 'attached':
      return item.to ? `Added to account ${item.to} by its owner` : 'Added to account by its owner';
    case 'claim_declined':
      return item.to ? `Not theirs, said the account holder of ${item.to}: left unattached` : 'Not theirs, said the account holder: left unattached';
    case 'job_linked':
      if (item.to) return item.from ? `Job: ${item.from} → ${item.to}` : `Linked to job ${item.to}`;
      return item.from ? `Unlinked from job ${item.from}` : 'Linked to a job';
    case 'review':
      return reviewHistoryText(item.to);
    case 'rebate':
      return item.from ? `Rebate: ${ledgerWords(item.from)} → ${ledgerWords(item.to)}` : `Rebate: ${ledgerWords(item.to)}`;
    default:
      return item.kind;
  }
}

/** A ledger change as the server records it: '<kind> <dollars> <state>', then ': <reason>' when there is one. */
const LEDGER_CHANGE = /^(cleanview|reline|adjustment) (-?\d+\.\d{2}) (pending|approved|paid|void)(?:: ([\s\S]*))?$/;

/**
 * A ledger state's label when the value is one ('approved' → 'Approved'); a recorded change in words
 * ('cleanview 80.00 pending: Job … reached …' → 'Clean & View $… Pending (Job … reached …)'); the
 * server's words otherwise.
 */
function ledgerWords(value: string | null): string {
  if (!value) return 'None';
  const change = LEDGER_CHANGE.exec(value);
  if (change) {
    const [, kind, dollars, state, reason] = change;
    const words = `${kindLabel(kind!)} ${formatCents(Math.round(Number(dollars) * 100))} ${stateLabel(state!)}`;
    return reason ? `${words} (${reason})` : words;
  }
  return REBATE_ENTRY_STATE_LABELS[value as RebateEntryState] ?? value;
}

function reviewHistoryText(to: string | null): string {
  switch (to) {
    case 'held':
      return 'Held for review: a repeat referral of the same client';
    case 'approved':
      return 'Review: approved (earns from now on)';
    case 'rejected':
      return 'Review: rejected (its rebates are void)';
    default:
      return to ? `Review: ${to}` : 'Review';
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
  if (item.kind === 'created' && source === 'booking') return 'Booking (referral link or code)';
  return 'System';
}

export const SOURCE_LABELS: Record<ReferralRecord['source'], string> = {
  dashboard: 'Plumber dashboard',
  quick: 'Quick referral form',
  booking: 'Booking (referral link or code)',
};
