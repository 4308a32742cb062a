import { AppointmentRow } from './modules/appointments/appointment.entity.js';
import { ReviewRow } from './modules/reviews/review.entity.js';
import { Booking } from './modules/bookings/booking.entity.js';
import { Enquiry } from './modules/enquiries/enquiry.entity.js';
import { MediaImage } from './modules/media/media-image.entity.js';
import { Job } from './modules/jobs/job.entity.js';
import { Notification } from './modules/notifications/notification.entity.js';
import { PayoutRunRow } from './modules/payouts/payout-run.entity.js';
import { AuditEntryEntity } from './modules/audit/audit-entry.entity.js';
import { RebateEntryRow } from './modules/rebates/rebate-entry.entity.js';
import { SavedViewRow } from './modules/saved-views/saved-view.entity.js';
import { Referral } from './modules/referrals/referral.entity.js';
import { ReferralReview } from './modules/referrals/referral-review.entity.js';
import { EmailTemplate } from './modules/templates/email-template.entity.js';
import { Profile } from './modules/users/profile.entity.js';
import { User } from './modules/users/user.entity.js';
import { UserRole } from './modules/users/user-role.entity.js';

/** Every entity, listed explicitly (no globs) so one options object serves the app, Jest and the CLI. */
export const entities = [
  EmailTemplate,
  Notification,
  User,
  Profile,
  UserRole,
  Job,
  Booking,
  Enquiry,
  Referral,
  ReferralReview,
  RebateEntryRow,
  PayoutRunRow,
  AuditEntryEntity,
  MediaImage,
  AppointmentRow,
  ReviewRow,
  SavedViewRow,
];
