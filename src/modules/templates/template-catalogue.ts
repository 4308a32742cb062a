import type { TemplateGroup } from '@relining/contracts/api/templates';
import { formatCents, totalWithGst } from '@relining/contracts/quote-rules';
import { BANK_CHANGE_HOLD_HOURS } from '@relining/contracts/payout-rules';
import { CLIENT_CONTACT_TIME, COMPANY, FEES, WARRANTY } from '@relining/contracts/business';

/** An e-mail the product sends, with the variables staff may use in it and its default wording. */
export type { TemplateGroup };

const WEBSITE = 'pipereliningaustralia.com.au';

export interface TemplateDefinition {
  readonly key: string;
  /** Job templates are the console's five tabs; the others are listed below them. */
  readonly group: TemplateGroup;
  /** The name staff see (tab label in the console). */
  readonly name: string;
  readonly variables: readonly string[];
  /** Variables holding a URL: shown as a link in the HTML part. */
  readonly linkVariables: readonly string[];
  /**
   * The call to action near the top of the e-mail: its label, and the link variable it opens. A
   * message may name another address (a staff notice opens its own record) or none (the job
   * e-mails when 'Include Job Tracking Link' is off).
   */
  readonly button?: { readonly label: string; readonly link: string };
  /** Values used for previews and test e-mails. */
  readonly sample: Readonly<Record<string, string>>;
  readonly subject: string;
  readonly body: string;
}

const JOB_VARIABLES = ['customerName', 'jobId', 'trackingLink'] as const;
const JOB_SAMPLE = {
  customerName: 'Alex Citizen',
  jobId: 'JOB-1001',
  trackingLink: 'https://example.com.au/job-status/booked-job1001-sample',
};
/** The spec's words for the job e-mails' button (§3, 'Include Job Tracking Link'). */
export const JOB_STATUS_BUTTON_LABEL = 'View Your Job Status';
/** The staff notices' button: the record in the console. */
export const CONSOLE_BUTTON_LABEL = 'Open in the console';
const SIGN_OFF = `Kind regards,\nThe ${COMPANY.name} team\n${COMPANY.phone}`;

function jobTemplate(key: string, name: string, subject: string, middle: string): TemplateDefinition & { readonly variables: typeof JOB_VARIABLES } {
  return {
    key,
    group: 'job',
    name,
    variables: JOB_VARIABLES,
    linkVariables: ['trackingLink'],
    button: { label: JOB_STATUS_BUTTON_LABEL, link: 'trackingLink' },
    sample: JOB_SAMPLE,
    subject,
    body: `Hi {customerName},\n\n${middle}\n\nYour job ID is {jobId}. You can follow your job at any time here:\n{trackingLink}\n\nIf you have any questions, reply to this e-mail or call us on ${COMPANY.phone}.\n\n${SIGN_OFF}`,
  };
}

/**
 * Every e-mail template the product knows, keyed by the event that sends it (spec §3 and §9). The
 * defaults are seeded into `email_templates`; staff edit the stored copies.
 */
export const TEMPLATE_CATALOGUE = {
  booking_confirmed: jobTemplate(
    'booking_confirmed',
    'Booking Confirmed',
    'Your pipe inspection is booked',
    'Thanks for booking your Clean & View inspection with us. Our team will clean your pipes with a high-pressure water jet and inspect them with a CCTV camera, then send you a detailed report with our recommendations.',
  ),
  inspection_completed: jobTemplate(
    'inspection_completed',
    'Inspection Completed',
    "We've completed your inspection",
    "We've completed the CCTV inspection of your pipes. Our team is reviewing the footage and will send you our findings and recommendations shortly.",
  ),
  quote_sent: jobTemplate(
    'quote_sent',
    'Quote Sent',
    'Your quote is ready',
    'Your quote for relining your pipes is ready. Please review it and let us know if you would like to go ahead; remember, your inspection fee is waived if you proceed with relining.',
  ),
  quote_accepted: jobTemplate(
    'quote_accepted',
    'Quote Accepted',
    "We've received your go-ahead",
    "Thank you for accepting your quote. We've received your go-ahead and are now scheduling your pipe relining; we will confirm the date with you shortly.",
  ),
  reline_scheduled: jobTemplate(
    'reline_scheduled',
    'Reline Scheduled',
    'Your pipe repair is scheduled',
    'Your pipe relining is now scheduled. Our technicians will repair your pipes without digging, and most jobs are finished in a single day.',
  ),
  job_completed: jobTemplate(
    'job_completed',
    'Job Completed',
    'Your pipe has been repaired',
    `Your pipe has been relined and the job is complete. Your new liner is backed by our ${WARRANTY.guarantee}. Thank you for choosing us.`,
  ),
  verify_email: {
    key: 'verify_email',
    group: 'account',
    name: 'Confirm Email (plumber registration)',
    variables: ['firstName', 'verifyLink'],
    linkVariables: ['verifyLink'],
    button: { label: 'Confirm your e-mail', link: 'verifyLink' },
    sample: { firstName: 'Sam', verifyLink: 'https://example.com.au/verify-email?token=sample' },
    subject: 'Confirm your email address',
    body: `Hi {firstName},\n\nThanks for registering for the ${COMPANY.name} plumber referral program. Please confirm your email address to activate your account:\n{verifyLink}\n\nThis link expires in 24 hours. If you did not register, you can ignore this email.\n\n${SIGN_OFF}`,
  },
  welcome_plumber: {
    key: 'welcome_plumber',
    group: 'account',
    name: 'Welcome (plumber account created)',
    variables: ['firstName', 'dashboardLink'],
    linkVariables: ['dashboardLink'],
    button: { label: 'Open your dashboard', link: 'dashboardLink' },
    sample: { firstName: 'Sam', dashboardLink: 'https://example.com.au/plumber-dashboard' },
    subject: 'Welcome to our plumber referral program',
    body: `Hi {firstName},\n\nYour account is ready. Refer clients with pipe problems and earn ${FEES.cleanView} for every completed Clean & View, plus ${FEES.reline} more if the job becomes a reline: up to ${FEES.max} per referral.\n\nSubmit referrals and follow their status and your rebates in your dashboard:\n{dashboardLink}\n\n${SIGN_OFF}`,
  },
  reset_password: {
    key: 'reset_password',
    group: 'account',
    name: 'Reset Password',
    variables: ['resetLink'],
    linkVariables: ['resetLink'],
    button: { label: 'Reset your password', link: 'resetLink' },
    sample: { resetLink: 'https://example.com.au/reset-password?token=sample' },
    subject: 'Reset your password',
    body: `Hello,\n\nWe received a request to reset the password for your ${COMPANY.name} account. Choose a new password here:\n{resetLink}\n\nThis link expires in 1 hour and can be used once. If you did not ask for it, you can ignore this email: your password stays the same.\n\n${SIGN_OFF}`,
  },
  account_exists: {
    key: 'account_exists',
    group: 'account',
    name: 'Account Already Exists (registration attempt)',
    variables: ['signInLink', 'resetLink'],
    linkVariables: ['signInLink', 'resetLink'],
    button: { label: 'Log in', link: 'signInLink' },
    sample: { signInLink: 'https://example.com.au/plumber-referral', resetLink: 'https://example.com.au/plumber-referral?forgot=1' },
    subject: 'You already have an account',
    body: `Hello,\n\nSomeone tried to create a ${COMPANY.name} account with this email address, but you already have one.\n\nLog in here:\n{signInLink}\n\nForgot your password? Reset it here:\n{resetLink}\n\nIf this was not you, you can ignore this email.\n\n${SIGN_OFF}`,
  },
  user_invite: {
    key: 'user_invite',
    group: 'account',
    name: 'User Invitation',
    variables: ['roleLabel', 'inviteLink'],
    linkVariables: ['inviteLink'],
    button: { label: 'Set your password', link: 'inviteLink' },
    sample: { roleLabel: 'Admin', inviteLink: 'https://example.com.au/reset-password?token=sample&invite=1' },
    subject: `You're invited to ${COMPANY.name}`,
    body: `Hello,\n\nYou have been invited to ${COMPANY.name} as {roleLabel}. Set your password to activate your account:\n{inviteLink}\n\nThis link expires in 72 hours.\n\n${SIGN_OFF}`,
  },
  booking_autoresponse: {
    key: 'booking_autoresponse',
    group: 'booking',
    name: 'Booking Received (to the customer)',
    variables: ['customerName', 'preferredDate', 'preferredTime', 'address', 'suburb'],
    linkVariables: [],
    sample: { customerName: 'Alex', preferredDate: 'Tuesday 25 November 2026', preferredTime: '9:00 AM', address: '12 Station Street', suburb: 'Richmond' },
    subject: 'Thanks for your booking request!',
    body: `Hi {customerName},\n\nThank you for your booking request. We have received it, and our team will be in touch shortly to confirm the next steps.\n\nYour requested Clean & View inspection: {preferredDate} at {preferredTime}\nAt: {address}, {suburb}\n\nIf it's urgent, please call us on ${COMPANY.phone}.\n\nKind regards,\nThe ${COMPANY.name} team\n${WEBSITE} · ${COMPANY.email}`,
  },
  appointment_confirmed: {
    key: 'appointment_confirmed',
    group: 'booking',
    name: 'Appointment Confirmed (to the customer)',
    variables: ['customerName', 'date', 'time', 'address', 'technician', 'manageLink', 'googleLink', 'outlookLink'],
    linkVariables: ['manageLink', 'googleLink', 'outlookLink'],
    button: { label: 'View or change your booking', link: 'manageLink' },
    sample: {
      customerName: 'Alex',
      date: 'Tuesday 1 December 2026',
      time: '9:00 AM AWST',
      address: '12 Hay Street, Subiaco WA',
      technician: 'Your technician: Sam',
      manageLink: 'https://example.com.au/booking/sample',
      googleLink: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlookLink: 'https://outlook.live.com/calendar/0/deeplink/compose',
    },
    subject: 'Your Clean & View is confirmed',
    body: `Hi {customerName},\n\nYour Clean & View drain inspection is confirmed.\n\nWhen: {date}, {time} (the time where the work is)\nWhere: {address}\n{technician}\n\nWhat to expect: our technician arrives within the hour you booked, clears the drain with a high-pressure jet and runs a CCTV camera through it. It usually takes about an hour. Please make sure we can reach the drains and the gully or inspection point, and keep pets inside. You will get the inspection report with the footage and our recommendations.\n\nThe invitation attached adds the visit to your calendar, or use:\nGoogle Calendar: {googleLink}\nOutlook: {outlookLink}\n\nNeed another time, or need to cancel? Use your private link:\n{manageLink}\n\nIf you have any questions, call us on ${COMPANY.phone}.\n\n${SIGN_OFF}`,
  },
  appointment_moved: {
    key: 'appointment_moved',
    group: 'booking',
    name: 'Appointment Moved (to the customer)',
    variables: ['customerName', 'date', 'time', 'previous', 'address', 'manageLink', 'googleLink', 'outlookLink'],
    linkVariables: ['manageLink', 'googleLink', 'outlookLink'],
    button: { label: 'View or change your booking', link: 'manageLink' },
    sample: {
      customerName: 'Alex',
      date: 'Wednesday 2 December 2026',
      time: '11:00 AM AWST',
      previous: 'Tuesday 1 December 2026, 9:00 AM AWST',
      address: '12 Hay Street, Subiaco WA',
      manageLink: 'https://example.com.au/booking/sample',
      googleLink: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlookLink: 'https://outlook.live.com/calendar/0/deeplink/compose',
    },
    subject: 'Your Clean & View has a new time',
    body: `Hi {customerName},\n\nYour Clean & View drain inspection has moved.\n\nNew time: {date}, {time} (the time where the work is)\nWas: {previous}\nWhere: {address}\n\nThe invitation attached updates your calendar, or use:\nGoogle Calendar: {googleLink}\nOutlook: {outlookLink}\n\nNeed another time, or need to cancel? Use your private link:\n{manageLink}\n\nIf you have any questions, call us on ${COMPANY.phone}.\n\n${SIGN_OFF}`,
  },
  appointment_cancelled: {
    key: 'appointment_cancelled',
    group: 'booking',
    name: 'Appointment Cancelled (to the customer)',
    variables: ['customerName', 'date', 'time', 'address', 'reason'],
    linkVariables: [],
    sample: { customerName: 'Alex', date: 'Tuesday 1 December 2026', time: '9:00 AM AWST', address: '12 Hay Street, Subiaco WA', reason: 'Plumber fixed it' },
    subject: 'Your Clean & View has been cancelled',
    body: `Hi {customerName},\n\nYour Clean & View drain inspection on {date} at {time}, at {address}, has been cancelled.\n\nReason: {reason}\n\nThe invitation attached takes it out of your calendar. Whenever you need us, book again on our website or call us on ${COMPANY.phone}.\n\n${SIGN_OFF}`,
  },
  appointment_reminder: {
    key: 'appointment_reminder',
    group: 'booking',
    name: 'Appointment Reminder (the day before, to the customer)',
    variables: ['customerName', 'date', 'time', 'address', 'manageLink'],
    linkVariables: ['manageLink'],
    button: { label: 'View or change your booking', link: 'manageLink' },
    sample: {
      customerName: 'Alex',
      date: 'Tuesday 1 December 2026',
      time: '9:00 AM AWST',
      address: '12 Hay Street, Subiaco WA',
      manageLink: 'https://example.com.au/booking/sample',
    },
    subject: 'Reminder: your Clean & View is tomorrow at {time}',
    body: `Hi {customerName},\n\nA reminder that our technician is coming tomorrow for your Clean & View drain inspection.\n\nWhen: {date}, {time}\nWhere: {address}\n\nPlease make sure we can reach the drains and keep pets inside. If something has come up, call us on ${COMPANY.phone} or see your booking:\n{manageLink}\n\n${SIGN_OFF}`,
  },
  appointment_changed_notice: {
    key: 'appointment_changed_notice',
    group: 'booking',
    name: 'Appointment Changed by the Customer (to the company)',
    variables: ['customerName', 'suburb', 'change', 'bookingLink'],
    linkVariables: ['bookingLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'bookingLink' },
    sample: {
      customerName: 'Alex Citizen',
      suburb: 'Subiaco',
      change: 'Moved from Tuesday 1 December 2026, 9:00 AM AWST to Wednesday 2 December 2026, 11:00 AM AWST.',
      bookingLink: 'https://example.com.au/admin/bookings',
    },
    subject: 'Appointment changed by the customer: {customerName}, {suburb}',
    body: `{customerName} ({suburb}) changed their Clean & View through their booking link.\n\n{change}\n\nOpen the booking: {bookingLink}`,
  },
  quote_accepted_notice: {
    key: 'quote_accepted_notice',
    group: 'quote',
    name: 'Quote Accepted by the Customer (to the company)',
    variables: ['jobId', 'fullName', 'details', 'customerName', 'address', 'acceptedAt', 'mediaConsent', 'jobLink'],
    linkVariables: ['jobLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'jobLink' },
    sample: {
      jobId: 'JOB-1001',
      fullName: 'Alex Citizen',
      details: `version 2, ${totalWithGst(495_000)}`,
      customerName: 'Alex Citizen',
      address: '12 Smith St, Parramatta NSW 2150',
      acceptedAt: 'Thursday 26 November 2026, 9:41 am AEDT',
      mediaConsent: 'Yes: the before and after photos may be used on the website.',
      jobLink: 'https://example.com.au/admin/job-tracking/8d6f2c4e-0000-4000-8000-000000000001/show/quote',
    },
    subject: 'Quote accepted: {jobId} by {fullName}',
    body: `Quote accepted: {jobId} by {fullName} ({details}).\n\nAccepted on: {acceptedAt}\nCustomer: {customerName}\nAddress: {address}\nPhotos on the website: {mediaConsent}\n\nThe job is now Quote Accepted: schedule the reline.\n\nOpen the job: {jobLink}`,
  },
  quote_declined_notice: {
    key: 'quote_declined_notice',
    group: 'quote',
    name: 'Quote Declined by the Customer (to the company)',
    variables: ['jobId', 'customerName', 'details', 'reason', 'declinedAt', 'jobLink'],
    linkVariables: ['jobLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'jobLink' },
    sample: {
      jobId: 'JOB-1001',
      customerName: 'Alex Citizen',
      details: `version 2, ${totalWithGst(495_000)}`,
      reason: 'We are getting another quote first.',
      declinedAt: 'Thursday 26 November 2026, 9:41 am AEDT',
      jobLink: 'https://example.com.au/admin/job-tracking/8d6f2c4e-0000-4000-8000-000000000001/show/quote',
    },
    subject: 'Quote declined: {jobId} by {customerName}',
    body: `{customerName} declined the quote for {jobId} ({details}) on {declinedAt}.\n\nTheir reason:\n{reason}\n\nOpen the job: {jobLink}`,
  },
  booking_notice: {
    key: 'booking_notice',
    group: 'booking',
    name: 'New Booking (to the company)',
    variables: [
      'customerName',
      'email',
      'phone',
      'address',
      'suburb',
      'state',
      'postcode',
      'preferredDate',
      'preferredTime',
      'howHeard',
      'message',
      'receivedAt',
      'bookingsLink',
    ],
    linkVariables: ['bookingsLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'bookingsLink' },
    sample: {
      customerName: 'Alex Citizen',
      email: 'alex@example.com.au',
      phone: '0400 123 456',
      address: '12 Station Street',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      preferredDate: 'Tuesday 25 November 2026',
      preferredTime: '9:00 AM',
      howHeard: 'Google Search',
      message: 'Blocked drain in the back yard',
      receivedAt: 'Saturday 21 November 2026, 9:41 am AEDT',
      bookingsLink: 'https://example.com.au/admin/bookings',
    },
    subject: 'New Booking Request: {customerName}, {suburb}',
    body: `A new Clean & View booking request was received on {receivedAt}.\n\nName: {customerName}\nEmail: {email}\nPhone: {phone}\nAddress: {address}, {suburb} {state} {postcode}\nPreferred date: {preferredDate}\nPreferred time: {preferredTime}\nHow they heard about us: {howHeard}\n\nJob description:\n{message}\n\nOpen the booking requests: {bookingsLink}`,
  },
  enquiry_notice: {
    key: 'enquiry_notice',
    group: 'enquiry',
    name: 'New Enquiry (to the company)',
    variables: ['kindLabel', 'contactPerson', 'organisation', 'email', 'phone', 'details', 'receivedAt', 'enquiriesLink'],
    linkVariables: ['enquiriesLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'enquiriesLink' },
    sample: {
      kindLabel: 'Project enquiry',
      contactPerson: 'Jordan Lee',
      organisation: 'City of Example',
      email: 'jordan.lee@example.gov.au',
      phone: '03 9000 0000',
      details: 'Site address: 1 Civic Drive\nIssue: Tree Root Intrusion\nTiming: Planned Maintenance',
      receivedAt: 'Saturday 21 November 2026, 9:41 am AEDT',
      enquiriesLink: 'https://example.com.au/admin/enquiries',
    },
    subject: 'New {kindLabel}: {organisation}',
    body: `A new {kindLabel} was received on {receivedAt}.\n\nContact: {contactPerson}\nOrganisation: {organisation}\nEmail: {email}\nPhone: {phone}\n\n{details}\n\nOpen the enquiries: {enquiriesLink}`,
  },
  enquiry_acknowledgement: {
    key: 'enquiry_acknowledgement',
    group: 'enquiry',
    name: 'Enquiry Received (to the enquirer)',
    variables: ['contactPerson', 'kindLabel'],
    linkVariables: [],
    sample: { contactPerson: 'Jordan', kindLabel: 'project enquiry' },
    subject: 'We received your enquiry',
    body: `Hi {contactPerson},\n\nThank you for your {kindLabel}. We have received it and a member of our team will be in touch shortly.\n\nIf it's urgent, please call us on ${COMPANY.phone}.\n\nKind regards,\nThe ${COMPANY.name} team\n${WEBSITE} · ${COMPANY.email}`,
  },
  referral_notice: {
    key: 'referral_notice',
    group: 'referral',
    name: 'New Referral (to the company)',
    variables: [
      'refNumber',
      'plumberName',
      'plumberCompany',
      'plumberPhone',
      'plumberEmail',
      'clientName',
      'clientPhone',
      'jobAddress',
      'suburb',
      'urgency',
      'services',
      'contactClient',
      'description',
      'notes',
      'submittedAt',
      'referralsLink',
    ],
    linkVariables: ['referralsLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'referralsLink' },
    sample: {
      refNumber: 'R-000123',
      plumberName: 'Sam Taylor',
      plumberCompany: 'Taylor Plumbing',
      plumberPhone: '+61 400 123 456',
      plumberEmail: 'sam@taylorplumbing.com.au',
      clientName: 'Chris Client',
      clientPhone: '0400 999 000',
      jobAddress: '4 Elm Street',
      suburb: 'Toowong',
      urgency: 'Within 2-3 days',
      services: 'Clean & View',
      contactClient: 'Yes',
      description: 'Recurring blockage in the sewer line',
      notes: 'Side gate code 1234',
      submittedAt: 'Saturday 21 November 2026, 9:41 am AEDT',
      referralsLink: 'https://example.com.au/admin/dashboard',
    },
    subject: 'New Referral {refNumber} from {plumberName}',
    body: `A new referral was submitted on {submittedAt}.\n\nRef ID: {refNumber}\nPlumber: {plumberName}, {plumberCompany}\nPlumber phone: {plumberPhone}\nPlumber email: {plumberEmail}\n\nClient: {clientName}\nClient phone: {clientPhone}\nJob address: {jobAddress}, {suburb}\nUrgency: {urgency}\nService types: {services}\nPermission to contact client: {contactClient}\n\nIssue:\n{description}\n\nNotes:\n{notes}\n\nOpen the referrals: {referralsLink}`,
  },
  referral_acknowledgement: {
    key: 'referral_acknowledgement',
    group: 'referral',
    name: 'Referral Received (to the plumber)',
    variables: ['plumberName', 'refNumber', 'clientName', 'suburb', 'dashboardLink'],
    linkVariables: ['dashboardLink'],
    button: { label: 'Open your dashboard', link: 'dashboardLink' },
    sample: {
      plumberName: 'Sam',
      refNumber: 'R-000123',
      clientName: 'Chris Client',
      suburb: 'Toowong',
      dashboardLink: 'https://example.com.au/plumber-dashboard',
    },
    subject: 'Thanks for your referral {refNumber}',
    body: `Hi {plumberName},\n\nThank you for referring {clientName} in {suburb}. Your referral {refNumber} is with our team, and we will contact the client within ${CLIENT_CONTACT_TIME}.\n\nYou earn ${FEES.cleanView} when the Clean & View is completed and ${FEES.reline} more if the job becomes a reline. Follow its status and your rebates in your dashboard:\n{dashboardLink}\n\n${SIGN_OFF}`,
  },
  plumber_message: {
    key: 'plumber_message',
    group: 'referral',
    name: 'Message to a Plumber (from the console)',
    variables: ['subject', 'plumberName', 'refNumber', 'message'],
    linkVariables: [],
    sample: {
      subject: 'About your referral R-000123',
      plumberName: 'Sam',
      refNumber: 'R-000123',
      message: 'We have booked the Clean & View for next Tuesday.',
    },
    subject: '{subject}',
    body: `Hi {plumberName},\n\n{message}\n\nReferral: {refNumber}\n\n${SIGN_OFF}`,
  },
  referral_status_changed: {
    key: 'referral_status_changed',
    group: 'referral',
    name: 'Referral Update (to the plumber)',
    variables: ['plumberName', 'refNumber', 'clientName', 'change', 'rebateEffect', 'dashboardLink'],
    linkVariables: ['dashboardLink'],
    button: { label: 'Open your dashboard', link: 'dashboardLink' },
    sample: {
      plumberName: 'Sam',
      refNumber: 'R-000123',
      clientName: 'Chris Client',
      change: 'Status: Clean & View Completed (was Referred).',
      rebateEffect: `Your Clean & View rebate of ${FEES.cleanView} has been earned. It is due to be paid by Friday 11 December 2026.`,
      dashboardLink: 'https://example.com.au/plumber-dashboard',
    },
    subject: 'Update on your referral {refNumber}',
    body: `Hi {plumberName},\n\nThere is news about your referral {refNumber} ({clientName}).\n\n{change}\n\n{rebateEffect}\n\nSee all your referrals and rebates in your dashboard:\n{dashboardLink}\n\n${SIGN_OFF}`,
  },
  rebates_due_digest: {
    key: 'rebates_due_digest',
    group: 'referral',
    name: 'Rebates Due (daily, to staff)',
    variables: ['date', 'count', 'total', 'list', 'referralsLink'],
    linkVariables: ['referralsLink'],
    button: { label: CONSOLE_BUTTON_LABEL, link: 'referralsLink' },
    sample: {
      date: 'Saturday 21 November 2026',
      count: '2',
      total: FEES.max,
      list: `R-000123 · Sam Taylor · C&V ${FEES.cleanView} · due Monday 23 November 2026\nR-000117 · Jo Lee · Reline ${FEES.reline} · OVERDUE since Wednesday 18 November 2026`,
      referralsLink: 'https://example.com.au/admin/dashboard',
    },
    subject: 'Rebates due: {count} payments ({total})',
    body: `Rebate payments falling due in the next 3 days or overdue, as of {date}:\n\n{list}\n\nTotal: {total}\n\nOpen the referrals: {referralsLink}`,
  },
  bank_details_changed: {
    key: 'bank_details_changed',
    group: 'account',
    name: 'Bank Details Changed (to the plumber)',
    variables: ['firstName', 'changedAt', 'bankDetails', 'heldUntil'],
    linkVariables: [],
    sample: {
      firstName: 'Sam',
      changedAt: 'Thursday 26 November 2026, 9:41 am AEDT',
      bankDetails: 'BSB 062-***, account ****678',
      heldUntil: 'Saturday 28 November 2026, 9:41 am AEDT',
    },
    subject: 'Your bank details were changed',
    body: `Hi {firstName},\n\nYour bank details were changed — if this wasn't you, call us on ${COMPANY.phone}.\n\nChanged on: {changedAt}\nNew details: {bankDetails}\n\nTo keep your rebates safe, we hold payments to you for ${BANK_CHANGE_HOLD_HOURS} hours after a change: nothing will be paid to the new account before {heldUntil}.\n\n${SIGN_OFF}`,
  },
  payout_remittance: {
    key: 'payout_remittance',
    group: 'referral',
    name: 'Remittance Advice (to the plumber, with the RCTI)',
    variables: ['plumberName', 'rctiNumber', 'paidOn', 'amount', 'payment', 'referrals', 'dashboardLink'],
    linkVariables: ['dashboardLink'],
    button: { label: 'Open your dashboard', link: 'dashboardLink' },
    sample: {
      plumberName: 'Sam',
      rctiNumber: 'RCTI-000123',
      paidOn: 'Thursday 26 November 2026',
      amount: `${FEES.max} (GST included: ${formatCents(Math.round(48_000 / 11))})`,
      payment: 'Direct deposit to BSB 062-***, account ****678',
      referrals: `R-000123 · Clean & View · ${FEES.cleanView}\nR-000123 · Reline · ${FEES.reline}`,
      dashboardLink: 'https://example.com.au/plumber-dashboard',
    },
    subject: 'Remittance advice {rctiNumber}: {amount}',
    body: `Hi {plumberName},\n\nWe have paid your referral rebates.\n\nPaid on: {paidOn}\nAmount: {amount}\nPaid by: {payment}\n\nReferrals covered:\n{referrals}\n\nYour recipient-created tax invoice {rctiNumber} is attached. Keep it for your records: under our RCTI agreement you do not issue us a tax invoice for these referrals.\n\nSee all your payments in your dashboard:\n{dashboardLink}\n\n${SIGN_OFF}`,
  },
  review_request: {
    key: 'review_request',
    group: 'booking',
    name: 'Review Request (to the customer, after a completed job)',
    variables: ['customerName', 'jobId', 'reviewLink'],
    linkVariables: ['reviewLink'],
    button: { label: 'Leave a review', link: 'reviewLink' },
    sample: {
      customerName: 'Alex Citizen',
      jobId: 'JOB-1001',
      reviewLink: 'https://example.com.au/review/sample-review-link',
    },
    subject: 'How did we do, {customerName}?',
    body: `Hi {customerName},\n\nThank you for choosing ${COMPANY.name} for job {jobId}. We hope everything is flowing well.\n\nWould you tell other home owners how we did? It takes a minute: choose from 1 to 5 stars and, if you like, say a few words. We publish reviews only with your permission, with your first name and suburb as you choose them.\n\n{reviewLink}\n\nThe link is yours alone and works once.\n\n${SIGN_OFF}`,
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateKey = keyof typeof TEMPLATE_CATALOGUE;

/**
 * The values an e-mail of template `K` needs: exactly its declared variables, each a string. Queueing
 * a template without one of them (or with one it does not declare) fails to compile.
 */
export type TemplateVariables<K extends TemplateKey> = { readonly [V in (typeof TEMPLATE_CATALOGUE)[K]['variables'][number]]: string };

export const TEMPLATE_KEYS = Object.keys(TEMPLATE_CATALOGUE) as TemplateKey[];

/** The host the catalogue's sample links are written with; previews and test e-mails use this server's. */
export const SAMPLE_ORIGIN = 'https://example.com.au';

/**
 * A template's sample values with every sample link moved to `publicBaseUrl` (PUBLIC_BASE_URL), so a
 * test e-mail's 'View Your Job Status' and tracking link lead to this product, not a made-up host.
 */
export function sampleValues(definition: TemplateDefinition, publicBaseUrl: string): Record<string, string> {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return Object.fromEntries(
    Object.entries(definition.sample).map(([name, value]) => [name, value.startsWith(`${SAMPLE_ORIGIN}/`) ? base + value.slice(SAMPLE_ORIGIN.length) : value]),
  );
}

/**
 * The template's own call to action for these values: its label and the link variable's value, or
 * none when the template has no button or the value is not a web address.
 */
export function defaultButton(definition: TemplateDefinition, variables: Readonly<Record<string, string>>): { label: string; url: string } | undefined {
  if (!definition.button) return undefined;
  const url = variables[definition.button.link];
  return url !== undefined && /^https?:\/\//i.test(url) ? { label: definition.button.label, url } : undefined;
}

export function isTemplateKey(value: string): value is TemplateKey {
  return Object.hasOwn(TEMPLATE_CATALOGUE, value);
}
