/** Staff settings: GET /api/admin/console-config and /api/admin/settings/email. */

/** GET /api/admin/console-config: what the console needs to know about its server before it shows anything. */
export interface ConsoleConfig {
  /** TZ_DISPLAY: every date and time is shown in this zone, whatever the browser's. */
  timeZone: string;
  /** 'preview' when no SMTP_URL is set: e-mails are saved as previews, never sent. */
  emailDelivery: 'smtp' | 'preview';
  /** PUBLIC_BASE_URL */
  publicBaseUrl: string;
}

/** GET and PUT /api/admin/settings/email (a PUT may name only the ones it changes). */
export interface EmailSettings {
  /** Send the status e-mail automatically on every job status change. */
  autoNotify: boolean;
  /** Add a 'View Your Job Status' button to job e-mails. */
  includeTrackingLink: boolean;
}

/** GET and PUT /api/admin/company-profile (a PUT may name only the fields it changes). */
export type { CompanyProfile, PlumbingLicence, ProfileLink } from '../site-content.js';
