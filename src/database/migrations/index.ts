import { Foundation1763700000000 } from './1763700000000-foundation.js';
import { Accounts1763800000000 } from './1763800000000-accounts.js';
import { JobTracking1763900000000 } from './1763900000000-job-tracking.js';
import { BookingsEnquiriesLocalities1764000000000 } from './1764000000000-bookings-enquiries-localities.js';
import { Referrals1764100000000 } from './1764100000000-referrals.js';
import { ReferralRefNumberWidth1764200000000 } from './1764200000000-referral-ref-number-width.js';
import { ListIndexesAndTotals1764300000000 } from './1764300000000-list-indexes-and-totals.js';
import { NotificationClaimant1764400000000 } from './1764400000000-notification-claimant.js';
import { AccountLinksMintedAtDelivery1764510000000 } from './1764510000000-account-links-minted-at-delivery.js';
import { PlaceStatePostcode1764512000000 } from './1764512000000-place-state-postcode.js';
import { ArchivedJobsAndEnquiries1764520000000 } from './1764520000000-archived-jobs-and-enquiries.js';
import { ReferralClaims1764530000000 } from './1764530000000-referral-claims.js';
import { TemplatesFollowTheirDefault1764545000000 } from './1764545000000-templates-follow-their-default.js';
import { TableVersions1764600000000 } from './1764600000000-table-versions.js';
import { MediaLibrary1764700000000 } from './1764700000000-media-library.js';
import { ConnectedPipeline1764800000000 } from './1764800000000-connected-pipeline.js';
import { NotificationAttachments1764900000000 } from './1764900000000-notification-attachments.js';
import { BookingSlots1764910000000 } from './1764910000000-booking-slots.js';
import { Appointments1764920000000 } from './1764920000000-appointments.js';
import { ReportsAndQuotes1765000000000 } from './1765000000000-reports-and-quotes.js';
import { Payouts1765100000000 } from './1765100000000-payouts.js';
import { RebateTotalsPerStatement1765200000000 } from './1765200000000-rebate-totals-per-statement.js';
import { AuditLog1765300000000 } from './1765300000000-audit-log.js';
import { Reviews1765400000000 } from './1765400000000-reviews.js';
import { EmailPreferences1765410000000 } from './1765410000000-email-preferences.js';

/** Every migration, in order. Listed explicitly so the app, the tests and the CLI share one list. */
export const migrations = [Foundation1763700000000, Accounts1763800000000, JobTracking1763900000000, BookingsEnquiriesLocalities1764000000000, Referrals1764100000000, ReferralRefNumberWidth1764200000000, ListIndexesAndTotals1764300000000, NotificationClaimant1764400000000, AccountLinksMintedAtDelivery1764510000000, PlaceStatePostcode1764512000000, ArchivedJobsAndEnquiries1764520000000, ReferralClaims1764530000000, TemplatesFollowTheirDefault1764545000000, TableVersions1764600000000, MediaLibrary1764700000000, ConnectedPipeline1764800000000, NotificationAttachments1764900000000, BookingSlots1764910000000, Appointments1764920000000, ReportsAndQuotes1765000000000, Payouts1765100000000, RebateTotalsPerStatement1765200000000, AuditLog1765300000000, Reviews1765400000000, EmailPreferences1765410000000];
