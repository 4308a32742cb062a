/**
 * The plumber referral programme (spec §3 Referral, §4 Referral status, §5 Referral form, §9 fees):
 * values, labels and the form's messages, shared by the server, the plumber pages and the console.
 */
import { EMAIL_PATTERN } from './account-rules.js';

export const ReferralStatus = {
  Referred: 'referred',
  CleanViewCompleted: 'cleanview_completed',
  RelineCompleted: 'reline_completed',
  RebatePaid: 'rebate_paid',
} as const;

export type ReferralStatus = (typeof ReferralStatus)[keyof typeof ReferralStatus];

export const REFERRAL_STATUSES: readonly ReferralStatus[] = ['referred', 'cleanview_completed', 'reline_completed', 'rebate_paid'];

export const REFERRAL_STATUS_LABELS = {
  referred: 'Referred',
  cleanview_completed: 'Clean & View Completed',
  reline_completed: 'Reline Completed',
  rebate_paid: 'Rebate Paid',
} as const satisfies Record<ReferralStatus, string>;

export const URGENCIES = ['low', 'medium', 'high', 'emergency'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS = {
  low: 'Within next week',
  medium: 'Within 2-3 days',
  high: 'Within 24 hours',
  emergency: 'ASAP',
} as const satisfies Record<Urgency, string>;

/**
 * A rebate part as the referral shows it, derived from the rebate ledger (issue 15): `pending` not
 * earned yet (its milestone has not happened, still possible), `processing` earned and waiting for
 * approval, `approved` approved for payment, `paid`, `void` (will not be paid: foreclosed or voided by
 * staff with a reason).
 */
export type RebateStatus = 'pending' | 'processing' | 'approved' | 'paid' | 'void';

export const REBATE_STATUSES: readonly RebateStatus[] = ['pending', 'processing', 'approved', 'paid', 'void'];

/** How a part's state reads to people (the console and the plumber's dashboard). */
export const REBATE_STATUS_LABELS = {
  pending: 'Not yet earned',
  processing: 'Earned, processing',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
} as const satisfies Record<RebateStatus, string>;

/** Where a referral came from: the plumber's dashboard, the quick form, or a booking made through the plumber's link or code. */
export const REFERRAL_SOURCES = ['dashboard', 'quick', 'booking'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

/** Refused when a plumber's referral names themselves as the client (issue 15). */
export const SELF_REFERRAL_MESSAGE = 'You cannot refer yourself';

/** A referral link or code is remembered this long, and referrals of one customer are matched over this window (issue 15). */
export const REFERRAL_WINDOW_DAYS = 90;

/** The first-party cookie that remembers the referral code a visitor arrived with (`/?ref=CODE`). */
export const REFERRAL_COOKIE = 'relining_ref';

/** A plumber's referral code: 6 to 12 letters and digits (typed in any case; shown in capitals). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{6,12}$/;

/** A code as typed (spaces and dashes ignored, capitals): the form of the code the server looks up. */
export function normaliseReferralCode(value: unknown): string {
  return typeof value === 'string'
    ? value
        .replace(/[\s-]+/g, '')
        .toUpperCase()
        .slice(0, 40)
    : '';
}

/** Refused on the reline part's payment when no reline happened (the original's rule paid it anyway). */
export const RELINE_NOT_EARNED_MESSAGE = 'The reline rebate has not been earned: the job was not relined';

export const REFERRAL_MESSAGES = {
  plumberName: 'Plumber name is required',
  plumberCompany: 'Company name is required',
  plumberPhone: 'Contact number is required',
  plumberEmail: 'Invalid email address',
  clientName: 'Client name is required',
  jobAddress: 'Job address is required',
  suburb: 'Suburb is required',
  clientPhone: 'Client contact is required',
  urgency: 'Please select an urgency level',
  description: 'Please describe the issue',
  serviceTypes: 'Please select at least one service type',
  successTitle: 'Referral submitted successfully',
  success: "Thank you! You'll see updates in your dashboard.",
  errorTitle: 'Error submitting referral',
  quickSuccessTitle: 'Thank you for your referral!',
  quickSuccess: 'To track this referral and access your dashboard, please register for a plumber account.',
} as const;

export interface ReferralInput {
  plumberName?: unknown;
  plumberCompany?: unknown;
  plumberPhone?: unknown;
  plumberEmail?: unknown;
  clientName?: unknown;
  jobAddress?: unknown;
  suburb?: unknown;
  clientPhone?: unknown;
  urgency?: unknown;
  description?: unknown;
  notes?: unknown;
  contactClient?: unknown;
  serviceTypes?: unknown;
}

export interface FieldProblem {
  field: string;
  message: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const EMAIL = EMAIL_PATTERN;

/** Service types asked for: `{ cleanView, reline }` flags. */
export function serviceTypesOf(value: unknown): { cleanView: boolean; reline: boolean } {
  const flags = (typeof value === 'object' && value !== null ? value : {}) as { cleanView?: unknown; reline?: unknown };
  return { cleanView: flags.cleanView === true, reline: flags.reline === true };
}

/**
 * spec §5 Referral form, in the form's order. `requireServiceType`: the signed-in version must ask for
 * at least one service type; the quick form does not show them.
 */
export function referralProblems(input: ReferralInput, options: { requireServiceType: boolean }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const required: Array<[keyof ReferralInput, string]> = [
    ['plumberName', REFERRAL_MESSAGES.plumberName],
    ['plumberCompany', REFERRAL_MESSAGES.plumberCompany],
    ['plumberPhone', REFERRAL_MESSAGES.plumberPhone],
  ];
  for (const [field, message] of required) if (!text(input[field])) problems.push({ field, message });
  const email = text(input.plumberEmail);
  if (!EMAIL.test(email) || email.length > 254) problems.push({ field: 'plumberEmail', message: REFERRAL_MESSAGES.plumberEmail });
  const client: Array<[keyof ReferralInput, string]> = [
    ['clientName', REFERRAL_MESSAGES.clientName],
    ['jobAddress', REFERRAL_MESSAGES.jobAddress],
    ['suburb', REFERRAL_MESSAGES.suburb],
    ['clientPhone', REFERRAL_MESSAGES.clientPhone],
  ];
  for (const [field, message] of client) if (!text(input[field])) problems.push({ field, message });
  if (!(URGENCIES as readonly string[]).includes(text(input.urgency))) problems.push({ field: 'urgency', message: REFERRAL_MESSAGES.urgency });
  if (!text(input.description)) problems.push({ field: 'description', message: REFERRAL_MESSAGES.description });
  if (options.requireServiceType) {
    const services = serviceTypesOf(input.serviceTypes);
    if (!services.cleanView && !services.reline) problems.push({ field: 'serviceTypes', message: REFERRAL_MESSAGES.serviceTypes });
  }
  const limits: Array<[keyof ReferralInput, number]> = [
    ['plumberName', 120],
    ['plumberCompany', 160],
    ['plumberPhone', 40],
    ['clientName', 120],
    ['jobAddress', 300],
    ['suburb', 120],
    ['clientPhone', 40],
    ['description', 5_000],
    ['notes', 5_000],
  ];
  for (const [field, max] of limits) {
    if (text(input[field]).length > max) problems.push({ field, message: `This field can hold at most ${max} characters` });
  }
  if (input.contactClient !== undefined && typeof input.contactClient !== 'boolean') {
    problems.push({ field: 'contactClient', message: 'Permission to contact client must be yes or no' });
  }
  return problems;
}

/** Ref ID as plumbers and staff see it: R-000123. */
export function refNumber(sequence: number): string {
  return `R-${String(sequence).padStart(6, '0')}`;
}

/**
 * Quick referrals (sent without signing in) wait for the plumber whose e-mail they carry: the
 * dashboard offers them, and the plumber adds them to the account or says they are not theirs.
 */
export const REFERRAL_CLAIM_MESSAGES = {
  idsRequired: 'Choose at least one referral.',
  tooMany: 'Choose at most 100 referrals at a time.',
  idShape: 'Each referral must be given by its id.',
  notOnOffer: 'That referral is no longer waiting for you. Refresh the page to see the current list.',
  emailNotConfirmed: 'Confirm your e-mail address first: referrals sent with it can then be added to your account.',
} as const;

/** The most referrals one claim or decline may name. */
export const MAX_REFERRAL_CLAIM_IDS = 100;

/** The dashboard's question: 'N referrals were submitted with your e-mail address — add them to your account?' */
export function unclaimedReferralsPrompt(count: number): string {
  return count === 1
    ? '1 referral was submitted with your e-mail address — add it to your account?'
    : `${count} referrals were submitted with your e-mail address — add them to your account?`;
}

/** What the plumber is told once they decided. */
export function referralClaimOutcome(decision: 'claim' | 'decline', count: number): string {
  const referrals = count === 1 ? '1 referral' : `${count} referrals`;
  if (decision === 'claim') return `${referrals} added to your account.`;
  return `${referrals} kept off your account. Our team can see you said ${count === 1 ? 'it is' : 'they are'} not yours.`;
}
