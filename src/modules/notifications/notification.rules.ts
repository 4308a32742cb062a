import { EMAIL_PATTERN } from '@relining/contracts/account-rules';
import { NotificationStatus } from '@relining/contracts/notification-status';

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

/** Never wait more than six hours between two tries. */
export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

export interface FailureOutcome {
  status: typeof NotificationStatus.Failed | typeof NotificationStatus.Dead;
  /** When to try again, counted from now; 0 for a dead message. */
  retryInMs: number;
}

/**
 * What happens after a try fails: exponential backoff (base, 2×base, 4×base …) until the last try,
 * after which the message is dead and kept with its error.
 */
export function afterFailedAttempt(attempts: number, policy: RetryPolicy): FailureOutcome {
  if (attempts >= policy.maxAttempts) return { status: NotificationStatus.Dead, retryInMs: 0 };
  const delay = policy.retryBaseMs * 2 ** Math.max(0, attempts - 1);
  return { status: NotificationStatus.Failed, retryInMs: Math.min(delay, MAX_RETRY_DELAY_MS) };
}

/** Failures to reach the SMTP peer at all (nodemailer's codes, and the socket's own). */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether a failed try says the peer itself is down or unreachable (no SMTP answer at all), rather
 * than that it refused this message (an SMTP reply code): then every waiting message waits for the
 * peer, and can go as soon as it answers again.
 */
export function isPeerUnreachable(error: { code?: unknown; responseCode?: unknown }): boolean {
  return error.responseCode === undefined && typeof error.code === 'string' && UNREACHABLE_CODES.has(error.code);
}

/** The domain part of the sender's address, for Message-IDs that look like ours. */
export function messageIdDomain(mailFrom: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * A single mailbox: no list, no display name tricks, no line breaks that could add headers. The same
 * rule as every form (`EMAIL_PATTERN`), so an address a form took is never refused here.
 */
export function isDeliverableAddress(address: string): boolean {
  return address.length <= 254 && EMAIL_PATTERN.test(address);
}
