import { maskedAccountNumber, maskedBsb } from '@relining/contracts/payout-rules';
import type { AuditFieldChange } from '@relining/contracts/api/audit';

/**
 * What the audit trail keeps of a value: secrets never (a password's hash, a token, a key), bank
 * details only masked (as every screen shows them), everything else as it was. Decided by the field's
 * name, so a new secret field is hidden as long as it is named like one.
 */
export const HIDDEN = '[hidden]';

const SECRET_FIELD = /password|passwd|secret|token|hash|apikey|api_key|privatekey|private_key|encrypted|otp|^pin$|credential/i;
const BSB_FIELD = /^bsb$/i;
const ACCOUNT_NUMBER_FIELD = /^(account_?number|accountNumber)$/i;

export function maskedValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  // Nothing entered yet (an empty setting) is shown as it is: there is nothing to hide.
  if (value === '') return value;
  if (SECRET_FIELD.test(field)) return HIDDEN;
  if (BSB_FIELD.test(field)) return typeof value === 'string' ? maskedBsb(value) : HIDDEN;
  if (ACCOUNT_NUMBER_FIELD.test(field)) return typeof value === 'string' ? maskedAccountNumber(value) : HIDDEN;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => maskedValue('', item));
  if (typeof value === 'object') {
    const masked: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) masked[key] = maskedValue(key, inner);
    return masked;
  }
  return value;
}

function comparable(value: unknown): string {
  if (value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value) ?? 'null';
}

/** Fields never worth an entry of their own: bookkeeping the database keeps. */
const BOOKKEEPING = new Set(['updatedAt', 'updated_at', 'version', 'rowVersion', 'row_version']);

/**
 * The fields that differ between `before` and `after` (either may be null: a record created or
 * removed), each with both values masked. Fields in neither are absent; bookkeeping fields are left
 * out. Answers null when nothing changed.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, AuditFieldChange> | null {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, AuditFieldChange> = {};
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const old = before?.[field];
    const now = after?.[field];
    if (comparable(old) === comparable(now)) continue;
    changes[field] = { before: maskedValue(field, old), after: maskedValue(field, now) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** An export's or list's filter, kept in the trail as it was asked for, with any secret masked. */
export function maskedDetails(details: Readonly<Record<string, unknown>> | null | undefined): Record<string, unknown> | null {
  if (!details) return null;
  return maskedValue('', details) as Record<string, unknown>;
}
