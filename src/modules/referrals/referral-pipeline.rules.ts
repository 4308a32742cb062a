import type { RebateEntryState, RebateKind } from '@relining/contracts/api/rebates';
import { REBATE_KIND_LABELS } from '@relining/contracts/api/rebates';
import { formatMoney } from '@relining/contracts/business';
import type { JobStatus } from '@relining/contracts/job-status';
import { phoneMatchKey } from '@relining/contracts/phone';
import { REFERRAL_STATUS_LABELS, type ReferralStatus } from '@relining/contracts/referral-rules';

/**
 * How a linked job's stage moves its referral (issue 15). Every stage after `booked` means the Clean &
 * View inspection happened (a quote follows it), so a referral still `referred` moves to
 * `cleanview_completed`; `completed` after the quote was accepted means the reline happened, so the
 * referral moves to `reline_completed` (through `cleanview_completed` when it had not got there, and
 * again from `rebate_paid` when only the Clean & View had been paid). A job completed without an
 * accepted quote was not relined: the reline part stays as it is. Nothing ever moves a referral back.
 */
export function referralStepsForJobStage(
  stage: JobStatus,
  referral: { status: ReferralStatus; relineEarned: boolean },
  quoteAccepted: boolean,
): ReferralStatus[] {
  if (stage === 'booked') return [];
  const inspected: ReferralStatus[] = referral.status === 'referred' ? ['cleanview_completed'] : [];
  if (stage !== 'completed' || !quoteAccepted) return inspected;
  if (referral.relineEarned || referral.status === 'reline_completed') return inspected;
  return [...inspected, 'reline_completed'];
}

/** A candidate referral of one customer, as matching compares them. */
export interface MatchCandidate {
  id: string;
  plumberId: string | null;
  plumberEmail: string;
  createdAt: Date;
  jobId: string | null;
}

/** Who a referral is credited to: the account, or (a quick referral not yet claimed) the e-mail typed. */
export const referrerKey = (candidate: Pick<MatchCandidate, 'plumberId' | 'plumberEmail'>): string =>
  candidate.plumberId ?? `email:${candidate.plumberEmail.trim().toLowerCase()}`;

/**
 * Referrals of one customer over the window: the first referrer wins (the oldest referral not linked
 * to another job); two or more plumbers claiming the customer is a conflict for staff, never decided here.
 */
export function matchOutcome(candidates: readonly MatchCandidate[]): { suggested: MatchCandidate | null; conflict: boolean } {
  const open = [...candidates].filter((candidate) => candidate.jobId === null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const referrers = new Set(open.map(referrerKey));
  return { suggested: open[0] ?? null, conflict: referrers.size > 1 };
}

/**
 * A plumber referring themselves: the client's contact is their own phone (compared normalised to
 * +61) or e-mail (any case). Refused with 'You cannot refer yourself'.
 */
export function isSelfReferral(
  clientContact: string,
  plumber: { emails: ReadonlyArray<string | null | undefined>; phones: ReadonlyArray<string | null | undefined> },
): boolean {
  const contact = clientContact.trim().toLowerCase();
  if (contact === '') return false;
  if (plumber.emails.some((email) => email && email.trim().toLowerCase() === contact)) return true;
  // An e-mail address is never compared as a phone number (sam0412345678@… is not 0412 345 678).
  if (contact.includes('@')) return false;
  const phone = phoneMatchKey(contact);
  return phone.length >= 9 && plumber.phones.some((own) => own && phoneMatchKey(own) === phone);
}

/** The street address with its postcode, as referrals of one property are matched ('' without a postcode). */
export function addressKey(address: string, postcode: string | null): string {
  return postcode ? `${address.trim().replace(/\s+/g, ' ').toLowerCase()}|${postcode}` : '';
}

/** One ledger change, as the plumber's e-mail describes it. */
export interface DescribedChange {
  kind: RebateKind;
  amountCents: number;
  from: RebateEntryState | null;
  to: RebateEntryState;
  dueAt: Date | null;
  reason: string | null;
}

/**
 * The two paragraphs of the plumber's 'referral_status_changed' e-mail: what changed, and what it does
 * to their rebates (`day` writes a date as people read it, in the company's time zone).
 */
export function describeReferralUpdate(
  update: { statusFrom: ReferralStatus; statusTo: ReferralStatus; ledger: readonly DescribedChange[]; jobStage: string | null },
  day: (date: Date) => string,
): { change: string; rebateEffect: string } {
  const change =
    update.statusFrom !== update.statusTo
      ? `Status: ${REFERRAL_STATUS_LABELS[update.statusTo]} (was ${REFERRAL_STATUS_LABELS[update.statusFrom]}).`
      : `Status: ${REFERRAL_STATUS_LABELS[update.statusTo]} (unchanged).`;
  const lines = update.ledger.map((entry) => {
    const name = entry.kind === 'adjustment' ? 'adjustment' : `${REBATE_KIND_LABELS[entry.kind]} rebate`;
    const money = formatMoney(Math.abs(entry.amountCents) / 100);
    if (entry.kind === 'adjustment' && entry.from !== null) return `A refund of ${money} has been settled with this payment.`;
    if (entry.kind === 'adjustment') return `A refund of ${money} has been recorded against your rebates${entry.reason ? `: ${entry.reason}` : ''}.`;
    if (entry.to === 'void') return `Your ${name} of ${money} will not be paid${entry.reason ? `: ${entry.reason}` : ''}.`;
    if (entry.to === 'paid') return `Your ${name} of ${money} has been paid.`;
    if (entry.to === 'approved') return `Your ${name} of ${money} has been approved for payment.`;
    return `Your ${name} of ${money} has been earned.${entry.dueAt ? ` It is due to be paid by ${day(entry.dueAt)}.` : ''}`;
  });
  const job = update.jobStage ? ` The job is at: ${update.jobStage}.` : '';
  return { change: `${change}${job}`, rebateEffect: lines.length > 0 ? lines.join('\n') : 'Your rebates are unchanged.' };
}
