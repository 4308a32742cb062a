import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { PAYMENT_TERMS_DAYS } from '@relining/contracts/business';
import { Role } from '@relining/contracts/roles';
import { queryRows } from '../database/sql.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { newTrackingCode } from '../modules/jobs/tracking-code.js';
import { planDemoBusiness, type DemoActor, type DemoBusinessPlan } from './demo-business-plan.js';

/**
 * Writes the demo business (demo-business-plan.ts) into the database, inside the demo-data
 * transaction that holds the demo lock and found the database empty. A seed, like the localities and
 * templates: one multi-row statement per table, straight SQL, with the values the owning modules'
 * rules would have given them (rebates through rebates/rebate.rules.ts, Ref IDs from the referrals'
 * own sequence, tracking codes from jobs/tracking-code.ts, places and appointments through the
 * appointments module's rules). Nothing goes to the outbox: the demo's customers, plumbers and
 * councils are never e-mailed (their job and referral histories say so); only a demo appointment's
 * day-before reminder, still ahead, is queued when it falls due, as for any appointment.
 */

export interface DemoBusinessAccounts {
  /** The demo admin: the staff member who moved every referral and job along. */
  staffId: string;
  demoPlumberId: string;
}

export interface DemoBusinessCounts {
  plumbers: number;
  bookings: number;
  enquiries: number;
  referrals: number;
  jobs: number;
  appointments: number;
}

/** Column name → PostgreSQL type, for `jsonb_to_recordset`: the one place each table's seeded columns are named. */
type Columns = Readonly<Record<string, string>>;
type RowOf<C extends Columns> = { [K in keyof C]: unknown };

/**
 * One INSERT for many rows: the rows travel as one JSON parameter and PostgreSQL types each column.
 * Table and column names are this file's constants, never input. `orderBy` fixes the insert order
 * where a sequence numbers the rows (Ref IDs follow the referrals' dates).
 */
async function insertRows<C extends Columns>(
  manager: EntityManager,
  table: string,
  columns: C,
  rows: ReadonlyArray<RowOf<C>>,
  orderBy?: keyof C & string,
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definitions = Object.entries(columns).map(([name, type]) => `${name} ${type}`);
  await manager.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS seeded(${definitions.join(', ')})${orderBy ? ` ORDER BY ${orderBy}` : ''}`,
    [JSON.stringify(rows)],
  );
}

const USER_COLUMNS = {
  id: 'uuid',
  email: 'text',
  password_hash: 'text',
  email_verified_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  last_sign_in_at: 'timestamptz',
} as const;
const PROFILE_COLUMNS = { user_id: 'uuid', full_name: 'text', business_name: 'text', phone: 'text', updated_at: 'timestamptz' } as const;
const ROLE_COLUMNS = { user_id: 'uuid', role: 'text', updated_at: 'timestamptz' } as const;
const BOOKING_COLUMNS = {
  id: 'uuid',
  full_name: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  suburb: 'text',
  state: 'text',
  postcode: 'text',
  preferred_date: 'date',
  preferred_time: 'text',
  brief_description: 'text',
  how_heard_about_us: 'text',
  status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const ENQUIRY_COLUMNS = {
  kind: 'text',
  status: 'text',
  organisation_name: 'text',
  contact_person: 'text',
  email: 'text',
  phone: 'text',
  site_address: 'text',
  state: 'text',
  postcode: 'text',
  issue_type: 'text',
  quantity: 'text',
  timing: 'text',
  business: 'text',
  product: 'text',
  message: 'text',
  staff_notes: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  archived_at: 'timestamptz',
  archived_by: 'uuid',
} as const;
const REFERRAL_COLUMNS = {
  id: 'uuid',
  client_name: 'text',
  client_phone: 'text',
  job_address: 'text',
  suburb: 'text',
  state: 'text',
  postcode: 'text',
  plumber_id: 'uuid',
  plumber_name: 'text',
  plumber_company: 'text',
  plumber_phone: 'text',
  plumber_email: 'text',
  urgency: 'text',
  description: 'text',
  notes: 'text',
  staff_notes: 'text',
  contact_client: 'boolean',
  service_clean_view: 'boolean',
  service_reline: 'boolean',
  status: 'text',
  cleanview_rebate_amount_cents: 'int',
  cleanview_rebate_status: 'text',
  reline_rebate_amount_cents: 'int',
  reline_rebate_status: 'text',
  cleanview_completed_at: 'timestamptz',
  reline_completed_at: 'timestamptz',
  cleanview_paid_at: 'timestamptz',
  reline_paid_at: 'timestamptz',
  source: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const REFERRAL_EVENT_COLUMNS = {
  referral_id: 'uuid',
  actor_id: 'uuid',
  kind: 'text',
  from_value: 'text',
  to_value: 'text',
  created_at: 'timestamptz',
} as const;
const JOB_COLUMNS = {
  id: 'uuid',
  job_number: 'text',
  customer_name: 'text',
  customer_email: 'text',
  customer_phone: 'text',
  address: 'text',
  status: 'text',
  tracking_code: 'text',
  booking_id: 'uuid',
  referral_id: 'uuid',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const PLACE_COLUMNS = {
  booking_id: 'uuid',
  region: 'text',
  day: 'date',
  slot: 'text',
  place: 'int',
  starts_at: 'timestamptz',
  created_at: 'timestamptz',
  released_at: 'timestamptz',
} as const;
const APPOINTMENT_COLUMNS = {
  booking_id: 'uuid',
  region: 'text',
  day: 'date',
  slot: 'text',
  starts_at: 'timestamptz',
  customer_name: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  suburb: 'text',
  technician: 'text',
  status: 'text',
  sequence: 'int',
  cancel_reason: 'text',
  cancelled_by: 'text',
  cancelled_at: 'timestamptz',
  confirmed_at: 'timestamptz',
  confirmed_by: 'uuid',
  reminder_due_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const JOB_EVENT_COLUMNS = {
  job_id: 'uuid',
  status: 'text',
  previous_status: 'text',
  changed_by: 'uuid',
  customer_notified: 'boolean',
  created_at: 'timestamptz',
} as const;

/** The spec's sample jobs are JOB-1001 to JOB-1005; demo jobs number on from the highest JOB-n there is. */
const FIRST_JOB_NUMBER = 1006;

/**
 * Job IDs are typed by staff (there is no sequence), so the demo's continue after the highest
 * 'JOB-<n>' already stored: staff creating the next one by hand find it free.
 */
async function nextJobNumber(manager: EntityManager): Promise<number> {
  const [row] = await queryRows<{ highest: number | null }>(
    manager,
    `SELECT max(substring(job_number FROM '^[Jj][Oo][Bb]-([0-9]{1,9})$')::int) AS highest FROM jobs`,
  );
  return Math.max(FIRST_JOB_NUMBER, (row?.highest ?? 0) + 1);
}

/** A password nobody knows: the partner plumbers' accounts exist for their data, not to sign in with. */
function unknowablePassword(): string {
  return randomBytes(32).toString('base64url');
}

export async function seedDemoBusiness(
  manager: EntityManager,
  accounts: DemoBusinessAccounts,
  options: { now: Date; timeZone: string },
): Promise<DemoBusinessCounts> {
  const plan: DemoBusinessPlan = planDemoBusiness(options.now, options.timeZone);
  const actorId = (actor: DemoActor, plumberId: string | null) => (actor === 'staff' ? accounts.staffId : actor === 'plumber' ? plumberId : null);

  // The demo accounts were made just now; they joined before the business below happened.
  await manager.query(`UPDATE users SET created_at = $2, updated_at = $2, email_verified_at = $2 WHERE id = $1`, [accounts.staffId, plan.staffSince]);
  await manager.query(`UPDATE users SET created_at = $2, updated_at = $2, email_verified_at = $2 WHERE id = $1`, [
    accounts.demoPlumberId,
    plan.demoPlumberSince,
  ]);
  await manager.query(`UPDATE profiles SET updated_at = $2 WHERE user_id = $1`, [accounts.demoPlumberId, plan.demoPlumberSince]);
  await manager.query(`UPDATE user_roles SET updated_at = $2 WHERE user_id IN ($1, $3)`, [accounts.staffId, plan.staffSince, accounts.demoPlumberId]);

  const plumberIds = plan.plumbers.map(() => randomUUID());
  const passwordHashes = await Promise.all(plan.plumbers.map(() => hashPassword(unknowablePassword())));
  await insertRows(
    manager,
    'users',
    USER_COLUMNS,
    plan.plumbers.map((plumber, index) => ({
      id: plumberIds[index],
      email: plumber.email,
      password_hash: passwordHashes[index],
      email_verified_at: new Date(plumber.joinedAt.getTime() + 5 * 60_000),
      created_at: plumber.joinedAt,
      updated_at: plumber.joinedAt,
      last_sign_in_at: plumber.lastSignInAt,
    })),
  );
  await insertRows(
    manager,
    'profiles',
    PROFILE_COLUMNS,
    plan.plumbers.map((plumber, index) => ({
      user_id: plumberIds[index],
      full_name: plumber.fullName,
      business_name: plumber.businessName,
      phone: plumber.phone,
      updated_at: plumber.joinedAt,
    })),
  );
  await insertRows(
    manager,
    'user_roles',
    ROLE_COLUMNS,
    plan.plumbers.map((plumber, index) => ({ user_id: plumberIds[index], role: Role.Plumber, updated_at: plumber.joinedAt })),
  );

  const bookingIds = plan.bookings.map(() => randomUUID());
  await insertRows(
    manager,
    'bookings',
    BOOKING_COLUMNS,
    plan.bookings.map((booking, index) => ({
      id: bookingIds[index],
      full_name: booking.fullName,
      email: booking.email,
      phone: booking.phone,
      address: booking.address,
      suburb: booking.suburb,
      state: booking.state,
      postcode: booking.postcode,
      preferred_date: booking.preferredDate,
      preferred_time: booking.preferredTime,
      brief_description: booking.briefDescription,
      how_heard_about_us: booking.howHeardAboutUs,
      status: booking.status,
      created_at: booking.createdAt,
      updated_at: booking.updatedAt,
    })),
  );

  // Each booking's place from today on (booking_slots: numbered within the slot's capacity, as the
  // appointments module takes them), and the appointments staff confirmed, with the customer's
  // details as they were booked.
  await insertRows(
    manager,
    'booking_slots',
    PLACE_COLUMNS,
    plan.places.map((place) => ({
      booking_id: bookingIds[place.booking],
      region: place.region,
      day: place.day,
      slot: place.slot,
      place: place.place,
      starts_at: place.startsAt,
      created_at: place.createdAt,
      released_at: place.releasedAt,
    })),
  );
  await insertRows(
    manager,
    'appointments',
    APPOINTMENT_COLUMNS,
    plan.appointments.map((appointment) => {
      const booking = plan.bookings[appointment.booking]!;
      return {
        booking_id: bookingIds[appointment.booking],
        region: appointment.region,
        day: appointment.day,
        slot: appointment.slot,
        starts_at: appointment.startsAt,
        customer_name: booking.fullName,
        email: booking.email,
        phone: booking.phone,
        address: booking.address,
        suburb: booking.suburb,
        technician: appointment.technician,
        status: appointment.status,
        sequence: appointment.sequence,
        cancel_reason: appointment.cancelReason,
        cancelled_by: appointment.cancelledBy,
        cancelled_at: appointment.cancelledAt,
        confirmed_at: appointment.confirmedAt,
        confirmed_by: accounts.staffId,
        reminder_due_at: appointment.reminderDueAt,
        created_at: appointment.confirmedAt,
        updated_at: appointment.updatedAt,
      };
    }),
  );

  await insertRows(
    manager,
    'enquiries',
    ENQUIRY_COLUMNS,
    plan.enquiries.map((enquiry) => ({
      kind: enquiry.kind,
      status: enquiry.status,
      organisation_name: enquiry.organisationName,
      contact_person: enquiry.contactPerson,
      email: enquiry.email,
      phone: enquiry.phone,
      site_address: enquiry.siteAddress,
      state: enquiry.state,
      postcode: enquiry.postcode,
      issue_type: enquiry.issueType,
      quantity: enquiry.quantity,
      timing: enquiry.timing,
      business: enquiry.business,
      product: enquiry.product,
      message: enquiry.message,
      staff_notes: enquiry.staffNotes,
      created_at: enquiry.createdAt,
      updated_at: enquiry.updatedAt,
      archived_at: enquiry.archivedAt,
      archived_by: enquiry.archivedAt ? accounts.staffId : null,
    })),
  );

  // Ref IDs come from the referrals' own sequence (the column's default), in date order, so the next
  // referral anyone makes takes the next number.
  const referralIds = plan.referrals.map(() => randomUUID());
  const referralPlumberIds = plan.referrals.map((referral) =>
    referral.plumber === 'demo' ? accounts.demoPlumberId : referral.plumber === null ? null : plumberIds[referral.plumber]!,
  );
  await insertRows(
    manager,
    'referrals',
    REFERRAL_COLUMNS,
    plan.referrals.map((referral, index) => ({
      id: referralIds[index],
      client_name: referral.clientName,
      client_phone: referral.clientPhone,
      job_address: referral.jobAddress,
      suburb: referral.suburb,
      state: referral.state,
      postcode: referral.postcode,
      plumber_id: referralPlumberIds[index],
      plumber_name: referral.plumberName,
      plumber_company: referral.plumberCompany,
      plumber_phone: referral.plumberPhone,
      plumber_email: referral.plumberEmail,
      urgency: referral.urgency,
      description: referral.description,
      notes: referral.notes,
      staff_notes: referral.staffNotes,
      contact_client: referral.contactClient,
      service_clean_view: referral.serviceCleanView,
      service_reline: referral.serviceReline,
      status: referral.status,
      cleanview_rebate_amount_cents: referral.cleanViewRebateCents,
      cleanview_rebate_status: referral.rebates.cleanViewStatus,
      reline_rebate_amount_cents: referral.relineRebateCents,
      reline_rebate_status: referral.rebates.relineStatus,
      cleanview_completed_at: referral.rebates.cleanViewCompletedAt,
      reline_completed_at: referral.rebates.relineCompletedAt,
      cleanview_paid_at: referral.rebates.cleanViewPaidAt,
      reline_paid_at: referral.rebates.relinePaidAt,
      source: referral.source,
      created_at: referral.createdAt,
      updated_at: referral.updatedAt,
    })),
    'created_at',
  );
  await insertRows(
    manager,
    'referral_events',
    REFERRAL_EVENT_COLUMNS,
    plan.referrals.flatMap((referral, index) =>
      referral.events.map((event) => ({
        referral_id: referralIds[index],
        actor_id: actorId(event.actor, referralPlumberIds[index] ?? null),
        kind: event.kind,
        from_value: event.from,
        to_value: event.to,
        created_at: event.at,
      })),
    ),
  );

  const firstNumber = await nextJobNumber(manager);
  const jobIds = plan.jobs.map(() => randomUUID());
  await insertRows(
    manager,
    'jobs',
    JOB_COLUMNS,
    plan.jobs.map((job, index) => {
      const jobNumber = `JOB-${firstNumber + index}`;
      return {
        id: jobIds[index],
        job_number: jobNumber,
        customer_name: job.customerName,
        customer_email: job.customerEmail,
        customer_phone: job.customerPhone,
        address: job.address,
        status: job.status,
        // Fixed when the link was made, at the job's first stage (spec §7: the chosen status, then the job ID).
        tracking_code: newTrackingCode(job.events[0]!.status, jobNumber),
        booking_id: job.booking === null ? null : bookingIds[job.booking],
        referral_id: job.referral === null ? null : referralIds[job.referral],
        created_by: accounts.staffId,
        created_at: job.createdAt,
        updated_at: job.updatedAt,
      };
    }),
  );
  await insertRows(
    manager,
    'job_status_events',
    JOB_EVENT_COLUMNS,
    plan.jobs.flatMap((job, index) =>
      job.events.map((event) => ({
        job_id: jobIds[index],
        status: event.status,
        previous_status: event.previousStatus,
        changed_by: accounts.staffId,
        // No e-mail was queued for the demo's customers.
        customer_notified: false,
        created_at: event.at,
      })),
    ),
  );

  // The referrals know their jobs and the jobs' stages.
  await manager.query(
    `UPDATE referrals r SET job_id = j.id, job_stage = j.status,
       job_quote_accepted = EXISTS (SELECT 1 FROM job_status_events e WHERE e.job_id = j.id AND e.status = 'accepted')
     FROM jobs j WHERE j.referral_id = r.id AND j.id = ANY($1::uuid[])`,
    [jobIds],
  );
  // The rebate ledger: each part earned at its milestone, paid when the referral was (the database writes each entry's history).
  const entries = plan.referrals.flatMap((referral, index) =>
    (
      [
        ['cleanview', referral.cleanViewRebateCents, referral.rebates.cleanViewCompletedAt, referral.rebates.cleanViewPaidAt, PAYMENT_TERMS_DAYS.cleanView],
        ['reline', referral.relineRebateCents, referral.rebates.relineCompletedAt, referral.rebates.relinePaidAt, PAYMENT_TERMS_DAYS.reline],
      ] as const
    ).flatMap(([kind, cents, milestoneAt, paidAt, days]) =>
      milestoneAt ? [{ id: referralIds[index]!, plumberId: referralPlumberIds[index] ?? null, kind, cents, milestoneAt, paidAt, days, referral }] : [],
    ),
  );
  if (entries.length > 0) {
    await manager.query(
      `INSERT INTO rebate_entries (referral_id, plumber_id, ref_number, plumber_name, kind, amount_cents, state, milestone_at, due_at, paid_at, updated_by, change_reason)
       SELECT e.referral_id, e.plumber_id, r.ref_number, r.plumber_name, e.kind, e.cents, CASE WHEN e.paid_at IS NULL THEN 'pending' ELSE 'paid' END,
              e.milestone_at, e.milestone_at + e.days * interval '1 day', e.paid_at, $8::uuid, 'Earned'
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::int[]) AS e(referral_id, plumber_id, kind, cents, milestone_at, paid_at, days)
       JOIN referrals r ON r.id = e.referral_id`,
      [
        entries.map((entry) => entry.id),
        entries.map((entry) => entry.plumberId),
        entries.map((entry) => entry.kind),
        entries.map((entry) => entry.cents),
        entries.map((entry) => entry.milestoneAt),
        entries.map((entry) => entry.paidAt),
        entries.map((entry) => entry.days),
        accounts.staffId,
      ],
    );
  }

  return {
    plumbers: plan.plumbers.length,
    bookings: plan.bookings.length,
    enquiries: plan.enquiries.length,
    referrals: plan.referrals.length,
    jobs: plan.jobs.length,
    appointments: plan.appointments.length,
  };
}
