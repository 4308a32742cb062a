import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { linkTokenHash } from '../../src/modules/appointments/booking-links.service.js';
import { reviewTokenHash } from '../../src/modules/reviews/review.rules.js';
import { nextFreeSlots } from '../support/booking-slots.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { plainPhoto } from '../support/image-fixtures.js';
import { discoverRoutes, type DiscoveredRoute } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The authorization matrix: every route of the router × {anonymous, plumber A, plumber B, admin} ×
 * {own record, another's record, missing record} where the route names a record, with the status each
 * must answer. A new route without an entry here fails the test.
 */

type Actor = 'anonymous' | 'plumberA' | 'plumberB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'plumberA', 'plumberB', 'admin'];

/** Who may call a route: everyone, every signed-in user (own account only), plumbers (own records) or admins. */
type Access = 'public' | 'every-role' | 'plumber' | 'admin';

/**
 * What the `:id` of a route names. Plumber-owned records have an owner: `own` is the caller's, `other`
 * the other plumber's. Staff records have none: `own` is an existing record, and there is no `other`.
 */
type RecordKind =
  | 'referral'
  | 'referral-photo'
  | 'booking'
  | 'enquiry'
  | 'job'
  | 'notification'
  | 'user'
  | 'template'
  | 'tracking-code'
  | 'media'
  | 'media-file'
  | 'slot'
  | 'rebate'
  | 'rebate-void'
  | 'review'
  | 'appointment'
  | 'booking-link'
  | 'calendar-feed'
  | 'unsubscribe-token'
  | 'email-suppression'
  | 'email-consent'
  | 'job-photo'
  | 'job-photo-file'
  | 'tracking-photo'
  | 'payout-run'
  | 'payout-rcti'
  | 'payout'
  | 'saved-view'
  | 'saved-view-spare'
  | 'customer-review'
  | 'review-link'
  | 'review-link-used';
type Target = 'own' | 'other' | 'missing' | 'none';
const OWNED: RecordKind[] = ['referral', 'referral-photo'];

interface Fixtures {
  actors: Record<Actor, SignedIn | undefined>;
  ids: Record<Exclude<Actor, 'anonymous'>, string>;
  referral: Record<'plumberA' | 'plumberB', { id: string; photoId: string }>;
  booking: string;
  enquiry: string;
  job: { id: string; trackingCode: string };
  /** The job's photos: one its published report shows (its files served), one spare for the delete route. */
  jobPhoto: string;
  spareJobPhoto: string;
  notification: string;
  /** A user the admin may edit without ending anyone's session in the matrix. */
  editableUser: string;
  /** A media-library photo staff edit, archive and restore; and one that stays published (its files are public). */
  media: string;
  mediaFile: string;
  /** A ledger entry (plumber A's earned Clean & View) and a review (a booking's unknown referral code). */
  rebate: string;
  voidRebate: string;
  review: string;
  /** A cancelled appointment (so the matrix's moves and cancellations change nothing), its private link's token, another admin's feed file. */
  appointment: string;
  bookingLink: string;
  calendarFeedFile: string;
  /** An address's unsubscribe token (what marketing e-mails print). */
  unsubscribeToken: string;
  emailSuppression: string;
  emailConsent: string;
  /** A cancelled payout run: every action on it is refused after the access check, nothing changes. */
  payoutRun: string;
  /** The admin's saved views: one the matrix reads and renames, a spare one it deletes. */
  savedView: string;
  spareSavedView: string;
  /** A customer's review written without consent to publish (publishing it is refused), its used link, and an unused link. */
  customerReview: string;
  reviewLink: string;
  usedReviewLink: string;
}

interface Call {
  fixtures: Fixtures;
  actor: Actor;
}

interface Entry {
  access: Access;
  record?: RecordKind;
  /** Status for a caller who may use the route on an existing record (or on the route itself). */
  ok: number;
  /** Public routes: what every caller gets for a missing record (default 404). */
  body?: (call: Call) => object;
  query?: Record<string, string>;
  /** Multipart upload instead of a JSON body: referral photos, or a media-library photo with its alt text. */
  upload?: true | 'media';
}

const ALL_TARGETS: Target[] = ['own', 'other', 'missing'];

function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

const REFERRAL = {
  clientName: 'Casey Client',
  jobAddress: '9 Matrix Road',
  suburb: 'Toowong',
  clientPhone: '0400 555 666',
  urgency: 'medium',
  description: 'Slow drain',
  serviceTypes: { cleanView: true, reline: false },
};

/** A real 1×1 PNG. */
/** A 32×24 photo for the media library (published at its own width: /media/{id}/32.jpg). */
const PHOTO = plainPhoto('png', 32, 24);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The fixture job's report: one section whose observation shows `photoId`. */
const matrixReport = (photoId: string) => ({
  summary: 'Roots in the clay line.',
  sections: [
    {
      from: 'Boundary trap',
      to: 'Kitchen junction',
      material: 'vitrified_clay',
      diameterMm: 100,
      lengthM: 10,
      observations: [{ distanceM: 2, code: 'root_intrusion', photoIds: [photoId] }],
      structuralGrade: 3,
      serviceGrade: 3,
      recommendation: { kind: 'reline', metres: 10 },
    },
  ],
});

const MATRIX: Record<string, Entry> = {
  // Public: the same answer for every caller, signed in or not (empty bodies prove the route is reached).
  'GET /api/health': { access: 'public', ok: 200 },
  'GET /api/addresses/suggest': { access: 'public', ok: 200, query: { q: 'Richmond' } },
  'GET /api/availability': { access: 'public', ok: 200, query: { suburb: 'Richmond VIC 3121' } },
  'GET /api/job-status/:code': { access: 'public', record: 'tracking-code', ok: 200 },
  // The job's private part: refused (403) until this browser unlocks it. A wrong postcode: one wrong try per caller (four, under the five an hour).
  'POST /api/job-status/:code/unlock': { access: 'public', record: 'tracking-code', ok: 400, body: () => ({ postcode: '0000' }) },
  'GET /api/job-status/:code/quote': { access: 'public', record: 'tracking-code', ok: 403 },
  'POST /api/job-status/:code/quote/accept': {
    access: 'public',
    record: 'tracking-code',
    ok: 403,
    body: () => ({ fullName: 'Morgan Matrix', agree: true, version: 1 }),
  },
  'POST /api/job-status/:code/quote/decline': { access: 'public', record: 'tracking-code', ok: 403, body: () => ({}) },
  'GET /api/job-status/:code/report': { access: 'public', record: 'tracking-code', ok: 403 },
  'GET /api/job-status/:code/report.pdf': { access: 'public', record: 'tracking-code', ok: 403 },
  'GET /api/job-status/:code/photos/:photoId/:file': { access: 'public', record: 'tracking-photo', ok: 403 },
  'GET /api/booking/:token': { access: 'public', record: 'booking-link', ok: 200 },
  'GET /api/booking/:token/availability': { access: 'public', record: 'booking-link', ok: 200 },
  'POST /api/booking/:token/move': { access: 'public', record: 'booking-link', ok: 409, body: () => ({ date: '2030-01-08', time: '9:00 AM' }) },
  'POST /api/booking/:token/cancel': { access: 'public', record: 'booking-link', ok: 409, body: () => ({ reason: 'Checked by the matrix' }) },
  'GET /api/calendar/:file': { access: 'public', record: 'calendar-feed', ok: 200 },
  'POST /api/auth/register': { access: 'public', ok: 400, body: () => ({}) },
  'POST /api/auth/verify-email': { access: 'public', ok: 400, body: () => ({ token: 'not-a-token' }) },
  'POST /api/auth/login': { access: 'public', ok: 401, body: () => ({ email: 'nobody@example.com.au', password: 'not the password' }) },
  'POST /api/auth/refresh': { access: 'public', ok: 401, body: () => ({}) }, // no refresh cookie: nothing to refresh
  'POST /api/auth/logout': { access: 'public', ok: 204, body: () => ({}) },
  'POST /api/auth/forgot-password': { access: 'public', ok: 202, body: () => ({ email: 'nobody@example.com.au' }) },
  'POST /api/auth/reset-password': { access: 'public', ok: 400, body: () => ({ token: 'not-a-token', password: 'a long enough new password' }) },
  'POST /api/auth/admin/register': { access: 'public', ok: 403, body: () => ({}) },
  'POST /api/bookings': { access: 'public', ok: 400, body: () => ({}) },
  'POST /api/enquiries': { access: 'public', ok: 400, body: () => ({ kind: 'corporate' }) },
  'POST /api/referrals/quick': { access: 'public', ok: 400, body: () => ({}) },
  'GET /api/reviews/:token': { access: 'public', record: 'review-link', ok: 200 },
  // On a used link: refused after the look-up (an unknown one is 404), nothing stored.
  'POST /api/reviews/:token': { access: 'public', record: 'review-link-used', ok: 410, body: () => ({ rating: 5, firstName: 'Morgan', consent: true }) },

  // Every signed-in user, own account only.
  'GET /api/auth/me': { access: 'every-role', ok: 200 },
  'GET /api/me/profile': { access: 'every-role', ok: 200 },
  'PUT /api/me/profile': { access: 'every-role', ok: 200, body: () => ({ businessName: 'Test Plumbing' }) },

  // Plumbers, own records only.
  'GET /api/me/referrals': { access: 'plumber', ok: 200 },
  'POST /api/me/referrals': { access: 'plumber', ok: 201, body: () => REFERRAL },
  'GET /api/me/rebates/summary': { access: 'plumber', ok: 200 },
  'GET /api/me/rebates': { access: 'plumber', ok: 200 },
  'GET /api/me/referral-link': { access: 'plumber', ok: 200 },
  'GET /api/me/payment-details': { access: 'plumber', ok: 200 },
  'PUT /api/me/payment-details': { access: 'plumber', ok: 200, body: () => ({ gstRegistered: false }) },
  'GET /api/me/rcti-agreement': { access: 'plumber', ok: 200 },
  'POST /api/me/rcti-agreement': { access: 'plumber', ok: 200 },
  'GET /api/me/payouts': { access: 'plumber', ok: 200 },
  // Only the plumber's own payouts: anyone else's (and a missing one) is not found.
  'GET /api/me/payouts/:id/rcti.pdf': { access: 'plumber', record: 'payout', ok: 404 },
  'GET /api/me/unclaimed-referrals': { access: 'plumber', ok: 200 },
  // An id that waits for nobody: reached (and refused as a whole) only by a plumber.
  'POST /api/me/unclaimed-referrals/claim': { access: 'plumber', ok: 404, body: () => ({ ids: [randomUUID()] }) },
  'POST /api/me/unclaimed-referrals/decline': { access: 'plumber', ok: 404, body: () => ({ ids: [randomUUID()] }) },
  'GET /api/me/referrals/:id': { access: 'plumber', record: 'referral', ok: 200 },
  'POST /api/me/referrals/:id/photos': { access: 'plumber', record: 'referral', ok: 201, upload: true },
  'GET /api/me/referrals/:id/photos/:photoId': { access: 'plumber', record: 'referral-photo', ok: 200 },

  // Staff.
  'GET /api/admin/bookings': { access: 'admin', ok: 200 },
  'GET /api/admin/bookings/stats': { access: 'admin', ok: 200 },
  'GET /api/admin/bookings/export.csv': { access: 'admin', ok: 200 },
  // An id that names no booking: reached (and refused as a whole, nothing changed) only by staff.
  'POST /api/admin/bookings/bulk-status': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()], status: 'contacted' }) },
  'GET /api/admin/bookings/:id': { access: 'admin', record: 'booking', ok: 200 },
  'PUT /api/admin/bookings/:id': { access: 'admin', record: 'booking', ok: 200, body: () => ({ status: 'contacted' }) },
  'GET /api/admin/enquiries': { access: 'admin', ok: 200 },
  'GET /api/admin/enquiries/export.csv': { access: 'admin', ok: 200 },
  'GET /api/admin/enquiries/:id': { access: 'admin', record: 'enquiry', ok: 200 },
  'PUT /api/admin/enquiries/:id': { access: 'admin', record: 'enquiry', ok: 200, body: () => ({ status: 'contacted' }) },
  'POST /api/admin/enquiries/:id/archive': { access: 'admin', record: 'enquiry', ok: 200 },
  'POST /api/admin/enquiries/:id/restore': { access: 'admin', record: 'enquiry', ok: 200 },
  'GET /api/admin/jobs': { access: 'admin', ok: 200 },
  'GET /api/admin/jobs/export.csv': { access: 'admin', ok: 200 },
  'POST /api/admin/jobs/bulk-status': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()], status: 'inspected', notify: false }) },
  'GET /api/admin/jobs/:id/timeline': { access: 'admin', record: 'job', ok: 200 },
  'POST /api/admin/jobs': {
    access: 'admin',
    ok: 201,
    body: () => ({ jobNumber: `JOB-M${uniqueSuffix()}`, customerName: 'Morgan Matrix', customerEmail: 'morgan@example.com.au' }),
  },
  'GET /api/admin/jobs/:id': { access: 'admin', record: 'job', ok: 200 },
  'PUT /api/admin/jobs/:id': { access: 'admin', record: 'job', ok: 200, body: () => ({ customerName: 'Morgan Matrix' }) },
  'POST /api/admin/jobs/:id/archive': { access: 'admin', record: 'job', ok: 200 },
  'POST /api/admin/jobs/:id/restore': { access: 'admin', record: 'job', ok: 200 },
  'PUT /api/admin/jobs/:id/status': { access: 'admin', record: 'job', ok: 200, body: () => ({ status: 'inspected' }) },
  'POST /api/admin/jobs/:id/notify': { access: 'admin', record: 'job', ok: 202 },
  'GET /api/admin/jobs/:id/quote': { access: 'admin', record: 'job', ok: 200 },
  // Without lines, publishing nothing, without photos: refused after the access check (404 for a missing job first), nothing changed.
  'PUT /api/admin/jobs/:id/quote': { access: 'admin', record: 'job', ok: 400, body: () => ({}) },
  'POST /api/admin/jobs/:id/quote/publish': { access: 'admin', record: 'job', ok: 400 },
  'POST /api/admin/jobs/:id/before-after': { access: 'admin', record: 'job', ok: 400, body: () => ({}) },
  'GET /api/admin/jobs/:id/report': { access: 'admin', record: 'job', ok: 200 },
  'PUT /api/admin/jobs/:id/report': { access: 'admin', record: 'job', ok: 200, body: ({ fixtures }) => matrixReport(fixtures.jobPhoto) },
  'POST /api/admin/jobs/:id/report/publish': { access: 'admin', record: 'job', ok: 200 },
  'GET /api/admin/jobs/:id/report.pdf': { access: 'admin', record: 'job', ok: 200 },
  'POST /api/admin/jobs/:id/photos': { access: 'admin', record: 'job', ok: 201, upload: true },
  'DELETE /api/admin/jobs/:id/photos/:photoId': { access: 'admin', record: 'job-photo', ok: 204 },
  'GET /api/admin/jobs/:id/photos/:photoId/:file': { access: 'admin', record: 'job-photo-file', ok: 200 },
  'GET /api/admin/notifications': { access: 'admin', ok: 200 },
  'GET /api/admin/notifications/export.csv': { access: 'admin', ok: 200 },
  'GET /api/admin/notifications/:id': { access: 'admin', record: 'notification', ok: 200 },
  'POST /api/admin/notifications/:id/resend': { access: 'admin', record: 'notification', ok: 200 },
  'GET /api/admin/referrals': { access: 'admin', ok: 200 },
  'GET /api/admin/referrals/stats': { access: 'admin', ok: 200 },
  'GET /api/admin/referrals/export.csv': { access: 'admin', ok: 200 },
  // An unknown id: a 404 after the access check, nothing changed.
  'POST /api/admin/referrals/bulk-status': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()], status: 'referred' }) },
  'GET /api/admin/referrals/:id': { access: 'admin', record: 'referral', ok: 200 },
  'PUT /api/admin/referrals/:id': { access: 'admin', record: 'referral', ok: 200, body: () => ({ staffNotes: 'Checked by the matrix' }) },
  // Without a bookingId: a 400 proves the caller reached the route.
  'GET /api/admin/referrals/matches': { access: 'admin', ok: 400 },
  'GET /api/admin/rebates': { access: 'admin', ok: 200 },
  'GET /api/admin/rebates/export.csv': { access: 'admin', ok: 200 },
  'POST /api/admin/rebates/bulk-approve': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()] }) },
  'POST /api/admin/rebates/bulk-void': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()], reason: 'Checked by the matrix' }) },
  'GET /api/admin/rebates/:id': { access: 'admin', record: 'rebate', ok: 200 },
  'POST /api/admin/rebates/:id/approve': { access: 'admin', record: 'rebate', ok: 200 },
  // On a void entry: refused after the access check (paying the matrix's other entry would change what refund answers).
  'POST /api/admin/rebates/:id/pay': { access: 'admin', record: 'rebate-void', ok: 409 },
  // Without a reason (void), or of an entry not paid (refund): refused after the access check, whatever ran before.
  'POST /api/admin/rebates/:id/void': { access: 'admin', record: 'rebate', ok: 400, body: () => ({}) },
  'POST /api/admin/rebates/:id/refund': { access: 'admin', record: 'rebate', ok: 409, body: () => ({ reason: 'Checked by the matrix' }) },
  'GET /api/admin/reviews': { access: 'admin', ok: 200 },
  'GET /api/admin/reviews/:id': { access: 'admin', record: 'customer-review', ok: 200 },
  'PUT /api/admin/reviews/:id': { access: 'admin', record: 'customer-review', ok: 200, body: () => ({ reply: 'Thanks from the matrix' }) },
  // Its author did not consent: refused after the access check (404 for a missing review first).
  'POST /api/admin/reviews/:id/publish': { access: 'admin', record: 'customer-review', ok: 400 },
  'POST /api/admin/reviews/:id/hide': { access: 'admin', record: 'customer-review', ok: 200 },
  'POST /api/admin/reviews/bulk-status': { access: 'admin', ok: 404, body: () => ({ ids: [randomUUID()], status: 'hidden' }) },
  // A JSON body, not the multipart CSV upload: refused after the access check, nothing imported.
  'POST /api/admin/reviews/import': { access: 'admin', ok: 415, body: () => ({}) },
  'GET /api/admin/referral-reviews': { access: 'admin', ok: 200 },
  'GET /api/admin/referral-reviews/:id': { access: 'admin', record: 'review', ok: 200 },
  'POST /api/admin/referral-reviews/:id/resolve': { access: 'admin', record: 'review', ok: 400, body: () => ({}) },
  'POST /api/admin/referrals/:id/email': { access: 'admin', record: 'referral', ok: 202, body: () => ({ subject: 'Hello', message: 'About your referral' }) },
  'GET /api/admin/referrals/:id/photos/:photoId': { access: 'admin', record: 'referral-photo', ok: 200 },
  'GET /api/admin/users': { access: 'admin', ok: 200 },
  'GET /api/admin/users/export.csv': { access: 'admin', ok: 200 },
  'GET /api/admin/users/:id': { access: 'admin', record: 'user', ok: 200 },
  'PUT /api/admin/users/:id': { access: 'admin', record: 'user', ok: 200, body: () => ({ role: 'plumber', disabled: false }) },
  'POST /api/admin/users/invite': { access: 'admin', ok: 202, body: () => ({ email: `invitee-${uniqueSuffix()}@example.com.au`, role: 'plumber' }) },
  'GET /api/admin/console-config': { access: 'admin', ok: 200 },
  'GET /api/admin/email-templates': { access: 'admin', ok: 200 },
  'GET /api/admin/email-templates/:key': { access: 'admin', record: 'template', ok: 200 },
  'PUT /api/admin/email-templates/:key': {
    access: 'admin',
    record: 'template',
    ok: 200,
    body: () => ({ subject: 'Your quote is ready', body: 'Hi {customerName}, your quote for {jobId} is ready. {trackingLink}' }),
  },
  'POST /api/admin/email-templates/:key/preview': { access: 'admin', record: 'template', ok: 200, body: () => ({}) },
  'POST /api/admin/email-templates/:key/test': { access: 'admin', record: 'template', ok: 202 },
  'GET /api/admin/settings/email': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings/email': { access: 'admin', ok: 200, body: () => ({ autoNotify: true }) },
  'GET /api/admin/settings/availability': { access: 'admin', ok: 200 },
  // A Sunday: refused as closed, so the fixture booking is never confirmed (404 for a missing booking first).
  'POST /api/admin/bookings/:id/confirm': { access: 'admin', record: 'booking', ok: 400, body: () => ({ date: '2030-01-06', time: '9:00 AM', notify: false }) },
  'GET /api/admin/appointments': { access: 'admin', ok: 200 },
  'GET /api/admin/appointments/:id': { access: 'admin', record: 'appointment', ok: 200 },
  'POST /api/admin/appointments/:id/reschedule': {
    access: 'admin',
    record: 'appointment',
    ok: 409,
    body: () => ({ date: '2030-01-08', time: '9:00 AM', notify: false }),
  },
  'POST /api/admin/appointments/:id/cancel': { access: 'admin', record: 'appointment', ok: 409, body: () => ({ reason: 'Matrix', notify: false }) },
  'GET /api/admin/calendar-feed': { access: 'admin', ok: 200 },
  'POST /api/admin/calendar-feed': { access: 'admin', ok: 201 },
  'DELETE /api/admin/calendar-feed': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings/availability': { access: 'admin', ok: 200, body: () => ({ cutoff: '14:00' }) },
  'GET /api/admin/settings/price-list': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings/price-list': {
    access: 'admin',
    ok: 200,
    body: () => ({ relinePerMetre: [{ maxDiameterMm: 150, centsPerMetre: 65_000 }], junctionCents: 45_000, accessCents: 35_000 }),
  },
  'GET /api/admin/settings/payouts': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings/payouts': { access: 'admin', ok: 400, body: () => ({}) },
  'GET /api/admin/users/:id/payment-details': { access: 'admin', record: 'user', ok: 200 },
  'PUT /api/admin/users/:id/payment-details': { access: 'admin', record: 'user', ok: 400, body: () => ({}) },
  'GET /api/admin/payout-runs': { access: 'admin', ok: 200 },
  'GET /api/admin/audit': { access: 'admin', ok: 200 },
  'GET /api/admin/audit/export.csv': { access: 'admin', ok: 200 },
  // A literal ':id' names no entry (entries are numbered): the access check comes first.
  'GET /api/admin/audit/:id': { access: 'admin', ok: 404 },
  // Nothing approved is due in the matrix's fixtures: reached, and refused.
  'POST /api/admin/payout-runs': { access: 'admin', ok: 409, body: () => ({ dueBefore: '2026-01-01' }) },
  'GET /api/admin/payout-runs/:id': { access: 'admin', record: 'payout-run', ok: 200 },
  'PUT /api/admin/payout-runs/:id': { access: 'admin', record: 'payout-run', ok: 409, body: () => ({ entryIds: [randomUUID()] }) },
  'DELETE /api/admin/payout-runs/:id': { access: 'admin', record: 'payout-run', ok: 200 },
  'GET /api/admin/payout-runs/:id/aba': { access: 'admin', record: 'payout-run', ok: 409 },
  'POST /api/admin/payout-runs/:id/mark-paid': { access: 'admin', record: 'payout-run', ok: 409 },
  'GET /api/admin/payout-runs/:id/payees/:plumberId/rcti.pdf': { access: 'admin', record: 'payout-rcti', ok: 404 },
  'GET /api/admin/saved-views': { access: 'admin', ok: 200 },
  'POST /api/admin/saved-views': { access: 'admin', ok: 201, body: () => ({ resource: 'bookings', name: 'Matrix new view' }) },
  'GET /api/admin/saved-views/:id': { access: 'admin', record: 'saved-view', ok: 200 },
  'PUT /api/admin/saved-views/:id': { access: 'admin', record: 'saved-view', ok: 200, body: () => ({ name: 'Matrix view' }) },
  'DELETE /api/admin/saved-views/:id': { access: 'admin', record: 'saved-view-spare', ok: 200 },
  'GET /api/admin/dashboard/today': { access: 'admin', ok: 200 },
  'GET /api/admin/company-profile': { access: 'admin', ok: 200 },
  'PUT /api/admin/company-profile': { access: 'admin', ok: 200, body: () => ({ serviceHours: 'Mon–Fri 7am–5pm' }) },
  'GET /api/admin/media': { access: 'admin', ok: 200 },
  'POST /api/admin/media': { access: 'admin', ok: 201, upload: 'media' },
  'GET /api/admin/media/:id': { access: 'admin', record: 'media', ok: 200 },
  'PUT /api/admin/media/:id': { access: 'admin', record: 'media', ok: 200, body: () => ({ altText: 'Edited by the matrix' }) },
  'POST /api/admin/media/:id/archive': { access: 'admin', record: 'media', ok: 200 },
  'POST /api/admin/media/:id/restore': { access: 'admin', record: 'media', ok: 200 },
  'GET /api/admin/site-slots': { access: 'admin', ok: 200 },
  'GET /api/admin/site-slots/:id': { access: 'admin', record: 'slot', ok: 200 },
  'PUT /api/admin/site-slots/:id': { access: 'admin', record: 'slot', ok: 200, body: () => ({ imageId: null }) },

  // E-mail the Spam Act allows: unsubscribe without sign-in (idempotent: every caller gets the same answer).
  'GET /unsubscribe/:token': { access: 'public', record: 'unsubscribe-token', ok: 200 },
  'POST /unsubscribe/:token': { access: 'public', record: 'unsubscribe-token', ok: 200, body: () => ({}) },
  'POST /unsubscribe/:token/resubscribe': { access: 'public', record: 'unsubscribe-token', ok: 200, body: () => ({}) },
  'POST /api/unsubscribe/:unsubscribeToken': { access: 'public', record: 'unsubscribe-token', ok: 200, body: () => ({}) },
  'GET /api/admin/email-suppressions': { access: 'admin', ok: 200 },
  'POST /api/admin/email-suppressions': { access: 'admin', ok: 201, body: () => ({ email: `matrix-${uniqueSuffix()}@example.com.au`, note: 'Matrix' }) },
  'GET /api/admin/email-suppressions/:id': { access: 'admin', record: 'email-suppression', ok: 200 },
  'GET /api/admin/email-consents': { access: 'admin', ok: 200 },
  'GET /api/admin/email-consents/:id': { access: 'admin', record: 'email-consent', ok: 200 },

  // The pages' photos: public files of the site.
  'GET /media/:id/:file': { access: 'public', record: 'media-file', ok: 200 },
};

/** The status a caller must get; the rules the guard and the services promise, in one place. */
function expectedStatus(entry: Entry, actor: Actor, target: Target): number {
  const missing = target === 'missing' || target === 'other';
  if (entry.access === 'public') return target === 'missing' ? 404 : entry.ok;
  if (actor === 'anonymous') return 401;
  const role = actor === 'admin' ? 'admin' : 'plumber';
  if (entry.access === 'admin' && role !== 'admin') return 403;
  if (entry.access === 'plumber' && role !== 'plumber') return 403;
  // Another plumber's record answers exactly like a record that does not exist.
  return missing ? 404 : entry.ok;
}

function targetsOf(entry: Entry): Target[] {
  if (!entry.record) return ['none'];
  return OWNED.includes(entry.record) && entry.access !== 'admin' ? ALL_TARGETS : ['own', 'missing'];
}

/** The concrete path for a caller and a target. */
function pathFor(route: DiscoveredRoute, entry: Entry, fixtures: Fixtures, actor: Actor, target: Target): string {
  if (!entry.record) return route.path;
  const missing = randomUUID();
  const owner: 'plumberA' | 'plumberB' = actor === 'plumberB' ? (target === 'other' ? 'plumberA' : 'plumberB') : target === 'other' ? 'plumberB' : 'plumberA';
  const values: Record<RecordKind, () => Record<string, string>> = {
    referral: () => ({ id: target === 'missing' ? missing : fixtures.referral[owner].id }),
    'referral-photo': () =>
      target === 'missing' ? { id: missing, photoId: randomUUID() } : { id: fixtures.referral[owner].id, photoId: fixtures.referral[owner].photoId },
    booking: () => ({ id: target === 'missing' ? missing : fixtures.booking }),
    enquiry: () => ({ id: target === 'missing' ? missing : fixtures.enquiry }),
    job: () => ({ id: target === 'missing' ? missing : fixtures.job.id }),
    notification: () => ({ id: target === 'missing' ? missing : fixtures.notification }),
    user: () => ({ id: target === 'missing' ? missing : fixtures.editableUser }),
    template: () => ({ key: target === 'missing' ? 'no_such_template' : 'quote_sent' }),
    'tracking-code': () => ({ code: target === 'missing' ? `booked-job1-${'a'.repeat(26)}` : fixtures.job.trackingCode }),
    media: () => ({ id: target === 'missing' ? missing : fixtures.media }),
    'media-file': () => ({ id: target === 'missing' ? missing : fixtures.mediaFile, file: '32.jpg' }),
    slot: () => ({ id: target === 'missing' ? 'no.such.slot' : 'about.team' }),
    rebate: () => ({ id: target === 'missing' ? missing : fixtures.rebate }),
    'rebate-void': () => ({ id: target === 'missing' ? missing : fixtures.voidRebate }),
    review: () => ({ id: target === 'missing' ? missing : fixtures.review }),
    appointment: () => ({ id: target === 'missing' ? missing : fixtures.appointment }),
    'booking-link': () => ({ token: target === 'missing' ? 'M'.repeat(43) : fixtures.bookingLink }),
    'calendar-feed': () => ({ file: target === 'missing' ? `${'M'.repeat(32)}.ics` : fixtures.calendarFeedFile }),
    'unsubscribe-token': () => {
      const token = target === 'missing' ? 'M'.repeat(22) : fixtures.unsubscribeToken;
      return { token, unsubscribeToken: token };
    },
    'email-suppression': () => ({ id: target === 'missing' ? missing : fixtures.emailSuppression }),
    'email-consent': () => ({ id: target === 'missing' ? missing : fixtures.emailConsent }),
    'job-photo': () => (target === 'missing' ? { id: missing, photoId: randomUUID() } : { id: fixtures.job.id, photoId: fixtures.spareJobPhoto }),
    'job-photo-file': () =>
      target === 'missing' ? { id: missing, photoId: randomUUID(), file: '32.jpg' } : { id: fixtures.job.id, photoId: fixtures.jobPhoto, file: '32.jpg' },
    'payout-run': () => ({ id: target === 'missing' ? missing : fixtures.payoutRun }),
    'payout-rcti': () => ({ id: target === 'missing' ? missing : fixtures.payoutRun, plumberId: fixtures.ids.plumberA }),
    payout: () => ({ id: missing }),
    'saved-view': () => ({ id: target === 'missing' ? missing : fixtures.savedView }),
    'saved-view-spare': () => ({ id: target === 'missing' ? missing : fixtures.spareSavedView }),
    'customer-review': () => ({ id: target === 'missing' ? missing : fixtures.customerReview }),
    'review-link': () => ({ token: target === 'missing' ? 'M'.repeat(43) : fixtures.reviewLink }),
    'review-link-used': () => ({ token: target === 'missing' ? 'M'.repeat(43) : fixtures.usedReviewLink }),
    'tracking-photo': () => ({
      code: target === 'missing' ? `booked-job1-${'a'.repeat(26)}` : fixtures.job.trackingCode,
      photoId: fixtures.jobPhoto,
      file: '32.jpg',
    }),
  };
  const params = values[entry.record]();
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (!(name in params)) throw new Error(`${route.key}: no value for :${name}`);
    return encodeURIComponent(params[name]!);
  });
}

async function send(sut: TestApp, route: DiscoveredRoute, entry: Entry, call: Call, path: string): Promise<Response> {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let request = sut.http()[method](path);
  const session = call.fixtures.actors[call.actor];
  if (session) request = request.set(session.auth);
  if (entry.query) request = request.query(entry.query);
  if (entry.upload === 'media')
    return request.field('altText', 'A photo for the matrix').attach('file', await PHOTO, { filename: 'crew.png', contentType: 'image/png' });
  if (entry.upload) return request.attach('photos', PNG, { filename: 'pipe.png', contentType: 'image/png' });
  if (entry.body) return request.send(entry.body(call));
  return request;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}

describe('authorization matrix', () => {
  let sut: TestApp;
  let routes: DiscoveredRoute[];
  let fixtures: Fixtures;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    routes = discoverRoutes(sut.app);
    const [userA, userB, adminUser, editable] = await Promise.all([
      createUser(sut.dataSource, { email: 'matrix-a@plumbing.com.au', fullName: 'Avery Plumber' }),
      createUser(sut.dataSource, { email: 'matrix-b@plumbing.com.au', fullName: 'Blake Plumber' }),
      createUser(sut.dataSource, { email: 'matrix-admin@example.com.au', role: 'admin' }),
      createUser(sut.dataSource, { email: 'matrix-editable@plumbing.com.au' }),
    ]);
    const [plumberA, plumberB, admin] = await Promise.all([signIn(sut, userA), signIn(sut, userB), signIn(sut, adminUser)]);

    const referralOf = async (session: SignedIn) => {
      const referral = (await sut.http().post('/api/me/referrals').set(session.auth).send(REFERRAL).expect(201)).body;
      const photos = (await sut.http().post(`/api/me/referrals/${referral.id}/photos`).set(session.auth).attach('photos', PNG, 'pipe.png').expect(201)).body;
      return { id: referral.id as string, photoId: photos[0].id as string };
    };
    // Two bookings, each in its own free slot (issue 16).
    const [slot, otherSlot] = nextFreeSlots(2, { capacity: 1 });
    const booking = {
      name: 'Morgan Matrix',
      email: 'morgan.booking@example.com.au',
      phone: '0400 123 456',
      suburb: 'Richmond VIC 3121',
      address: '12 Station Street',
      ...slot,
      how_heard_about_us: 'Google Search',
      message: 'Blocked drain',
    };
    const enquiry = {
      kind: 'corporate',
      organisationName: 'City of Example',
      contactPerson: 'Jordan Lee',
      email: 'jordan.lee@example.gov.au',
      phone: '03 9000 0000',
      siteAddress: '1 Civic Drive, Example VIC 3000',
      issueType: 'roots',
      timing: 'planned',
    };
    const [referralA, referralB, bookingRow, enquiryRow, job] = await Promise.all([
      referralOf(plumberA),
      referralOf(plumberB),
      sut.http().post('/api/bookings').send(booking).expect(201),
      sut.http().post('/api/enquiries').send(enquiry).expect(201),
      sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber: 'JOB-4001', customerName: 'Morgan Matrix', customerEmail: 'morgan@example.com.au' })
        .expect(201),
    ]);
    // A message staff may resend (only failed or dead ones can be).
    const [notification] = await sut.dataSource.query(
      `UPDATE notifications SET status = 'dead' WHERE id = (SELECT id FROM notifications ORDER BY created_at LIMIT 1) RETURNING id`,
    );
    const uploadMedia = async () =>
      (
        await sut
          .http()
          .post('/api/admin/media')
          .set(admin.auth)
          .field('altText', 'Matrix photo')
          .attach('file', await PHOTO, 'crew.png')
          .expect(201)
      ).body.id as string;
    const [media, mediaFile] = [await uploadMedia(), await uploadMedia()];
    // Plumber A's Clean & View earned (a ledger entry), and a booking whose referral code no plumber has (a review).
    await sut.http().put(`/api/admin/referrals/${referralA.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
    const [rebate] = await sut.dataSource.query(`SELECT id FROM rebate_entries WHERE referral_id = $1`, [referralA.id]);
    await sut.http().put(`/api/admin/referrals/${referralB.id}`).set(admin.auth).send({ status: 'cleanview_completed' }).expect(200);
    const [voidRebate] = await sut.dataSource.query(`SELECT id FROM rebate_entries WHERE referral_id = $1`, [referralB.id]);
    await sut.http().post(`/api/admin/rebates/${voidRebate.id}/void`).set(admin.auth).send({ reason: 'Matrix' }).expect(200);
    await sut
      .http()
      .post('/api/bookings')
      .send({ ...booking, ...otherSlot, email: 'unknown.code@example.com.au', referral_code: 'NOSUCH99' })
      .expect(201);
    const [review] = await sut.dataSource.query(`SELECT id FROM referral_reviews WHERE referral_code = 'NOSUCH99'`);
    // A cancelled appointment of the unknown-code booking, a private link to it, and another admin's calendar feed.
    const [appointment] = await sut.dataSource.query(
      `INSERT INTO appointments (booking_id, region, day, slot, starts_at, customer_name, email, phone, address, suburb, status, cancelled_at, cancelled_by, cancel_reason)
       SELECT id, 'VIC', '2030-01-07', '9:00 AM', '2030-01-06T22:00:00Z', full_name, email, phone, address, suburb, 'cancelled', now(), 'staff', 'Matrix'
       FROM bookings WHERE email = 'unknown.code@example.com.au' RETURNING id`,
    );
    const bookingLink = 'L'.repeat(43);
    await sut.dataSource.query(`INSERT INTO appointment_links (token_hash, appointment_id) VALUES ($1, $2)`, [linkTokenHash(bookingLink), appointment.id]);
    const feedOwner = await createUser(sut.dataSource, { email: 'matrix-feed@example.com.au', role: 'admin' });
    await sut.dataSource.query(`INSERT INTO calendar_feeds (user_id, token) VALUES ($1, $2)`, [feedOwner.id, 'F'.repeat(32)]);
    // The job's report, published, showing one of its two photos.
    const jobPhotos = (
      await sut
        .http()
        .post(`/api/admin/jobs/${job.body.id}/photos`)
        .set(admin.auth)
        .attach('photos', await PHOTO, 'shown.png')
        .attach('photos', await PHOTO, 'spare.png')
        .expect(201)
    ).body as Array<{ id: string }>;
    await sut.http().put(`/api/admin/jobs/${job.body.id}/report`).set(admin.auth).send(matrixReport(jobPhotos[0]!.id)).expect(200);
    await sut.http().post(`/api/admin/jobs/${job.body.id}/report/publish`).set(admin.auth).expect(200);
    // Two completed jobs' review links (their hashes stored as the minter stores them): one used by a review without consent.
    const reviewLinkOf = async (jobNumber: string, token: string) => {
      const completed = await sut
        .http()
        .post('/api/admin/jobs')
        .set(admin.auth)
        .send({ jobNumber, customerName: 'Morgan Matrix', customerEmail: 'morgan.review@example.com.au', status: 'completed', notify: false })
        .expect(201);
      await sut.dataSource.query(`UPDATE review_requests SET token_hash = $2 WHERE job_id = $1`, [completed.body.id, reviewTokenHash(token)]);
      return token;
    };
    const [reviewLink, usedReviewLink] = [await reviewLinkOf('JOB-4002', 'R'.repeat(43)), await reviewLinkOf('JOB-4003', 'U'.repeat(43))];
    const customerReview = (await sut.http().post(`/api/reviews/${usedReviewLink}`).send({ rating: 4, firstName: 'Morgan', consent: false }).expect(201)).body
      .id as string;
    const savedView = async (name: string) =>
      (await sut.http().post('/api/admin/saved-views').set(admin.auth).send({ resource: 'bookings', name }).expect(201)).body.id as string;
    fixtures = {
      customerReview,
      reviewLink,
      usedReviewLink,
      savedView: await savedView('Matrix view'),
      spareSavedView: await savedView('Matrix spare view'),
      jobPhoto: jobPhotos[0]!.id,
      spareJobPhoto: jobPhotos[1]!.id,
      appointment: appointment.id,
      bookingLink,
      calendarFeedFile: `${'F'.repeat(32)}.ics`,
      unsubscribeToken: (
        await sut.dataSource.query(`INSERT INTO email_unsubscribe_tokens (email, token) VALUES ('matrix-unsubscribes@example.com.au', $1) RETURNING token`, [
          'U'.repeat(22),
        ])
      )[0].token,
      emailSuppression: (
        await sut.dataSource.query(`INSERT INTO email_suppressions (email, reason) VALUES ('matrix-suppressed@example.com.au', 'staff') RETURNING id`)
      )[0].id,
      emailConsent: (
        await sut.dataSource.query(
          `INSERT INTO email_consents (email, purpose, given, source, wording) VALUES ('matrix-consents@example.com.au', 'marketing', true, 'booking_form', 'Send me tips and offers') RETURNING id`,
        )
      )[0].id,
      payoutRun: (await sut.dataSource.query(`INSERT INTO payout_runs (status, cancelled_at) VALUES ('cancelled', now()) RETURNING id`))[0].id,
      rebate: rebate.id,
      voidRebate: voidRebate.id,
      review: review.id,
      media,
      mediaFile,
      actors: { anonymous: undefined, plumberA, plumberB, admin },
      ids: { plumberA: userA.id, plumberB: userB.id, admin: adminUser.id },
      referral: { plumberA: referralA, plumberB: referralB },
      booking: bookingRow.body.id,
      enquiry: enquiryRow.body.id,
      job: { id: job.body.id, trackingCode: job.body.trackingCode },
      notification: notification[0].id,
      editableUser: editable.id,
    };
  });

  afterAll(() => sut.close());

  it('has an entry for every route of the router, and none for routes that are gone', () => {
    const keys = routes.map((route) => route.key);
    expect(keys.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("agrees with the routes' markers (public, roles)", () => {
    const disagreements = routes
      .filter((route) => MATRIX[route.key])
      .filter((route) => {
        const access = MATRIX[route.key]!.access;
        const declared = route.isPublic ? 'public' : route.roles.length === 2 ? 'every-role' : route.roles.join();
        return declared !== access;
      })
      .map((route) => route.key);
    expect(disagreements).toEqual([]);
  });

  it('answers every route × caller × record with the expected status', async () => {
    const cases = routes.flatMap((route) => {
      const entry = MATRIX[route.key];
      if (!entry) return [];
      return ACTORS.flatMap((actor) => targetsOf(entry).map((target) => ({ route, entry, actor, target })));
    });
    expect(cases.length).toBeGreaterThan(250);
    const outcomes = await inBatches(cases, 8, async ({ route, entry, actor, target }) => {
      const path = pathFor(route, entry, fixtures, actor, target);
      const response = await send(sut, route, entry, { fixtures, actor }, path);
      const expected = expectedStatus(entry, actor, target);
      return {
        case: `${route.key} as ${actor} on ${target}`,
        path,
        expected,
        actual: response.status,
        body: response.status === expected ? undefined : response.text.slice(0, 200),
      };
    });
    const wrong = outcomes.filter((outcome) => outcome.actual !== outcome.expected);
    expect(wrong).toEqual([]);
  });

  it('refuses a photo of another referral, even through the caller’s own referral', async () => {
    const { plumberA, plumberB } = fixtures.referral;
    await sut.http().get(`/api/me/referrals/${plumberA.id}/photos/${plumberB.photoId}`).set(fixtures.actors.plumberA!.auth).expect(404);
    await sut.http().get(`/api/admin/referrals/${plumberA.id}/photos/${plumberB.photoId}`).set(fixtures.actors.admin!.auth).expect(404);
  });

  it('answers malformed record ids as missing, never as a server error', async () => {
    const admin = fixtures.actors.admin!.auth;
    const plumber = fixtures.actors.plumberA!.auth;
    for (const id of ['not-a-uuid', '1 OR 1=1', "'; SELECT 1; --", '%00', 'x'.repeat(300)]) {
      const encoded = encodeURIComponent(id);
      for (const [path, auth] of [
        [`/api/me/referrals/${encoded}`, plumber],
        [`/api/admin/referrals/${encoded}`, admin],
        [`/api/admin/bookings/${encoded}`, admin],
        [`/api/admin/users/${encoded}`, admin],
      ] as const) {
        const response = await sut.http().get(path).set(auth);
        expect([400, 404]).toContain(response.status);
      }
    }
  });
});

describe('client-sent filters never widen what a plumber sees', () => {
  let sut: TestApp;
  let plumberA: SignedIn;
  let plumberB: SignedIn;
  let idA: string;
  let idB: string;

  const widening = (otherId: string) => ({
    plumberId: otherId,
    plumber_id: otherId,
    userId: otherId,
    user_id: otherId,
    id: otherId,
    filter: JSON.stringify({ plumber_id: otherId, plumberId: otherId, id: [otherId], q: '' }),
    range: '[0,100000]',
    sort: '["createdAt","DESC"]',
    all: 'true',
  });

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    const [userA, userB] = await Promise.all([
      createUser(sut.dataSource, { email: 'filters-a@plumbing.com.au', fullName: 'Avery Plumber' }),
      createUser(sut.dataSource, { email: 'filters-b@plumbing.com.au', fullName: 'Blake Plumber' }),
    ]);
    [plumberA, plumberB] = await Promise.all([signIn(sut, userA), signIn(sut, userB)]);
    idA = userA.id;
    idB = userB.id;
    for (let i = 0; i < 2; i += 1) await sut.http().post('/api/me/referrals').set(plumberA.auth).send(REFERRAL).expect(201);
    for (let i = 0; i < 3; i += 1) await sut.http().post('/api/me/referrals').set(plumberB.auth).send(REFERRAL).expect(201);
    // B has a paid rebate, so totals that leaked B's rows would show.
    await sut.dataSource.query(`UPDATE referrals SET cleanview_rebate_status = 'paid' WHERE plumber_id = $1`, [idB]);
  });

  afterAll(() => sut.close());

  it("lists only the caller's referrals, whatever the query says", async () => {
    const own: string[] = (await sut.dataSource.query(`SELECT id FROM referrals WHERE plumber_id = $1`, [idA])).map((row: { id: string }) => row.id);
    const plain = await sut.http().get('/api/me/referrals').set(plumberA.auth).expect(200);
    const filtered = await sut.http().get('/api/me/referrals').query(widening(idB)).set(plumberA.auth).expect(200);
    expect(plain.body.map((row: { id: string }) => row.id).sort()).toEqual(own.sort());
    expect(filtered.body).toEqual(plain.body);
    expect(filtered.headers['content-range']).toBeUndefined();
  });

  it("totals only the caller's rebates, whatever the query says", async () => {
    const plain = await sut.http().get('/api/me/rebates/summary').set(plumberA.auth).expect(200);
    // Nothing earned yet; the second referral of the same client is held as a duplicate, so only the first can still earn.
    expect(plain.body).toEqual({ totalReferrals: 2, rebatePaid: 0, rebatePending: 0, potential: 80 + 400 });
    const filtered = await sut.http().get('/api/me/rebates/summary').query(widening(idB)).set(plumberA.auth).expect(200);
    expect(filtered.body).toEqual(plain.body);
  });

  it("opens another plumber's referral to no query parameter", async () => {
    const [other] = await sut.dataSource.query(`SELECT id FROM referrals WHERE plumber_id = $1 LIMIT 1`, [idB]);
    await sut.http().get(`/api/me/referrals/${other.id}`).query(widening(idB)).set(plumberA.auth).expect(404);
  });

  it("answers the caller's own account and profile, whatever the query says", async () => {
    const me = await sut.http().get('/api/auth/me').query(widening(idB)).set(plumberA.auth).expect(200);
    expect(me.body).toMatchObject({ id: idA, email: 'filters-a@plumbing.com.au' });
    const profile = await sut.http().get('/api/me/profile').query(widening(idB)).set(plumberA.auth).expect(200);
    expect(profile.body).toMatchObject({ fullName: 'Avery Plumber' });
  });

  it('refuses a body that names another account, and changes nothing', async () => {
    const before = await sut.dataSource.query(`SELECT user_id, full_name, business_name, phone FROM profiles ORDER BY user_id`);
    for (const extra of [{ userId: idB }, { user_id: idB }, { id: idB }, { role: 'admin' }, { email: 'filters-b@plumbing.com.au' }]) {
      await sut
        .http()
        .put('/api/me/profile')
        .set(plumberA.auth)
        .send({ fullName: 'Hijacked', ...extra })
        .expect(400);
    }
    expect(await sut.dataSource.query(`SELECT user_id, full_name, business_name, phone FROM profiles ORDER BY user_id`)).toEqual(before);
    const [{ role }] = await sut.dataSource.query(`SELECT role FROM user_roles WHERE user_id = $1`, [idA]);
    expect(role).toBe('plumber');
  });

  it('never files a referral for another plumber', async () => {
    const [{ count: before }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`);
    for (const extra of [{ plumberId: idB }, { plumber_id: idB }, { plumberEmail: 'filters-b@plumbing.com.au' }]) {
      const response = await sut
        .http()
        .post('/api/me/referrals')
        .set(plumberA.auth)
        .send({ ...REFERRAL, ...extra });
      if (response.status === 201) {
        // The plumber's own details may be given on the form; the referral must still be the caller's.
        const [row] = await sut.dataSource.query(`SELECT plumber_id FROM referrals WHERE id = $1`, [response.body.id]);
        expect(row.plumber_id).toBe(idA);
      } else {
        expect(response.status).toBe(400);
      }
    }
    const [{ count: otherCount }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals WHERE plumber_id = $1`, [idB]);
    expect(otherCount).toBe(3);
    const [{ count: after }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM referrals`);
    expect(after - before).toBeLessThanOrEqual(1);
  });
});
