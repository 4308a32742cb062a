/**
 * What became of an e-mail the product queued, as the API tells the console: 'queued' is on its way
 * through the outbox; 'preview' (no SMTP_URL) was rendered and saved for staff to read, never sent.
 * Nothing in preview mode may say an e-mail was sent.
 */
export type EmailDelivery = 'queued' | 'preview';

/** The words for a preview, wherever the console or the API reports one. */
export const EMAIL_PREVIEW_NOTE = 'saved as a preview (not sent: no SMTP server configured)';

export function isPreviewDelivery(status: string | null | undefined): boolean {
  return status === 'preview';
}
