import type { ReferralMatch, ReferralReviewKind, ReferralReviewStatus } from '@relining/contracts/api/referrals';

export type {
  ReferralMatch,
  ReferralReviewKind,
  ReferralReviewRecord,
  ReferralReviewStatus,
  ResolveReferralReviewRequest,
} from '@relining/contracts/api/referrals';

/** What staff must decide, in their words. */
export const REVIEW_KIND_LABELS: Record<ReferralReviewKind, string> = {
  conflict: 'Two plumbers, one customer',
  duplicate: 'Repeat referral',
  unknown_code: 'Unknown referral code',
};

export const REVIEW_KIND_COLOURS: Record<ReferralReviewKind, 'error' | 'warning' | 'info'> = {
  conflict: 'error',
  duplicate: 'warning',
  unknown_code: 'info',
};

export const REVIEW_STATUS_LABELS: Record<ReferralReviewStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
};

export const REVIEW_KIND_CHOICES = (Object.keys(REVIEW_KIND_LABELS) as ReferralReviewKind[]).map((kind) => ({ id: kind, name: REVIEW_KIND_LABELS[kind] }));
export const REVIEW_STATUS_CHOICES = (Object.keys(REVIEW_STATUS_LABELS) as ReferralReviewStatus[]).map((status) => ({
  id: status,
  name: REVIEW_STATUS_LABELS[status],
}));

export const reviewKindLabel = (kind: string): string => REVIEW_KIND_LABELS[kind as ReferralReviewKind] ?? kind;
export const reviewStatusLabel = (status: string): string => REVIEW_STATUS_LABELS[status as ReferralReviewStatus] ?? status;

/** How a referral matched the customer (a conflict's candidates, a booking's matches). */
export const MATCHED_BY_LABELS: Record<ReferralMatch['matchedBy'][number], string> = {
  booking: 'referral link or code',
  email: 'e-mail',
  phone: 'phone',
  address: 'address',
};

export const matchedByText = (match: Pick<ReferralMatch, 'matchedBy'>): string => match.matchedBy.map((by) => MATCHED_BY_LABELS[by] ?? by).join(', ');

/** The console's address of the open review queue, at one kind of review. */
export const reviewQueue = (kind: ReferralReviewKind): string => `/referral-reviews?filter=${encodeURIComponent(JSON.stringify({ status: 'open', kind }))}`;
