/**
 * Paying plumbers (issue 18): their tax and bank details, who can be paid in a payout run and why
 * not, masked bank details, and the GST on a recipient-created tax invoice (RCTI). Amounts are
 * integer cents; the GST in a GST-inclusive amount is one eleventh of it, rounded to the cent.
 */
import { COMPANY } from './business.js';
import { isValidAbn } from './site-content.js';

export const PAYOUT_MESSAGES = {
  abn: 'Please enter a valid ABN',
  bsb: 'Please enter the BSB as six digits (NNN-NNN)',
  accountNumber: 'Please enter an account number of 6 to 9 digits',
  accountName: 'Please enter the account name as your bank shows it (up to 32 characters)',
  postalAddress: 'Please enter a postal address for cheques',
  postalAddressLength: 'The postal address can hold at most 300 characters',
  text: 'Please enter this as text',
  method: 'Choose direct deposit or cheque',
} as const;

export type PaymentMethod = 'direct_deposit' | 'cheque';

/** What a plumber types on the profile's payment details (strings as typed). */
export interface PaymentDetailsInput {
  abn?: string | null;
  gstRegistered?: boolean;
  paymentMethod?: PaymentMethod;
  accountName?: string | null;
  bsb?: string | null;
  accountNumber?: string | null;
  postalAddress?: string | null;
}

/** A cheque's postal address, as typed (the database holds at most this). */
export const MAX_POSTAL_ADDRESS = 300;

/** '062-000' or '062000' → '062000'; null when it is not six digits. */
export function normalBsb(bsb: string | null | undefined): string | null {
  const compact = (bsb ?? '').replace(/[\s-]/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}

/** 6 to 9 digits, spaces allowed as typed. */
export function normalAccountNumber(account: string | null | undefined): string | null {
  const compact = (account ?? '').replace(/\s/g, '');
  return /^\d{6,9}$/.test(compact) ? compact : null;
}

/** Every problem with the payment details as saved (field, message); none means they can be stored. */
export function paymentDetailsProblems(input: PaymentDetailsInput): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const abn = (input.abn ?? '').trim();
  if (abn !== '' && !isValidAbn(abn)) problems.push({ field: 'abn', message: PAYOUT_MESSAGES.abn });
  if (input.paymentMethod !== 'direct_deposit' && input.paymentMethod !== 'cheque') {
    problems.push({ field: 'paymentMethod', message: PAYOUT_MESSAGES.method });
    return problems;
  }
  if (input.paymentMethod === 'direct_deposit') {
    const name = (input.accountName ?? '').trim();
    // The ABA file's detail record holds 32 characters of account title.
    // Banks' files hold plain letters and digits only: a name with none of them could not be paid.
    if (name === '' || name.length > 32 || !/[A-Za-z0-9]/.test(name)) problems.push({ field: 'accountName', message: PAYOUT_MESSAGES.accountName });
    if (!normalBsb(input.bsb)) problems.push({ field: 'bsb', message: PAYOUT_MESSAGES.bsb });
    if (!normalAccountNumber(input.accountNumber)) problems.push({ field: 'accountNumber', message: PAYOUT_MESSAGES.accountNumber });
  } else if ((input.postalAddress ?? '').trim().length < 10) {
    problems.push({ field: 'postalAddress', message: PAYOUT_MESSAGES.postalAddress });
  }
  if ((input.postalAddress ?? '').trim().length > MAX_POSTAL_ADDRESS) {
    problems.push({ field: 'postalAddress', message: PAYOUT_MESSAGES.postalAddressLength });
  }
  return problems;
}

/** 'BSB 062-***, account ****678': how bank details are shown everywhere but the payout file. */
export function maskedBankDetails(bsb: string, accountNumber: string): string {
  return `BSB ${maskedBsb(bsb)}, account ${maskedAccountNumber(accountNumber)}`;
}

/** '062-***': the bank's part of the BSB only. */
export function maskedBsb(bsb: string): string {
  return `${bsb.replace(/\D/g, '').slice(0, 3)}-***`;
}

/** '****678': the last three digits only. */
export function maskedAccountNumber(accountNumber: string): string {
  return `****${accountNumber.replace(/\D/g, '').slice(-3)}`;
}

/** The GST an RCTI shows: one eleventh of the amount for a GST-registered plumber, none otherwise. */
export function rctiGstCents(amountCents: number, gstRegistered: boolean): number {
  return gstRegistered ? Math.round(amountCents / 11) : 0;
}

/** How long a plumber's payouts are held after their bank details change. */
export const BANK_CHANGE_HOLD_HOURS = 48;

export interface PayeeState {
  abn: string | null;
  /** Staff recorded a Statement by a Supplier: no ABN, no withholding. */
  supplierStatement: boolean;
  rctiAcceptedAt: Date | null;
  paymentMethod: PaymentMethod | null;
  hasBankDetails: boolean;
  postalAddress: string | null;
  bankDetailsChangedAt: Date | null;
}

export type PayeeReason = 'no_abn' | 'no_rcti' | 'no_bank_details' | 'no_postal_address' | 'bank_change_hold';

export const PAYEE_REASON_TEXT: Readonly<Record<PayeeReason, string>> = {
  no_abn: 'No ABN: 47% withholding applies',
  no_rcti: 'RCTI agreement not accepted',
  no_bank_details: 'No bank details',
  no_postal_address: 'No postal address for a cheque',
  bank_change_hold: 'Bank details changed in the last 48 hours',
};

/** Why a plumber cannot be paid yet (empty: they can), in the order staff should fix them. */
export function cannotBePaidReasons(payee: PayeeState, now: Date): PayeeReason[] {
  const reasons: PayeeReason[] = [];
  if (!payee.abn && !payee.supplierStatement) reasons.push('no_abn');
  if (!payee.rctiAcceptedAt) reasons.push('no_rcti');
  if (payee.paymentMethod !== 'cheque' && !payee.hasBankDetails) reasons.push('no_bank_details');
  if (payee.paymentMethod === 'cheque' && !(payee.postalAddress ?? '').trim()) reasons.push('no_postal_address');
  if (payee.bankDetailsChangedAt && now.getTime() - payee.bankDetailsChangedAt.getTime() < BANK_CHANGE_HOLD_HOURS * 3_600_000) {
    reasons.push('bank_change_hold');
  }
  return reasons;
}

/**
 * The recipient-created tax invoice (RCTI) agreement a plumber accepts once, in the portal, before
 * their first payout (the ATO's conditions for RCTIs: both parties agree in writing that the recipient
 * issues the tax invoices and the supplier does not). A new version asks again.
 */
export const RCTI_AGREEMENT = {
  version: '2026-11',
  title: 'Recipient-created tax invoice agreement',
  text: [
    `${COMPANY.name} (the recipient) and you (the supplier, the plumber or plumbing business named in your account) agree that:`,
    '1. The recipient will issue a recipient-created tax invoice (RCTI) for every referral rebate it pays you, and will give you a copy with each payment.',
    '2. You will not issue a tax invoice for the referrals an RCTI covers.',
    '3. You will tell us straight away, in writing, if you stop being registered for GST, if your ABN changes, or if you no longer meet the requirements for RCTIs. The recipient will tell you if it stops being registered for GST.',
    '4. If you do not quote an ABN, the law requires us to withhold 47% of each payment unless you give us a Statement by a Supplier showing you are not carrying on an enterprise.',
    '5. This agreement applies to every rebate paid from the day you accept it until either of us ends it in writing.',
  ].join('\n\n'),
} as const;
