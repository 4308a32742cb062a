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

/** A file an e-mail carries, as a caller gives it (`content`: text is UTF-8). */
export interface EmailAttachment {
  filename: string;
  /** `type/subtype`, e.g. `text/calendar` (parameters such as a calendar's method are worked out at delivery). */
  contentType: string;
  content: string | Buffer;
}

/** A file as the outbox keeps it on the message's row: the content in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** At most this many files, and this many bytes of them together, on one message (a calendar invitation is about 1 kB). */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 1_000_000;

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
// No path (a client may save the file under its name), no control characters (they could break a header).
const UNSAFE_FILENAME = /[\u0000-\u001f\u007f/\\]/;

/**
 * The files as the outbox stores them, or an error naming what is wrong: a bug of the caller (the
 * product makes these files itself), so it fails the write rather than sending a broken message.
 */
export function toStoredAttachments(attachments: readonly EmailAttachment[]): StoredAttachment[] {
  if (attachments.length > MAX_ATTACHMENTS) throw new Error(`An e-mail carries at most ${MAX_ATTACHMENTS} files (${attachments.length} given)`);
  let total = 0;
  return attachments.map(({ filename, contentType, content }) => {
    const name = filename.trim();
    if (name.length === 0 || name.length > 200 || UNSAFE_FILENAME.test(name) || name === '.' || name === '..') {
      throw new Error(`Attachment file name not allowed: ${JSON.stringify(filename)}`);
    }
    const type = contentType.trim().toLowerCase();
    if (!CONTENT_TYPE.test(type)) throw new Error(`Attachment ${name}: content type must be type/subtype (${JSON.stringify(contentType)} given)`);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    total += bytes.length;
    if (total > MAX_ATTACHMENT_BYTES) throw new Error(`An e-mail's files come to at most ${MAX_ATTACHMENT_BYTES} bytes together`);
    return { filename: name, contentType: type, content: bytes.toString('base64') };
  });
}

/**
 * The iTIP method (REQUEST, CANCEL, PUBLISH…) an iCalendar object declares, upper case, or undefined
 * when it declares none: the `text/calendar` part of the e-mail must name the same one, or Outlook
 * and Gmail do not show it as an invitation.
 */
export function calendarMethodOf(ics: string): string | undefined {
  const body = ics.split(/\r?\nBEGIN:(?:VEVENT|VTODO|VJOURNAL|VFREEBUSY|VTIMEZONE)\b/i)[0] ?? '';
  return /^METHOD:([A-Za-z-]+)\s*$/m.exec(body)?.[1]?.toUpperCase();
}
