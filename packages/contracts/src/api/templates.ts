import type { EmailClass } from '../email-class.js';
import type { NotificationStatus } from '../notification-status.js';

/** /api/admin/email-templates: the e-mails the product sends, their wording, previews and test e-mails. */

export type TemplateGroup = 'job' | 'account' | 'booking' | 'referral' | 'enquiry' | 'quote';

/** A template as staff's list answers it (react-admin's record: the key is its id). */
export interface EmailTemplateRecord {
  id: string;
  key: string;
  name: string;
  /** Job templates are the console's five tabs; the others are listed below them. */
  group: TemplateGroup;
  subject: string;
  body: string;
  /** The {variables} staff may use. */
  variables: string[];
  defaultSubject: string;
  defaultBody: string;
  /** null: staff never changed it (it follows the default). */
  updatedAt: string | null;
  /** What the Spam Act makes of it (issue 20): marketing e-mails carry an unsubscribe and skip suppressed addresses. */
  emailClass: EmailClass;
}

/**
 * PUT /api/admin/email-templates/:key (both required), and POST …/preview and …/test (unsaved wording
 * to render or send; a missing part is the stored one).
 */
export interface TemplateWording {
  subject: string;
  body: string;
}

/** POST /api/admin/email-templates/:key/preview */
export interface RenderedTemplate {
  subject: string;
  text: string;
  html: string;
}

/** POST /api/admin/email-templates/:key/test */
export interface TestEmailResult {
  /** 'Check your inbox for the test email.', or the preview-mode words. */
  message: string;
  notificationId: string;
  /** 'queued': on its way through the outbox; 'preview': saved, never sent (no SMTP server configured). */
  status: NotificationStatus;
}
