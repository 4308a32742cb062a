import type { NotificationStatus } from '../notification-status.js';
import type { JobStatus } from '../job-status.js';
import type { RebateStatus, ReferralSource, ReferralStatus, Urgency } from '../referral-rules.js';

/**
 * Requests and answers of the referral programme: the plumber's own (/api/me/…), the quick form
 * (/api/referrals/quick) and staff's (/api/admin/referrals). The form's own fields are `ReferralInput`
 * (../referral-rules.ts). Amounts are in dollars.
 */

export type { ReferralSource };
export type RebatePartName = 'cleanView' | 'reline';

/** A referral's photo (the bytes: GET …/photos/:photoId with the access token). */
export interface ReferralPhoto {
  id: string;
  contentType: string;
  byteSize: number;
  originalName: string | null;
  createdAt: string;
}

/**
 * One of a referral's two rebates, from the ledger: `amount` is the part's fee (earned, paid, or what it
 * would pay when `status` is `pending`, i.e. not earned yet); `possible` says whether a part not yet
 * earned can still be (false once void).
 */
export interface RebatePartView {
  amount: number;
  status: RebateStatus;
  statusLabel: string;
  /** Not earned and still possible (the dashboard says what it would pay: 'Reline: up to … if relined'). */
  possible: boolean;
}

/** The job a referral is linked to, as far as its plumber may see it: the stage only. */
export interface ReferralJobStage {
  stage: JobStatus;
  stageLabel: string;
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
  /** The plumber's own notes, written when referring (never staff's). */
  notes: string | null;
  rebates: Record<RebatePartName, RebatePartView>;
  /** The linked job's stage, or null while no job is linked. */
  job: ReferralJobStage | null;
  source: ReferralSource;
  /** A second referral of the same client within 90 days: it earns nothing until staff approve it. */
  heldForReview: boolean;
}

/** GET /api/me/referrals/:id: one of the plumber's referrals with its photos. */
export interface PlumberReferralDetail extends PlumberReferral {
  photos: ReferralPhoto[];
}

/**
 * GET /api/me/rebates/summary (dollars): paid = paid; pending = earned and not yet paid; potential =
 * what the plumber's referrals can still earn (parts not yet earned and not void).
 */
export interface RebateSummary {
  totalReferrals: number;
  rebatePaid: number;
  rebatePending: number;
  potential: number;
}

/** GET /api/me/referral-link: the plumber's code and the link that carries it. */
export interface ReferralLink {
  code: string;
  url: string;
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
  /** The plumber's own notes, as written when referring (read-only to staff). */
  notes: string | null;
  /** Internal notes: staff only, never in any answer a plumber can reach. */
  staffNotes: string | null;
  /** The client's e-mail when known (a referral made by a booking). */
  clientEmail: string | null;
  contactClient: boolean;
  serviceTypes: { cleanView: boolean; reline: boolean };
  status: ReferralStatus;
  /** The booking that made this referral (source `booking`) or that its job came from. */
  bookingId: string | null;
  /** The job linked to this referral, and its stage. */
  jobId: string | null;
  jobStage: JobStatus | null;
  /** A second referral of the same client within 90 days: `held` earns nothing until staff approve it. */
  review: ReferralReviewState | null;
  /** The earlier referral of the same client this one repeats. */
  duplicateOf: string | null;
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

/** A referral held for staff's decision (duplicate) and what they decided. */
export type ReferralReviewState = 'held' | 'approved' | 'rejected';

/** One line of a referral's history (`referral_events`), with who made the change. */
export interface ReferralHistoryItem {
  id: string;
  kind: 'created' | 'status' | 'notes' | 'staff_notes' | 'email' | 'photo' | 'attached' | 'claim_declined' | 'job_linked' | 'review' | 'rebate';
  from: string | null;
  to: string | null;
  /** The staff member's or plumber's e-mail; null for the public quick form. */
  actor: string | null;
  createdAt: string;
}

/** GET /api/admin/referrals/:id: the record with its history, photos and rebate ledger. */
export interface ReferralDetail extends ReferralRecord {
  history: ReferralHistoryItem[];
  photos: ReferralPhoto[];
  /** The referral's rebate entries, oldest first, each with its own history. */
  ledger: import('./rebates.js').RebateEntryDetail[];
}

/** PUT /api/admin/referrals/:id (react-admin sends the whole record; only these change). */
export interface ReferralUpdate {
  status?: ReferralStatus;
  staffNotes?: string | null;
}

/** What a staff change answered: the record, and what the change could not do (e.g. the reline part not paid). */
export interface ReferralChangeResult extends ReferralRecord {
  notices: string[];
}

/** POST /api/admin/referrals/bulk-status: 1 to 500 referrals moved to one status, all or nothing. */
export interface ReferralBulkStatusRequest {
  ids: string[];
  status: string;
}

/** Every id updated or unchanged (already at the status); `notices` name the referral ('R-000123: …'). */
export interface ReferralBulkStatusResult {
  updated: string[];
  unchanged: string[];
  notices: string[];
}

/**
 * GET /api/admin/referrals/matches?bookingId=…: referrals of the last 90 days for the booking's customer
 * (same e-mail, phone or street address and postcode), oldest first: the first referrer wins.
 */
export interface ReferralMatch {
  id: string;
  refNumber: string;
  plumberId: string | null;
  plumberName: string;
  plumberCompany: string;
  clientName: string;
  createdAt: string;
  status: ReferralStatus;
  matchedBy: Array<'booking' | 'email' | 'phone' | 'address'>;
  /** Already linked to a job (not offered again). */
  jobId: string | null;
}

export interface ReferralMatches {
  matches: ReferralMatch[];
  /** The referral the rule picks (the first referrer's), unless two plumbers claim the customer. */
  suggestedReferralId: string | null;
  /** Two or more plumbers claim this customer: staff decide in the review queue. */
  conflict: boolean;
}

export type ReferralReviewKind = 'conflict' | 'duplicate' | 'unknown_code';
export type ReferralReviewStatus = 'open' | 'resolved';

/**
 * GET /api/admin/referral-reviews (react-admin list; filter status, kind): what staff must decide.
 * `conflict`: two or more plumbers' referrals match one job's customer (`candidates`, oldest first);
 * `duplicate`: a second referral of the same client within 90 days (held, earning nothing);
 * `unknown_code`: a booking carried a referral code no plumber has.
 */
export interface ReferralReviewRecord {
  id: string;
  kind: ReferralReviewKind;
  status: ReferralReviewStatus;
  summary: string;
  jobId: string | null;
  bookingId: string | null;
  referralId: string | null;
  referralCode: string | null;
  candidates: ReferralMatch[];
  resolution: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/**
 * POST /api/admin/referral-reviews/:id/resolve: a conflict names the winning `referralId` (or null: no
 * referral for this job); a duplicate is `approve`d (it earns from now on) or `reject`ed (void); an
 * unknown code is `dismiss`ed or attributed to a `plumberId`.
 */
export interface ResolveReferralReviewRequest {
  referralId?: string | null;
  decision?: 'approve' | 'reject' | 'dismiss';
  plumberId?: string;
  note?: string;
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
