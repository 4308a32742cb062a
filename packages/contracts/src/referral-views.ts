import type { ReferralStatus } from './referral-rules.js';

/** Shapes the staff API answers for referrals, shared with the console. */

/** One line of a referral's history (`referral_events`), with who made the change. */
export interface ReferralHistoryItem {
  id: string;
  kind: 'created' | 'status' | 'notes' | 'email' | 'photo' | 'attached' | 'claim_declined';
  from: string | null;
  to: string | null;
  /** The staff member's or plumber's e-mail; null for the public quick form. */
  actor: string | null;
  createdAt: string;
}

/** GET /api/admin/referrals/stats: the console's summary cards, top referrers, rebates due and chart. */
export interface ReferralStats {
  total: number;
  byStatus: Record<ReferralStatus, number>;
  rebates: { paid: number; pending: number };
  overdueCount: number;
  topReferrers: Array<{ plumberId: string | null; plumberName: string; plumberCompany: string; plumberEmail: string; count: number }>;
  due: Array<{ referralId: string; refNumber: string; plumberName: string; part: 'cleanView' | 'reline'; amount: number; dueAt: string; overdue: boolean }>;
  perWeek: Array<{ weekStart: string } & Record<ReferralStatus, number>>;
}

/** GET /api/me/unclaimed-referrals: a quick referral sent with the plumber's e-mail, waiting for their word. */
export interface UnclaimedReferralView {
  id: string;
  refNumber: string;
  clientName: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  date: string;
}

/** POST /api/me/unclaimed-referrals/claim and /decline: what the decision applied to. */
export interface ReferralClaimResult {
  /** The ids the decision applied to (all that were asked for). */
  ids: string[];
  count: number;
  message: string;
}
