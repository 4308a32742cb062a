import { formatMoney } from '@relining/contracts/business';
import type { RebatePartName, RebatePartView, ReferralSource } from '@relining/contracts/api/referrals';

/** Money and dates as plumbers see them (en-AU, Melbourne time, spec §9). */
const DAY = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Melbourne' });

/** As the site, the e-mails and the console print money (whole dollars; cents only when there are some). */
export const money = formatMoney;
export const day = (iso: string): string => DAY.format(new Date(iso));

/** The two lines of a referral's rebates (spec §2: 'C&V' and 'Reline'), in order. */
export const REBATE_PARTS: ReadonlyArray<{ name: RebatePartName; label: string }> = [
  { name: 'cleanView', label: 'C&V' },
  { name: 'reline', label: 'Reline' },
];

/** What must still happen for a part not yet earned to be earned. */
const EARNED_WHEN = { cleanView: 'once inspected', reline: 'if relined' } as const satisfies Record<RebatePartName, string>;

export interface RebatePartDisplay {
  /** The amount earned or paid; null when there is none to show (not earned, void). */
  amount: string | null;
  /** The chip's text. */
  status: string;
  /** The chip's colour (a class rebate-status--<tone>). */
  tone: 'possible' | 'pending' | 'processing' | 'approved' | 'paid' | 'void';
}

/**
 * How one rebate part reads on the dashboard. A part not earned yet is never shown as money owed: it
 * reads as what it could become ('Reline: up to' the fee 'if relined') while still possible, as its status
 * otherwise; a void part reads 'Void' without an amount. Earned parts show their amount and status.
 */
export function rebatePartDisplay(name: RebatePartName, part: RebatePartView): RebatePartDisplay {
  if (part.status === 'void') return { amount: null, status: part.statusLabel, tone: 'void' };
  if (part.status === 'pending') {
    return part.possible
      ? { amount: null, status: `up to ${money(part.amount)} ${EARNED_WHEN[name]}`, tone: 'possible' }
      : { amount: null, status: part.statusLabel, tone: 'pending' };
  }
  return { amount: money(part.amount), status: part.statusLabel, tone: part.status };
}

/** Where a referral came from, as its plumber reads it. */
export const REFERRAL_SOURCE_LABELS = {
  dashboard: 'Your dashboard',
  quick: 'Quick referral form',
  booking: 'A booking made with your referral link or code',
} as const satisfies Record<ReferralSource, string>;
