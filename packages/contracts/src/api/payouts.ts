/**
 * Paying plumbers (issue 18): their payment details, the RCTI agreement, payout runs, ABA files,
 * RCTIs and the portal's Payments tab. Amounts are integer cents. Bank details are never answered in
 * full: only masked ('BSB 062-***, account ****678'); the full numbers exist only in the ABA file.
 */
import type { PayeeReason, PaymentDetailsInput, PaymentMethod } from '../payout-rules.js';
import type { RebateKind } from './rebates.js';

export type { PayeeReason, PaymentMethod };

export const PAYMENT_METHOD_LABELS = {
  direct_deposit: 'Direct deposit',
  cheque: 'Cheque',
} as const satisfies Record<PaymentMethod, string>;

/** GET /api/me/payment-details (and each plumber's in the console): masked, with what stops a payout. */
export interface PaymentDetails {
  /** 11 digits, or null when none is on file. */
  abn: string | null;
  gstRegistered: boolean;
  /** null until the plumber first saves their payment details. */
  paymentMethod: PaymentMethod | null;
  accountName: string | null;
  /** '062-***' */
  bsbMasked: string | null;
  /** '****678' */
  accountNumberMasked: string | null;
  /** 'BSB 062-***, account ****678', or null without bank details. */
  bankDetails: string | null;
  /** For cheques. */
  postalAddress: string | null;
  /** When the bank details last changed (ISO). */
  bankDetailsChangedAt: string | null;
  /** Payouts are held until this time after a change of bank details (ISO), or null. */
  payoutsHeldUntil: string | null;
  /** When the plumber accepted the RCTI agreement (ISO), or null. */
  rctiAcceptedAt: string | null;
  /** Staff recorded a Statement by a Supplier (no ABN, no withholding). */
  supplierStatement: boolean;
  /** Why a payout cannot be made yet (empty: it can), in the order to fix them. */
  cannotBePaid: Array<{ code: PayeeReason; text: string }>;
}

/**
 * PUT /api/me/payment-details (also accepted by PUT /api/me/profile). Fields left out keep their
 * value; BSB and account number left out keep the stored ones (they are never sent back in full).
 */
export type PaymentDetailsUpdate = PaymentDetailsInput;

/** GET /api/me/rcti-agreement; POST accepts it (once: accepting again keeps the first time). */
export interface RctiAgreement {
  version: string;
  /** The agreement's text, paragraphs separated by blank lines. */
  text: string;
  acceptedAt: string | null;
}

/** PUT /api/admin/users/:id/payment-details: what staff record about a plumber. */
export interface StaffPaymentDetailsUpdate {
  /** A Statement by a Supplier is on file: a plumber without an ABN may be paid without withholding. */
  supplierStatement: boolean;
}

export type PayoutRunStatus = 'draft' | 'paid' | 'cancelled';

export const PAYOUT_RUN_STATUS_LABELS = {
  draft: 'Draft',
  paid: 'Paid',
  cancelled: 'Cancelled',
} as const satisfies Record<PayoutRunStatus, string>;

/** POST /api/admin/payout-runs: either the entries chosen, or every approved unpaid entry due before a day. */
export interface CreatePayoutRunRequest {
  entryIds?: string[];
  /** yyyy-MM-dd: entries due before the end of this day (in TZ_DISPLAY). */
  dueBefore?: string;
}

/** PUT /api/admin/payout-runs/:id: a draft's entries replaced (a paid run cannot be changed). */
export interface UpdatePayoutRunRequest {
  entryIds: string[];
}

/** GET /api/admin/payout-runs (react-admin list). */
export interface PayoutRunSummary {
  id: string;
  /** 'PR-0001' */
  number: string;
  status: PayoutRunStatus;
  /** yyyy-MM-dd, when the run was made from a due date. */
  dueBefore: string | null;
  totalCents: number;
  entryCount: number;
  plumberCount: number;
  /** Payees with a warning now (see PayoutRunDetail.warnings). */
  warningCount: number;
  createdAt: string;
  createdBy: string | null;
  paidAt: string | null;
  paidBy: string | null;
  /** When the ABA file was last downloaded. */
  fileDownloadedAt: string | null;
}

/** One plumber in a run: their total, how they are paid, and whether they can be. */
export interface PayoutPayee {
  plumberId: string;
  plumberName: string;
  businessName: string | null;
  email: string;
  abn: string | null;
  gstRegistered: boolean;
  paymentMethod: PaymentMethod | null;
  /** Masked. */
  bankDetails: string | null;
  postalAddress: string | null;
  amountCents: number;
  /** GST the RCTI shows (1/11 for a GST-registered plumber). */
  gstCents: number;
  entryCount: number;
  /** Can be paid now (no reasons). */
  payable: boolean;
  reasons: Array<{ code: PayeeReason; text: string }>;
  /** In the last ABA file downloaded. */
  inFile: boolean;
  /** After the run is paid: 'RCTI-000123' and its PDF. */
  rctiNumber: string | null;
  rctiUrl: string | null;
  /** Paid in this run (false: released back to the ledger when the run was paid). */
  paid: boolean;
}

export interface PayoutRunEntry {
  entryId: string;
  plumberId: string;
  referralId: string;
  refNumber: string;
  kind: RebateKind;
  amountCents: number;
  dueAt: string | null;
}

/** A warning staff read before downloading the file: who cannot be paid and why, and cheque payees. */
export interface PayoutWarning {
  plumberId: string;
  plumberName: string;
  code: PayeeReason | 'cheque' | 'nothing_to_pay';
  text: string;
  /** Left out of the run when it was made (their entries stay approved for a later run). */
  excluded: boolean;
}

/** GET /api/admin/payout-runs/:id */
export interface PayoutRunDetail extends PayoutRunSummary {
  payees: PayoutPayee[];
  entries: PayoutRunEntry[];
  warnings: PayoutWarning[];
}

/** GET /api/me/payouts: the plumber's Payments tab. */
export interface PlumberPayouts {
  payouts: PlumberPayout[];
  /** Approved or pending amounts not yet paid, soonest due first. */
  upcoming: UpcomingRebate[];
  upcomingTotalCents: number;
}

export interface PlumberPayout {
  id: string;
  paidAt: string;
  amountCents: number;
  gstCents: number;
  paymentMethod: PaymentMethod | null;
  /** Masked. */
  bankDetails: string | null;
  rctiNumber: string;
  /** GET this (signed in) for the RCTI PDF. */
  rctiUrl: string;
  referrals: Array<{ referralId: string; refNumber: string; kind: RebateKind; amountCents: number }>;
}

export interface UpcomingRebate {
  entryId: string;
  referralId: string;
  refNumber: string;
  kind: RebateKind;
  amountCents: number;
  state: 'pending' | 'approved';
  dueAt: string | null;
  /** In a payout run being prepared. */
  inPayoutRun: boolean;
}

/** GET and PUT /api/admin/settings/payouts: the business's bank account and APCA user id for the ABA file. */
export interface PayoutBankSettings {
  /** Three letters: the bank processing the file (CBA, WBC, NAB, ANZ …). */
  bankMnemonic: string;
  /** NNN-NNN */
  bsb: string;
  accountNumber: string;
  /** The name of the business's account (the file's user name, up to 26 characters). */
  accountName: string;
  /** The APCA user id the bank gave the business (6 digits). */
  apcaUserId: string;
  /** The name plumbers' statements show as the payer (up to 16 characters). */
  remitterName: string;
  /** Add a balancing debit to the business's account (some banks require a self-balancing file). */
  balancingRecord: boolean;
}

export const PAYOUT_RUN_MESSAGES = {
  notFound: 'Payout run not found.',
  paid: 'This payout run is paid: it cannot be changed',
  cancelled: 'This payout run is cancelled',
  nothingDue: 'No approved rebates are waiting to be paid',
  chooseEntries: 'Choose the entries to pay, or a due date',
  dueBefore: 'Please enter the due date as yyyy-MM-dd',
  entryNotPayable: 'Only approved, unpaid rebates of a plumber can be paid in a run',
  entryInOtherRun: 'This rebate is already in another payout run',
  noBankSettings: "Enter the business's bank account and APCA user id (console → Payout account) first",
  nothingInFile: 'No one in this run can be paid by direct deposit now',
} as const;

export const PAYOUT_SETTINGS_MESSAGES = {
  bankMnemonic: 'Please enter the bank as three letters (e.g. CBA)',
  bsb: 'Please enter the BSB as six digits (NNN-NNN)',
  accountNumber: 'Please enter an account number of 6 to 9 digits',
  accountName: 'Please enter the account name (up to 26 characters)',
  apcaUserId: 'Please enter the APCA user id (6 digits)',
  remitterName: 'Please enter the remitter name (up to 16 characters)',
} as const;

/** Problems with the business's payout bank settings (field, message); none means they can be saved. */
export function payoutSettingsProblems(input: Partial<Record<keyof PayoutBankSettings, unknown>>): Array<{ field: string; message: string }> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const problems: Array<{ field: string; message: string }> = [];
  if (!/^[A-Za-z]{3}$/.test(text(input.bankMnemonic))) problems.push({ field: 'bankMnemonic', message: PAYOUT_SETTINGS_MESSAGES.bankMnemonic });
  if (!/^\d{6}$/.test(text(input.bsb).replace(/[\s-]/g, ''))) problems.push({ field: 'bsb', message: PAYOUT_SETTINGS_MESSAGES.bsb });
  if (!/^\d{6,9}$/.test(text(input.accountNumber).replace(/\s/g, '')))
    problems.push({ field: 'accountNumber', message: PAYOUT_SETTINGS_MESSAGES.accountNumber });
  const name = text(input.accountName);
  if (name === '' || name.length > 26) problems.push({ field: 'accountName', message: PAYOUT_SETTINGS_MESSAGES.accountName });
  if (!/^\d{6}$/.test(text(input.apcaUserId))) problems.push({ field: 'apcaUserId', message: PAYOUT_SETTINGS_MESSAGES.apcaUserId });
  const remitter = text(input.remitterName);
  if (remitter === '' || remitter.length > 16) problems.push({ field: 'remitterName', message: PAYOUT_SETTINGS_MESSAGES.remitterName });
  return problems;
}
