import type { JobStatus, TrackerStage } from '../job-status.js';
import type { NotificationStatus } from '../notification-status.js';

/** Requests and answers of /api/admin/jobs (staff) and /api/job-status (the customer's tracking page). */

/** A job as the staff list and every change answer it (camelCase, react-admin's record). */
export interface JobRecord {
  id: string;
  /** The 'Job ID' as staff typed it, e.g. JOB-1001. */
  jobNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  /** null: 'Not specified'. */
  address: string | null;
  status: JobStatus;
  statusLabel: string;
  trackingCode: string;
  /** {PUBLIC_BASE_URL}/job-status/{trackingCode} */
  trackingLink: string;
  bookingId: string | null;
  referralId: string | null;
  createdAt: string;
  updatedAt: string;
  /** When staff archived the job (hidden from the active list, its page answers Invalid Job ID); null when active. */
  archivedAt: string | null;
}

/** One status change of a job. */
export interface JobTimelineEntry {
  id: string;
  status: JobStatus;
  statusLabel: string;
  previousStatus: string | null;
  changedBy: string | null;
  customerNotified: boolean;
  createdAt: string;
}

/** An e-mail sent for a job. */
export interface JobEmail {
  id: string;
  to: string;
  subject: string;
  status: NotificationStatus;
  templateKey: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** GET /api/admin/jobs/:id: the record with its status timeline and its e-mails, newest first. */
export interface JobDetailRecord extends JobRecord {
  timeline: JobTimelineEntry[];
  emails: JobEmail[];
}

/** The e-mail a job change queued. */
export interface JobNotificationRef {
  id: string;
  to: string;
  /** 'queued', or 'preview' when no SMTP server is configured (saved, never sent). */
  status: NotificationStatus;
}

/** POST /api/admin/jobs, PUT /:id/status, POST /:id/notify: the job, and the e-mail queued with the change if any. */
export interface JobChangeResult extends JobRecord {
  notification: JobNotificationRef | null;
}

/** POST /api/admin/jobs ('Create Customer Tracking Link'; the job number, name and e-mail are checked by the shared rule). */
export interface CreateJobRequest {
  jobNumber?: string;
  customerName?: string;
  customerEmail?: string;
  status?: JobStatus;
  customerPhone?: string;
  address?: string;
  bookingId?: string;
  referralId?: string | null;
  /** E-mail the link now; by default as the 'Automatic Email Notifications' setting says. */
  notify?: boolean;
}

/** PUT /api/admin/jobs/:id/status */
export interface JobStatusUpdate {
  status: JobStatus;
  /** E-mail the customer; left out: as the 'Automatic Email Notifications' setting says. */
  notify?: boolean;
}

/** One stage of the public tracker, with when the job reached it. */
export interface PublicJobStage extends TrackerStage {
  reachedAt: string | null;
}

/** GET /api/job-status/:code: what the customer's tracking page shows (no contact details). */
export interface PublicJobStatus {
  jobNumber: string;
  /** First name only. */
  customerFirstName: string;
  status: JobStatus;
  statusLabel: string;
  explanation: string;
  stages: PublicJobStage[];
  /** Index of the current stage divided by 5 (0 to 1). */
  progress: number;
  /** The same as a percentage (0 to 100). */
  progressPercent: number;
  updatedAt: string;
  /** A report / a quote has been published (their content needs the page unlocked: POST …/unlock). */
  hasReport: boolean;
  hasQuote: boolean;
  /** This browser has unlocked the job (its cookie is valid). */
  unlocked: boolean;
}

/** The most jobs one bulk stage change may name. */
export const MAX_BULK_JOB_IDS = 500;

export const BULK_JOB_MESSAGES = {
  idsRequired: 'Choose at least one job.',
  tooMany: `Choose at most ${MAX_BULK_JOB_IDS} jobs at once.`,
  idShape: 'Each job must be a job id.',
} as const;

/** POST /api/admin/jobs/bulk-status: several jobs moved to one stage, all or nothing. */
export interface BulkJobStatusRequest {
  ids: string[];
  status: JobStatus;
  /** 'Notify customers': one e-mail per job whose stage really changed (the stage's template). */
  notify: boolean;
}

export interface BulkJobStatusResult {
  /** The jobs moved to the stage. */
  updated: string[];
  /** The jobs already at it (left as they were, no e-mail). */
  unchanged: string[];
}

export type JobActivityKind = 'stage' | 'email' | 'report' | 'quote' | 'acceptance' | 'change';

/** GET /api/admin/jobs/:id/timeline: everything that happened to a job, newest first. */
export interface JobActivity {
  at: string;
  kind: JobActivityKind;
  title: string;
  detail?: string;
  /** Who did it: a staff e-mail, 'public' (the customer), 'system: <job>'. */
  actorName?: string;
  /** An e-mail's delivery status. */
  status?: string;
}
