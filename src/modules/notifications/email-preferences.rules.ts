import { randomBytes } from 'node:crypto';
import { dateFormat } from '@relining/contracts/date-format';

/**
 * The Spam Act's rules for marketing e-mail (issue 20), pure: the unsubscribe address, the RFC 8058
 * headers, how an address is shown on the unsubscribe page, and why a message was not sent.
 */

/** A new unsubscribe token: 16 random bytes (128 bits), base64url (22 characters). */
export function newUnsubscribeToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Tokens as made by `newUnsubscribeToken` (and a little longer): anything else is not looked up. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(token);
}

/** The page a marketing e-mail links to, and where a mail program's one-click POST goes (the same address). */
export function unsubscribeUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/unsubscribe/${encodeURIComponent(token)}`;
}

/**
 * The headers of a marketing message (RFC 2369 and RFC 8058): the HTTPS address in angle brackets,
 * and the one-click flag that lets a mail program unsubscribe with a POST, without opening a page.
 * A transactional message (no address) carries neither.
 */
export function listUnsubscribeHeaders(url: string | null): Record<string, string> {
  if (!url) return {};
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * An address as the unsubscribe page names it, enough for its owner to recognise it, not enough for
 * anyone holding the link to learn it: the first letter of the mailbox, then dots, and the domain
 * ('a•••@example.com.au').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** '27 November 2026': the day the address was suppressed, in the display zone. */
export function suppressionDay(timeZone: string, at: Date): string {
  const parts = dateFormat('en-AU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** Why a marketing message was stored as cancelled, or cancelled before delivery (the Outbox shows it). */
export function suppressedMessage(timeZone: string, suppressedAt: Date): string {
  return `Not sent: this address unsubscribed from marketing e-mails on ${suppressionDay(timeZone, suppressedAt)}`;
}

/**
 * A mail program's one-click unsubscribe (RFC 8058 section 3.2): a POST whose body carries
 * `List-Unsubscribe=One-Click`. Other bodies are answered the same (the address is unsubscribed
 * either way: the token is the proof), but only this one is recorded as one_click.
 */
export function isOneClickBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>)['List-Unsubscribe'];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  const text = typeof first === 'object' && first !== null && 'value' in first ? (first as { value: unknown }).value : first;
  return typeof text === 'string' && text.trim() === 'One-Click';
}
