import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { API_BASE } from '@relining/contracts/client/http';
import { formatCents } from '@relining/contracts/quote-rules';
import { BANK_CHANGE_HOLD_HOURS, normalAccountNumber, normalBsb, paymentDetailsProblems, type PaymentMethod } from '@relining/contracts/payout-rules';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentDetails,
  type PaymentDetailsUpdate,
  type PlumberPayout,
  type UpcomingRebate,
} from '@relining/contracts/api/payouts';
import { REBATE_ENTRY_STATE_LABELS, REBATE_KIND_LABELS, type RebateKind } from '@relining/contracts/api/rebates';
import { day } from './rebates';

/**
 * The plumber's payment details, RCTI agreement and Payments tab (issue 18): what the forms send and
 * how payouts read. Amounts arrive in cents and are shown with their cents (a payment is exact).
 */

/** Where plumbers read times (spec §9: Melbourne time, labelled). */
const ZONE = 'Australia/Melbourne';

export const cents = formatCents;

const digitsOf = (text: string, most: number) => text.replace(/\D/g, '').slice(0, most);

/** The ABN grouped as it is typed: '51824' → '51 824'; eleven digits at most ('51 824 753 556'). */
export function abnAsTyped(text: string): string {
  const digits = digitsOf(text, 11);
  return [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 8), digits.slice(8)].filter(Boolean).join(' ');
}

/** The BSB as it is typed: '0620' → '062-0'; six digits at most ('062-000'). */
export function bsbAsTyped(text: string): string {
  const digits = digitsOf(text, 6);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** An account number as it is typed: digits only, nine at most. */
export function accountNumberAsTyped(text: string): string {
  return digitsOf(text, 9);
}

/** How many digits come before the caret: where the caret belongs once the text is regrouped. */
export function digitsBefore(text: string, caret: number): number {
  return text.slice(0, caret).replace(/\D/g, '').length;
}

/** The caret's place in a regrouped text: just after its `count`th digit (at the start for none). */
export function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text[index]!)) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}

/** The payment details form as typed. BSB and account number start blank: blank keeps the stored ones. */
export interface PaymentFormValues {
  abn: string;
  gstRegistered: boolean;
  paymentMethod: PaymentMethod | '';
  accountName: string;
  bsb: string;
  accountNumber: string;
  postalAddress: string;
}

export function paymentFormOf(details: PaymentDetails): PaymentFormValues {
  return {
    abn: abnAsTyped(details.abn ?? ''),
    gstRegistered: details.gstRegistered,
    paymentMethod: details.paymentMethod ?? '',
    accountName: details.accountName ?? '',
    bsb: '',
    accountNumber: '',
    postalAddress: details.postalAddress ?? '',
  };
}

/** Whether a blank BSB or account number keeps one on file (the server never sends them back in full). */
const keeps = (details: PaymentDetails) => ({ bsb: details.bsbMasked !== null, accountNumber: details.accountNumberMasked !== null });

/**
 * The server's own problems (the contracts' rules and messages), as the form would send it: a BSB or
 * account number left blank is not a problem while one is on file, since the stored one is kept.
 */
export function paymentFormProblems(values: PaymentFormValues, details: PaymentDetails): Array<{ field: string; message: string }> {
  const kept = keeps(details);
  return paymentDetailsProblems({ ...values, paymentMethod: values.paymentMethod || undefined }).filter(
    ({ field }) => !((field === 'bsb' || field === 'accountNumber') && kept[field] && values[field].trim() === ''),
  );
}

/**
 * PUT /api/me/payment-details: the ABN as digits (null clears it), and only the chosen method's
 * fields. A blank BSB or account number is left out, so the stored one stays; what the other method
 * needs stays on file for a switch back.
 */
export function paymentDetailsUpdateOf(values: PaymentFormValues): PaymentDetailsUpdate {
  const abn = values.abn.replace(/\D/g, '');
  const update: PaymentDetailsUpdate = { abn: abn || null, gstRegistered: values.gstRegistered };
  if (values.paymentMethod === 'direct_deposit') {
    update.paymentMethod = 'direct_deposit';
    update.accountName = values.accountName.trim();
    if (values.bsb.trim()) update.bsb = normalBsb(values.bsb) ?? values.bsb.trim();
    if (values.accountNumber.trim()) update.accountNumber = normalAccountNumber(values.accountNumber) ?? values.accountNumber.trim();
  } else if (values.paymentMethod === 'cheque') {
    update.paymentMethod = 'cheque';
    update.postalAddress = values.postalAddress.trim();
  }
  return update;
}

/** Why changing bank details takes a while to reach a payout (a fraud check the plumber should expect). */
export const BANK_CHANGE_NOTE = `When your bank details change we e-mail you, and hold your payouts for ${BANK_CHANGE_HOLD_HOURS} hours in case the change was not made by you.`;

/** 'Payouts are held until … after your bank details changed', while the hold lasts. */
export function heldUntilText(details: Pick<PaymentDetails, 'payoutsHeldUntil'>, now: Date): string | null {
  const until = details.payoutsHeldUntil;
  if (!until || new Date(until).getTime() <= now.getTime()) return null;
  return `Payouts are held until ${formatLongDateTimeIn(ZONE, until)} after your bank details changed.`;
}

/** 'Wednesday 2 December 2026, 9:41 am AEDT': when something was accepted or changed. */
export const moment = (iso: string): string => formatLongDateTimeIn(ZONE, iso);

/** The agreement's paragraphs (separated by blank lines in its text). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export type AccountSection = 'payment' | 'rcti';

/**
 * Which part of the Account tab fixes what stops a payout: the RCTI agreement when that is all, else
 * the payment details; none when only time will (the hold after a change of bank details).
 */
export function accountSectionFor(reasons: ReadonlyArray<{ code: string }>): AccountSection | null {
  const fixable = reasons.filter(({ code }) => code !== 'bank_change_hold');
  if (fixable.length === 0) return null;
  return fixable.every(({ code }) => code === 'no_rcti') ? 'rcti' : 'payment';
}

/** How an upcoming amount reads: its state (a chip of the dashboard's colours) and when it falls due (under a 'Due' heading). */
export function upcomingDisplay(rebate: Pick<UpcomingRebate, 'state' | 'dueAt'>): { status: string; tone: 'pending' | 'approved'; due: string } {
  const due = rebate.dueAt ? day(rebate.dueAt) : rebate.state === 'pending' ? 'Once approved' : 'To be set';
  return { status: rebate.state === 'approved' ? REBATE_ENTRY_STATE_LABELS.approved : 'Waiting for approval', tone: rebate.state, due };
}

/** The upcoming amounts split by state: what is approved, and what still waits for staff. */
export function upcomingTotals(upcoming: ReadonlyArray<Pick<UpcomingRebate, 'state' | 'amountCents'>>): { approvedCents: number; pendingCents: number } {
  let approvedCents = 0;
  let pendingCents = 0;
  for (const rebate of upcoming) {
    if (rebate.state === 'approved') approvedCents += rebate.amountCents;
    else pendingCents += rebate.amountCents;
  }
  return { approvedCents, pendingCents };
}

/** 'Direct deposit to BSB 062-***, account ****678', 'Cheque', or null when the payout names no method. */
export function payoutMethodText(payout: Pick<PlumberPayout, 'paymentMethod' | 'bankDetails'>): string | null {
  if (!payout.paymentMethod) return payout.bankDetails;
  const method = PAYMENT_METHOD_LABELS[payout.paymentMethod];
  return payout.paymentMethod === 'direct_deposit' && payout.bankDetails ? `${method} to ${payout.bankDetails}` : method;
}

export interface PaidReferral {
  referralId: string;
  refNumber: string;
  /** Each part paid for it: 'Clean & View' and its amount, in the payout's order. */
  parts: Array<{ kind: RebateKind; label: string; amountCents: number }>;
  totalCents: number;
}

/** A payout's lines, one per referral (its Clean & View and reline parts together), in the order they came. */
export function paidReferralsOf(payout: Pick<PlumberPayout, 'referrals'>): PaidReferral[] {
  const byReferral = new Map<string, PaidReferral>();
  for (const line of payout.referrals) {
    let referral = byReferral.get(line.referralId);
    if (!referral) {
      referral = { referralId: line.referralId, refNumber: line.refNumber, parts: [], totalCents: 0 };
      byReferral.set(line.referralId, referral);
    }
    referral.parts.push({ kind: line.kind, label: REBATE_KIND_LABELS[line.kind], amountCents: line.amountCents });
    referral.totalCents += line.amountCents;
  }
  return [...byReferral.values()];
}

/** Payouts newest first (the order the server sends is not promised). */
export function newestFirst<T extends Pick<PlumberPayout, 'paidAt'>>(payouts: readonly T[]): T[] {
  return [...payouts].sort((a, b) => new Date(b.paidAt).getTime() - new Date(a.paidAt).getTime());
}

/** The RCTI's file name: its number, safe for every file system ('RCTI-000123.pdf'). */
export function rctiFileName(rctiNumber: string): string {
  const safe = rctiNumber.trim().replace(/[^\w.-]+/g, '-');
  return `${safe || 'RCTI'}.pdf`;
}

/** The session client's path for an /api URL the server answered ('/api/me/payouts/1/rcti.pdf' → '/me/payouts/1/rcti.pdf'). */
export function apiPathOf(url: string): string | null {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : null;
}
