import { TZDate } from '@date-fns/tz';
import { PAYEE_REASON_TEXT, type PayeeReason, type PaymentMethod } from '@relining/contracts/payout-rules';
import type { PayoutWarning } from '@relining/contracts/api/payouts';

/** A ledger entry a run may pay (approved, unpaid, credited to a plumber). */
export interface RunEntry {
  entryId: string;
  plumberId: string;
  amountCents: number;
}

/** A plumber as the rules need them. */
export interface RunPayee {
  plumberId: string;
  name: string;
  paymentMethod: PaymentMethod | null;
  postalAddress: string | null;
  reasons: readonly PayeeReason[];
}

export type ExcludedCode = PayeeReason | 'nothing_to_pay';

export const NOTHING_TO_PAY_TEXT = 'Adjustments leave nothing to pay';

/** Who is left out of a run when it is made, and why (stored with the run, shown as warnings). */
export interface ExcludedPayee {
  plumberId: string;
  plumberName: string;
  amountCents: number;
  entryCount: number;
  reasons: ExcludedCode[];
}

export interface RunPlan {
  /** Per plumber paid in the run: their entries and total (always above zero). */
  included: Array<{ plumberId: string; entryIds: string[]; totalCents: number }>;
  excluded: ExcludedPayee[];
}

/**
 * Which of the chosen entries go into a new run: grouped by plumber, a plumber is in only when they
 * can be paid now (ABN or a Statement by a Supplier, the RCTI agreement, bank details or a cheque
 * address, no 48-hour hold) and their entries add up to more than nothing (a refund adjustment is
 * settled against what they earn). Everyone else is listed with the reasons; their entries stay
 * approved for a later run.
 */
export function planRun(entries: readonly RunEntry[], payees: ReadonlyMap<string, RunPayee>): RunPlan {
  const byPlumber = new Map<string, RunEntry[]>();
  for (const entry of entries) byPlumber.set(entry.plumberId, [...(byPlumber.get(entry.plumberId) ?? []), entry]);
  const plan: RunPlan = { included: [], excluded: [] };
  for (const [plumberId, own] of byPlumber) {
    const totalCents = own.reduce((sum, entry) => sum + entry.amountCents, 0);
    const payee = payees.get(plumberId);
    const reasons: ExcludedCode[] = payee ? [...payee.reasons] : ['no_abn', 'no_rcti', 'no_bank_details'];
    if (totalCents <= 0) reasons.push('nothing_to_pay');
    if (reasons.length === 0) plan.included.push({ plumberId, entryIds: own.map((entry) => entry.entryId), totalCents });
    else plan.excluded.push({ plumberId, plumberName: payee?.name ?? plumberId, amountCents: totalCents, entryCount: own.length, reasons });
  }
  return plan;
}

export function excludedText(code: ExcludedCode): string {
  return code === 'nothing_to_pay' ? NOTHING_TO_PAY_TEXT : PAYEE_REASON_TEXT[code];
}

/**
 * Whether a plumber of a run is paid when the run is marked paid. By direct deposit: if an ABA file
 * was downloaded, exactly the plumbers it held (the bank paid them, whatever changed since); if not,
 * those who can be paid now. By cheque: those who can be paid now. Anyone else's entries are released
 * back to the ledger for a later run.
 */
export function paidWhenMarked(payee: RunPayee, file: { downloaded: boolean; plumberIds: ReadonlySet<string> }): boolean {
  if (payee.paymentMethod === 'direct_deposit' && file.downloaded) return file.plumberIds.has(payee.plumberId);
  return payee.reasons.length === 0 && payee.paymentMethod !== null;
}

/** Whether a plumber goes into the ABA file now: paid by direct deposit and nothing stops it. */
export function inAbaFile(payee: RunPayee): boolean {
  return payee.paymentMethod === 'direct_deposit' && payee.reasons.length === 0;
}

/**
 * The warnings staff read before downloading the file: who was left out and why, then, for the
 * plumbers in the run, anything stopping their payment now (e.g. bank details changed since the run
 * was made) and who is paid by cheque instead.
 */
export function runWarnings(excluded: readonly ExcludedPayee[], payees: readonly RunPayee[]): PayoutWarning[] {
  const warnings: PayoutWarning[] = [];
  for (const left of excluded) {
    for (const code of left.reasons)
      warnings.push({ plumberId: left.plumberId, plumberName: left.plumberName, code, text: excludedText(code), excluded: true });
  }
  for (const payee of payees) {
    for (const code of payee.reasons)
      warnings.push({ plumberId: payee.plumberId, plumberName: payee.name, code, text: PAYEE_REASON_TEXT[code], excluded: false });
    if (payee.paymentMethod === 'cheque' && payee.reasons.length === 0) {
      warnings.push({
        plumberId: payee.plumberId,
        plumberName: payee.name,
        code: 'cheque',
        text: `Paid by cheque: post it to ${payee.postalAddress ?? 'their postal address'}`,
        excluded: false,
      });
    }
  }
  return warnings;
}

/** 'PR-0001' */
export function runNumber(number: number): string {
  return `PR-${String(number).padStart(4, '0')}`;
}

/** 'RCTI-000001' */
export function rctiNumber(number: number): string {
  return `RCTI-${String(number).padStart(6, '0')}`;
}

/** 'yyyy-MM-dd' → the instant its day ends in `timeZone` (the next day's midnight there); null when not a real day. */
export function endOfDayIn(day: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return new Date(new TZDate(year, month - 1, date + 1, 0, 0, 0, timeZone).getTime());
}
