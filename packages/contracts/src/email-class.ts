/**
 * What the Spam Act 2003 makes of an e-mail (issue 20). Transactional: status updates, confirmations,
 * receipts, account links: sent whatever the address's marketing choice. Marketing: review requests and
 * anything promotional: only while the address is not suppressed, with the sender's identity, a
 * working one-click unsubscribe and the RFC 8058 List-Unsubscribe headers.
 */
export const EmailClass = {
  Transactional: 'transactional',
  Marketing: 'marketing',
} as const;

export type EmailClass = (typeof EmailClass)[keyof typeof EmailClass];

export const EMAIL_CLASSES = Object.values(EmailClass);

export const EMAIL_CLASS_LABELS: Record<EmailClass, string> = {
  transactional: 'Transactional',
  marketing: 'Marketing',
};
