import type { NotificationStatus } from '../notification-status.js';

/** /api/admin/notifications: the outbox, every e-mail the product queued, with its delivery state. */

/** The list's record: without the bodies (they can be large). */
export interface NotificationSummary {
  id: string;
  to: string;
  subject: string;
  templateKey: string | null;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A file a message carries, as the Outbox lists it: its name and type, never its content. */
export interface NotificationAttachmentSummary {
  filename: string;
  /** `type/subtype`, e.g. `text/calendar` for a calendar invitation. */
  contentType: string;
}

/** GET /api/admin/notifications/:id and POST …/resend: the message with its bodies. */
export interface NotificationRecord extends NotificationSummary {
  text: string;
  html: string;
  entityType: string | null;
  entityId: string | null;
  updatedAt: string;
  /** When the next try is due (queued and failed messages). */
  nextAttemptAt: string | null;
  /** The files it carries, in order (none: empty). */
  attachments: NotificationAttachmentSummary[];
}
