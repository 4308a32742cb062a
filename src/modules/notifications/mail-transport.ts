import nodemailer from 'nodemailer';
import type { InlineImage } from '../templates/email-logo.js';
import { calendarMethodOf } from './notification.rules.js';

/** A file the message carries, for its reader (not shown inside the HTML). */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Extra headers: a marketing message's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Readonly<Record<string, string>>;
  /** Images the HTML part shows by `cid:` (the logo), sent inside the message. */
  attachments?: readonly InlineImage[];
  /** Files for the reader: a `text/calendar` one is sent as a calendar invitation (see `nodemailerFiles`). */
  files?: readonly MailFile[];
}

/** Where the worker hands a message over; nodemailer over SMTP in the product. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves if the peer answers (connects and greets), without sending anything. */
  verify(): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * A pooled SMTP transport for `SMTP_URL` (options such as `?ignoreTLS=true` may ride on the URL).
 * Timeouts are bounded by `sendTimeoutMs` (MAIL_SEND_TIMEOUT_MS; connecting and the greeting a third
 * of it each) so a silent peer cannot hold a message longer than the worker's lease (three times it).
 */
export function createSmtpTransport(smtpUrl: string, maxConnections: number, sendTimeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    maxMessages: 1_000,
    connectionTimeout: Math.round(sendTimeoutMs / 3),
    greetingTimeout: Math.round(sendTimeoutMs / 3),
    socketTimeout: sendTimeoutMs,
  });
  return {
    async send(mail: OutgoingMail): Promise<void> {
      const files = nodemailerFiles(mail.files ?? []);
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { ...mail.headers },
        icalEvent: files.icalEvent,
        attachments: [...(mail.attachments ?? []).map((image) => ({ ...image, contentDisposition: 'inline' as const })), ...files.attachments],
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    async verify(): Promise<void> {
      await transporter.verify();
    },
    close(): void {
      transporter.close();
    },
  };
}

/**
 * The message's files as nodemailer takes them. The first `text/calendar` file goes as nodemailer's
 * `icalEvent`: a `text/calendar; method=…` alternative of the text and HTML bodies (what Outlook and
 * Gmail read as an invitation, with Accept/Decline or "Add to calendar") and the same file again as
 * an `application/ics` attachment under its name, for clients that only save files: the shape of the
 * invitations Google Calendar and Outlook send themselves. As a plain attachment it would only show
 * as a file. Every other file is an ordinary attachment.
 */
export function nodemailerFiles(files: readonly MailFile[]): {
  icalEvent?: { filename: string; method: string; content: string };
  attachments: Array<MailFile & { contentDisposition: 'attachment' }>;
} {
  const calendar = files.find((file) => file.contentType === 'text/calendar');
  const attachments = files.filter((file) => file !== calendar).map((file) => ({ ...file, contentDisposition: 'attachment' as const }));
  if (!calendar) return { attachments };
  const content = calendar.content.toString('utf8');
  return { icalEvent: { filename: calendar.filename, method: calendarMethodOf(content) ?? 'PUBLISH', content }, attachments };
}
