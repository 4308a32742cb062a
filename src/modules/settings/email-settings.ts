/** spec §2 Email Settings: both on by default. */
export interface EmailSettings {
  /** Off: a job status change sends nothing unless staff ask for the e-mail explicitly. */
  autoNotify: boolean;
  /** On: job e-mails carry a 'View Your Job Status' button to the tracking page. */
  includeTrackingLink: boolean;
}

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = { autoNotify: true, includeTrackingLink: true };

export const EMAIL_SETTINGS_KEY = 'email';
