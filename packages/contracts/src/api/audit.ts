/**
 * The audit trail (issue 19): who changed what, when, and the fields before and after. Secrets and
 * bank details are masked before they are stored. Entries are append-only.
 */

/** What an entry is about; values are the database strings (and the `entity` filter's values). */
export const AUDIT_ENTITIES = [
  'booking',
  'job',
  'referral',
  'rebate_entry',
  'payout_run',
  'user',
  'template',
  'setting',
  'availability',
  'appointment',
  'enquiry',
  'session',
  'export',
  'download',
  'audit_log',
  'notification',
  'review',
  'email_suppression',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS = {
  booking: 'Booking',
  job: 'Job',
  referral: 'Referral',
  rebate_entry: 'Rebate entry',
  payout_run: 'Payout run',
  user: 'User',
  template: 'E-mail template',
  setting: 'Setting',
  availability: 'Availability',
  appointment: 'Appointment',
  enquiry: 'Enquiry',
  session: 'Sign-in',
  export: 'Export',
  download: 'Download',
  audit_log: 'Audit log',
  notification: 'E-mail',
  review: 'Review',
  email_suppression: 'Suppressed e-mail',
} as const satisfies Record<AuditEntity, string>;

/** Who acted: a signed-in user, the server running a named job, or an anonymous visitor. */
export type AuditActorKind = 'user' | 'system' | 'public';

/** One changed field: its value before and after (masked where it is a secret or bank detail). */
export interface AuditFieldChange {
  before: unknown;
  after: unknown;
}

/** GET /api/admin/audit (react-admin list; filters: actorId, actor (q over who), entity, entityId, action, from, to, q). */
export interface AuditEntryRecord {
  /** A number that grows with each entry (as text). */
  id: string;
  /** ISO time. */
  at: string;
  actorKind: AuditActorKind;
  /** The user's id, when a user acted. */
  actorId: string | null;
  /** The user's e-mail, the job's name ('system: appointment-reminders'), or 'public'. */
  actorName: string;
  entity: AuditEntity;
  entityId: string | null;
  /** 'create', 'update', 'status_changed', 'sign_in', 'sign_in_failed', 'export', … */
  action: string;
  /** Changed fields, before and after; null when the action changed no stored fields (a sign-in, an export). */
  changes: Record<string, AuditFieldChange> | null;
  /** What else the action carried: an export's list, filter and row count; a bulk action's size; a reason. */
  details: Record<string, unknown> | null;
  /** The request that made the change, to find it in the logs. */
  correlationId: string | null;
}
