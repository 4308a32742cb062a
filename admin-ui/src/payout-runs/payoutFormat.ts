import {
  PAYMENT_METHOD_LABELS,
  PAYOUT_RUN_STATUS_LABELS,
  type PaymentDetails,
  type PaymentMethod,
  type PayoutPayee,
  type PayoutRunDetail,
  type PayoutRunStatus,
  type PayoutWarning,
} from '@relining/contracts/api/payouts';
import { countOf } from '@relining/contracts/business';
import { formatAbn } from '@relining/contracts/site-content';

export type {
  CreatePayoutRunRequest,
  PaymentDetails,
  PaymentMethod,
  PayoutBankSettings,
  PayoutPayee,
  PayoutRunDetail,
  PayoutRunEntry,
  PayoutRunStatus,
  PayoutRunSummary,
  PayoutWarning,
  StaffPaymentDetailsUpdate,
  UpdatePayoutRunRequest,
} from '@relining/contracts/api/payouts';
export { PAYMENT_METHOD_LABELS, PAYOUT_RUN_MESSAGES, PAYOUT_RUN_STATUS_LABELS } from '@relining/contracts/api/payouts';

export const PAYOUT_RUN_STATUSES = Object.keys(PAYOUT_RUN_STATUS_LABELS) as PayoutRunStatus[];
export const PAYOUT_RUN_STATUS_CHOICES = PAYOUT_RUN_STATUSES.map((status) => ({ id: status, name: PAYOUT_RUN_STATUS_LABELS[status] }));

/** A draft waits for staff (download the file, mark it paid); a paid run is done; a cancelled one is history. */
export const PAYOUT_RUN_STATUS_COLOURS: Record<PayoutRunStatus, 'info' | 'success' | 'default'> = {
  draft: 'info',
  paid: 'success',
  cancelled: 'default',
};

export const runStatusLabel = (status: string): string => PAYOUT_RUN_STATUS_LABELS[status as PayoutRunStatus] ?? status;

/** A run's API path under /api, as the session client takes it. */
export const payoutRunPath = (id: string): string => `/admin/payout-runs/${encodeURIComponent(id)}`;

/** A run's page in the console. */
export const payoutRunPage = (id: string): string => `/payout-runs/${encodeURIComponent(id)}/show`;

/** The rebate ledger at one plumber's entries. */
export const plumberLedgerPage = (plumberId: string): string => `/rebates?filter=${encodeURIComponent(JSON.stringify({ plumberId }))}`;

/** How a plumber is paid, in staff's words ('Not chosen yet' before they first save their details). */
export const paymentMethodLabel = (method: PaymentMethod | null): string => (method ? (PAYMENT_METHOD_LABELS[method] ?? method) : 'Not chosen yet');

/** The ABN as people write it (51 824 753 556), or 'No ABN'. */
export const abnText = (abn: string | null): string => (abn?.trim() ? formatAbn(abn) : 'No ABN');

/**
 * Where a payee's money goes, as staff may read it: the masked bank details for a direct deposit,
 * the postal address for a cheque; `missing` when that is not on file (the payout cannot be made).
 */
export function payeeDestination(payee: Pick<PayoutPayee | PaymentDetails, 'paymentMethod' | 'bankDetails' | 'postalAddress'>): {
  text: string;
  missing: boolean;
} {
  if (payee.paymentMethod === 'cheque') {
    const address = payee.postalAddress?.trim();
    return address ? { text: address, missing: false } : { text: 'No postal address', missing: true };
  }
  if (payee.bankDetails) return { text: payee.bankDetails, missing: false };
  return { text: payee.paymentMethod ? 'No bank details' : 'No payment details yet', missing: true };
}

/** One plumber's warnings, in the order the server gave them. */
export interface WarningGroup {
  plumberId: string;
  plumberName: string;
  texts: string[];
}

/**
 * A run's warnings as the page lists them: the plumbers left out of the run when it was made (their
 * rebates stay approved for a later run), then those in it who need attention (a cheque to post,
 * payouts held, no bank details). One group per plumber, each text once.
 */
export function groupWarnings(warnings: readonly PayoutWarning[]): { leftOut: WarningGroup[]; inRun: WarningGroup[] } {
  const leftOut = new Map<string, WarningGroup>();
  const inRun = new Map<string, WarningGroup>();
  for (const warning of warnings) {
    const groups = warning.excluded ? leftOut : inRun;
    let group = groups.get(warning.plumberId);
    if (!group) {
      group = { plumberId: warning.plumberId, plumberName: warning.plumberName, texts: [] };
      groups.set(warning.plumberId, group);
    }
    if (!group.texts.includes(warning.text)) group.texts.push(warning.text);
  }
  return { leftOut: [...leftOut.values()], inRun: [...inRun.values()] };
}

/** A payee's standing in the run, as a chip or chips: whether they can be paid, or what became of them. */
export function payeeStanding(
  payee: Pick<PayoutPayee, 'payable' | 'reasons' | 'paid'>,
  status: PayoutRunStatus,
): { labels: string[]; tone: 'success' | 'warning' | 'default' } {
  if (status === 'paid') return payee.paid ? { labels: ['Paid'], tone: 'success' } : { labels: ['Not paid: back in the ledger'], tone: 'default' };
  if (status === 'cancelled') return { labels: ['Not paid: run cancelled'], tone: 'default' };
  if (payee.payable || payee.reasons.length === 0) return { labels: ['Can be paid'], tone: 'success' };
  return { labels: payee.reasons.map((reason) => reason.text), tone: 'warning' };
}

/** The run's payees' amounts and GST added up (the totals row). */
export function payeeTotals(payees: readonly Pick<PayoutPayee, 'amountCents' | 'gstCents' | 'entryCount'>[]): {
  amountCents: number;
  gstCents: number;
  entryCount: number;
} {
  return payees.reduce(
    (total, payee) => ({
      amountCents: total.amountCents + payee.amountCents,
      gstCents: total.gstCents + payee.gstCents,
      entryCount: total.entryCount + payee.entryCount,
    }),
    { amountCents: 0, gstCents: 0, entryCount: 0 },
  );
}

/**
 * What 'Mark paid' will do, for its confirmation: the payees who can be paid now are marked paid
 * (their rebates, their RCTIs, a remittance advice each); the others' rebates go back to the ledger.
 * Cheques are not in the bank file: staff post them.
 */
export function markPaidText(run: Pick<PayoutRunDetail, 'payees'>): string {
  const payable = run.payees.filter((payee) => payee.payable);
  const rebates = payable.reduce((sum, payee) => sum + payee.entryCount, 0);
  const cheques = payable.filter((payee) => payee.paymentMethod === 'cheque').length;
  const leftOut = run.payees.length - payable.length;
  if (payable.length === 0) return 'No one in this run can be paid now: fix the problems listed, or leave them out of the run.';
  const sentences = [
    `This marks ${countOf(rebates, 'rebate')} paid for ${countOf(payable.length, 'plumber')}, creates their RCTIs and e-mails each a remittance advice.`,
  ];
  if (cheques > 0)
    sentences.push(`${countOf(cheques, 'plumber')} paid by cheque ${cheques === 1 ? 'is' : 'are'} not in the ABA file: post the cheques yourself.`);
  if (leftOut > 0) sentences.push(`The rebates of ${countOf(leftOut, 'plumber')} who cannot be paid yet stay approved for a later run.`);
  sentences.push('It cannot be undone.');
  return sentences.join(' ');
}

/** The entries a draft keeps when one plumber is left out of it (PUT /api/admin/payout-runs/:id). */
export function entryIdsWithout(run: Pick<PayoutRunDetail, 'entries'>, plumberId: string): string[] {
  return run.entries.filter((entry) => entry.plumberId !== plumberId).map((entry) => entry.entryId);
}

/** The plumbers of a run by id, for rows that name only the id (the entries). */
export function payeeNames(run: Pick<PayoutRunDetail, 'payees'>): Map<string, string> {
  return new Map(run.payees.map((payee) => [payee.plumberId, payee.plumberName]));
}

/** 'Bank details changed: payouts held until …' is worth showing only while the hold lasts. */
export const isHeld = (heldUntil: string | null, now: Date = new Date()): boolean => heldUntil !== null && new Date(heldUntil).getTime() > now.getTime();
