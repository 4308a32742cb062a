import nodemailer from 'nodemailer';
import type { InlineImage } from '../templates/email-logo.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Images the HTML part shows by `cid:` (the logo), sent inside the message. */
  attachments?: readonly InlineImage[];
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
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        attachments: (mail.attachments ?? []).map((image) => ({ ...image, contentDisposition: 'inline' as const })),
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
