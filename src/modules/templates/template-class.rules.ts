import { EmailClass } from '@relining/contracts/email-class';
import type { TemplateKey } from './template-catalogue.js';

/**
 * What the Spam Act makes of each template (issue 20): transactional (status updates, confirmations,
 * receipts, account links, staff notices) or marketing (review requests, anything promotional). A new
 * template without an entry does not compile. Marketing e-mails carry the sender's identity and a
 * one-click unsubscribe, and are not sent to a suppressed address; transactional ones always are.
 */
export const TEMPLATE_CLASSES = {
  booking_confirmed: EmailClass.Transactional,
  inspection_completed: EmailClass.Transactional,
  quote_sent: EmailClass.Transactional,
  quote_accepted: EmailClass.Transactional,
  reline_scheduled: EmailClass.Transactional,
  job_completed: EmailClass.Transactional,
  verify_email: EmailClass.Transactional,
  welcome_plumber: EmailClass.Transactional,
  reset_password: EmailClass.Transactional,
  account_exists: EmailClass.Transactional,
  user_invite: EmailClass.Transactional,
  booking_autoresponse: EmailClass.Transactional,
  appointment_confirmed: EmailClass.Transactional,
  appointment_moved: EmailClass.Transactional,
  appointment_cancelled: EmailClass.Transactional,
  appointment_reminder: EmailClass.Transactional,
  appointment_changed_notice: EmailClass.Transactional,
  quote_accepted_notice: EmailClass.Transactional,
  quote_declined_notice: EmailClass.Transactional,
  booking_notice: EmailClass.Transactional,
  enquiry_notice: EmailClass.Transactional,
  enquiry_acknowledgement: EmailClass.Transactional,
  referral_notice: EmailClass.Transactional,
  referral_acknowledgement: EmailClass.Transactional,
  plumber_message: EmailClass.Transactional,
  referral_status_changed: EmailClass.Transactional,
  rebates_due_digest: EmailClass.Transactional,
  bank_details_changed: EmailClass.Transactional,
  payout_remittance: EmailClass.Transactional,
  // Asks for a public review: promotional, so only with an unsubscribe and never to a suppressed address.
  review_request: EmailClass.Marketing,
} satisfies Record<TemplateKey, EmailClass>;

export function templateClass(template: TemplateKey): EmailClass {
  return TEMPLATE_CLASSES[template];
}

export function isMarketing(template: TemplateKey): boolean {
  return templateClass(template) === EmailClass.Marketing;
}
