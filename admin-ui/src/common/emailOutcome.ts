import { EMAIL_PREVIEW_NOTE, isPreviewDelivery } from '@relining/contracts/email-delivery';

export interface ToastWords {
  title: string;
  description?: string;
}

/**
 * The toast for an e-mail a staff action queued: the spec's 'sent' words when it is on its way, and
 * in preview mode (the server answered status 'preview': no SMTP server) words that never say sent.
 */
export function emailOutcome(status: string | null | undefined, sent: ToastWords, preview: { what: string }): ToastWords {
  if (!isPreviewDelivery(status)) return sent;
  const what = preview.what.charAt(0).toUpperCase() + preview.what.slice(1);
  return { title: 'Saved as a preview', description: `${what} was ${EMAIL_PREVIEW_NOTE}.` };
}

/** The outbox's words for a message's status. */
export function notificationStatusLabel(status: string): string {
  return isPreviewDelivery(status) ? 'saved as a preview (not sent)' : status;
}
