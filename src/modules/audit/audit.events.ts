import type { AuditEntity } from '@relining/contracts/api/audit';
import type { Actor } from '../../common/audit/actor-context.js';

/** What a module tells the audit trail about one change it is making. */
export interface AuditChange {
  entity: AuditEntity;
  /** The record's id (a booking's uuid, a template's key, a setting's name …), or null for a list (an export). */
  entityId: string | null;
  /** 'create', 'update', 'status_changed', 'approve', 'sign_in', … */
  action: string;
  /** The record's fields before the change (null when it is created); only the changed ones are kept, masked. */
  before?: Readonly<Record<string, unknown>> | null;
  /** The record's fields after the change (null when it is removed). */
  after?: Readonly<Record<string, unknown>> | null;
  /** Anything else worth keeping: a reason, an export's list, filter and row count, a bulk action's size. */
  details?: Readonly<Record<string, unknown>> | null;
  /** Who acted, when it is not the caller of the current request or job (a failed sign-in's e-mail, say). */
  actor?: Actor;
}

/**
 * Raised inside the transaction of a change (bookings, jobs, referrals, rebates, payouts, users,
 * templates, settings, availability, sign-ins …). The audit module's handler writes the entry with
 * the same EntityManager, so a change without its entry cannot commit, and a rolled-back change
 * leaves none.
 */
export class Audited {
  readonly changes: readonly AuditChange[];

  constructor(...changes: AuditChange[]) {
    this.changes = changes;
  }
}
