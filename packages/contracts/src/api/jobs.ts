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
