/**
 * E-mail the Spam Act allows (issue 20): the suppression list, consent records and the one-click
 * unsubscribe. Public: GET/POST /unsubscribe/{token} (page and RFC 8058 one-click POST),
 * POST /api/unsubscribe/{token}. Staff: GET /api/admin/email-suppressions (react-admin list, filters
 * q, reason, id), POST /api/admin/email-suppressions { email, note }; GET /api/admin/email-consents.
 */

export const SuppressionReason = {
  /** The person opened the unsubscribe link of a marketing e-mail. */
  UnsubscribeLink: 'unsubscribe_link',
  /** Their mail program's unsubscribe button (List-Unsubscribe-Post, RFC 8058). */
  OneClick: 'one_click',
  /** Staff added the address (the person asked by phone or e-mail). */
  Staff: 'staff',
} as const;
export type SuppressionReason = (typeof SuppressionReason)[keyof typeof SuppressionReason];
export const SUPPRESSION_REASONS = Object.values(SuppressionReason);
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  unsubscribe_link: 'Unsubscribed with the link in a marketing e-mail',
  one_click: "Unsubscribed with their mail program's unsubscribe button",
  staff: 'Added by staff at the person’s request',
};

export interface EmailSuppressionRecord {
  id: string;
  email: string;
  reason: SuppressionReason;
  reasonLabel: string;
  /** The template of the e-mail whose link was used, or the staff member's note. */
  detail: string | null;
  createdAt: string;
}

/** A consent given (or withdrawn) where the person gave it, e.g. the booking form's 'Send me tips and offers'. */
export interface EmailConsentRecord {
  id: string;
  email: string;
  /** What was agreed to: 'marketing'. */
  purpose: string;
  given: boolean;
  /** Where: 'booking_form', 'unsubscribe_page'… */
  source: string;
  /** The record it came with (a booking's id). */
  sourceId: string | null;
  /** The words the person saw ('Send me tips and offers'). */
  wording: string;
  createdAt: string;
}

/** The answer of POST /api/unsubscribe/{token} (the address masked: the token's holder may not be its owner). */
export interface UnsubscribeResponse {
  email: string;
  unsubscribed: boolean;
}

/** The booking form's optional box, unticked by default (form field `marketing_consent`). */
export const MARKETING_CONSENT_LABEL = 'Send me tips and offers';
export const MARKETING_CONSENT_FIELD = 'marketing_consent';

/** What the unsubscribe page says. */
export const UNSUBSCRIBE_MESSAGES = {
  done: 'You’re unsubscribed. We won’t send you any more marketing e-mails — messages about your bookings and jobs will still arrive.',
  unknown: 'This unsubscribe link is not valid. Reply to any of our e-mails, or call us, and we’ll take you off our list.',
  resubscribed: 'You’re subscribed again. Thank you!',
} as const;
