import type { NotificationStatus } from '../notification-status.js';
import type { RebateStatus, ReferralStatus, Urgency } from '../referral-rules.js';

/**
 * Requests and answers of the referral programme: the plumber's own (/api/me/…), the quick form
 * (/api/referrals/quick) and staff's (/api/admin/referrals). The form's own fields are `ReferralInput`
 * (../referral-rules.ts). Amounts are in dollars.
 */

export type ReferralSource = 'dashboard' | 'quick';
export type RebatePartName = 'cleanView' | 'reline';

/** A referral's photo (the bytes: GET …/photos/:photoId with the access token). */
export interface ReferralPhoto {
  id: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
  createdAt: string;
}

/** One of a referral's two rebates. */
export interface RebatePartView {
  amount: number;
  status: RebateStatus;
}

/** spec §3 "Referral as shown on the plumber dashboard": GET /api/me/referrals, POST /api/me/referrals. */
export interface PlumberReferral {
  id: string;
  refNumber: string;
  clientName: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  date: string;
  status: ReferralStatus;
  statusLabel: string;
  urgency: Urgency;
  urgencyLabel: string;
  serviceTypes: { cleanView: boolean; reline: boolean };
  contactClient: boolean;
  description: string;
  notes: string | null;
  rebates: Record<RebatePartName, RebatePartView>;
}

/** GET /api/me/referrals/:id: one of the plumber's referrals with its photos. */
export interface PlumberReferralDetail extends PlumberReferral {
  photos: ReferralPhoto[];
}

/** GET /api/me/rebates/summary (dollars). */
export interface RebateSummary {
  totalReferrals: number;
  rebatePaid: number;
  rebatePending: number;
}

/** POST /api/referrals/quick, answered as JSON. */
export interface QuickReferralCreated {
  id: string;
  refNumber: string;
}

/** A referral as staff's list and changes answer it (camelCase, react-admin's record, amounts in dollars). */
export interface ReferralRecord {
  id: string;
  refNumber: string;
  clientName: string;
  clientPhone: string;
  jobAddress: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  plumberId: string | null;
  plumberName: string;
  plumberCompany: string;
  plumberPhone: string;
  plumberEmail: string;
  urgency: Urgency;
  description: string;
  notes: string | null;
  contactClient: boolean;
  serviceTypes: { cleanView: boolean; reline: boolean };
  status: ReferralStatus;
  cleanviewRebateAmount: number;
  cleanviewRebateStatus: RebateStatus;
  relineRebateAmount: number;
  relineRebateStatus: RebateStatus;
  cleanviewCompletedAt: string | null;
  relineCompletedAt: string | null;
  cleanviewPaidAt: string | null;
  relinePaidAt: string | null;
  cleanviewDueAt: string | null;
  relineDueAt: string | null;
  overdue: boolean;
  source: ReferralSource;
  /** A quick referral the account holder of its e-mail said is not theirs (kept unattached). */
  claimDeclinedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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

/** GET /api/admin/referrals/:id: the record with its history and photos. */
export interface ReferralDetail extends ReferralRecord {
  history: ReferralHistoryItem[];
  photos: ReferralPhoto[];
}

/** PUT /api/admin/referrals/:id (react-admin sends the whole record; only these change). */
export interface ReferralUpdate {
  status?: ReferralStatus;
  notes?: string | null;
}

/** POST /api/admin/referrals/:id/email ('Send Email to Plumber'). */
export interface EmailPlumberRequest {
  subject: string;
  message: string;
}

/** What became of 'Send Email to Plumber': really sent through the outbox, or saved as a preview. */
export interface EmailPlumberResult {
  notificationId: string;
  to: string;
  status: NotificationStatus;
}

/** GET /api/admin/referrals/stats: the console's summary cards, top referrers, rebates due and chart. */
export interface ReferralStats {
  total: number;
  byStatus: Record<ReferralStatus, number>;
  rebates: { paid: number; pending: number };
  overdueCount: number;
  topReferrers: Array<{ plumberId: string | null; plumberName: string; plumberCompany: string; plumberEmail: string; count: number }>;
  due: Array<{ referralId: string; refNumber: string; plumberName: string; part: RebatePartName; amount: number; dueAt: string; overdue: boolean }>;
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

/** POST /api/me/unclaimed-referrals/claim and /decline: the referrals the plumber decided on (1 to 100). */
export interface ReferralIdsRequest {
  ids: string[];
}

/** POST /api/me/unclaimed-referrals/claim and /decline: what the decision applied to. */
export interface ReferralClaimResult {
  /** The ids the decision applied to (all that were asked for). */
  ids: string[];
  count: number;
  message: string;
}
