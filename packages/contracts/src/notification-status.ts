/** Where an outgoing e-mail is in its life. Values are the database strings. */
export const NotificationStatus = {
  /** Waiting for the worker (first try or a retry whose time has come). */
  Queued: 'queued',
  /** Accepted by the SMTP server. */
  Sent: 'sent',
  /** Preview mode (no SMTP_URL): rendered and stored, never sent. */
  Preview: 'preview',
  /** The last try failed; another try is scheduled at `nextAttemptAt`. */
  Failed: 'failed',
  /** Every try failed; kept with its last error for staff to inspect or resend. */
  Dead: 'dead',
  /**
   * Not sent: the one-time link it was to carry could no longer be given (no account uses the
   * address, the password was set since, the account is disabled); the reason is its last error.
   */
  Cancelled: 'cancelled',
} as const;

export type NotificationStatus = (typeof NotificationStatus)[keyof typeof NotificationStatus];

export const NOTIFICATION_STATUSES = Object.values(NotificationStatus);
