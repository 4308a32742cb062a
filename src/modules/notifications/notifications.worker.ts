import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import pg from 'pg';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DATABASE_URL } from '../../database/database.module.js';
import { inlineImagesFor } from '../templates/email-logo.js';
import { listUnsubscribeHeaders, suppressedMessage } from './email-preferences.rules.js';
import { EmailPreferencesRepository } from './email-preferences.repository.js';
import { LinkMinters, withSecret } from './link-minters.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { afterFailedAttempt, isPeerUnreachable } from './notification.rules.js';
import { NotificationsRepository, type ClaimedMessage } from './notifications.repository.js';

/**
 * A claimed message stays the worker's for three times MAIL_SEND_TIMEOUT_MS (3 minutes by default):
 * longer than the SMTP transport's own timeouts, so a live worker never loses its lease mid-send. A
 * worker that dies (crash, SIGKILL) leaves its messages to be taken again when the lease runs out.
 */
const LEASE_TIMEOUTS = 3;
/** Recording a delivery while the database is away: tried again after 250 ms, then twice as long each time, up to 5 s. */
const RECORD_RETRY_FIRST_MS = 250;
const RECORD_RETRY_MAX_MS = 5_000;
const WAKE_CHANNEL = 'notifications_queued';

/**
 * Delivers the outbox. Woken at once by PostgreSQL (LISTEN/NOTIFY when a message is queued and its
 * transaction commits) and, as a safety net and for retries, on a @nestjs/schedule interval. Any
 * number of server instances can run it on one database: claims use `FOR UPDATE SKIP LOCKED` and a lease.
 */
@Injectable()
export class NotificationsWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(NotificationsWorker.name);
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private listener: pg.Client | null = null;
  /** The listener's session (`pid@backend_start`): claims made under it are free once it is gone. */
  private claimant: string | null = null;
  private connectingListener = false;
  /** A try could not reach the SMTP peer at all: it is down or unreachable until it answers again. */
  private peerUnreachable = false;
  private probing = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: NotificationsRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport | null,
    private readonly scheduler: SchedulerRegistry,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly minters: LinkMinters,
    private readonly preferences: EmailPreferencesRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.transport) {
      this.logger.warn('SMTP_URL is not set: preview mode, e-mails are stored but not sent');
      return;
    }
    const timer = setInterval(() => {
      void this.ensureListener();
      void this.probePeer();
      this.wake();
    }, this.config.mail.pollIntervalMs);
    timer.unref();
    this.scheduler.addInterval('notifications-worker', timer);
    void this.ensureListener();
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.scheduler.doesExist('interval', 'notifications-worker')) this.scheduler.deleteInterval('notifications-worker');
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    this.transport?.close();
  }

  /** Starts a delivery round, or asks the running one to look again when it finishes. */
  wake(): void {
    if (this.stopped || !this.transport) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  /** Resolves once the outbox holds nothing due (tests and shutdown use it). */
  async drainNow(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    const batchSize = this.config.mail.concurrency * 4;
    while (!this.stopped) {
      let batch: ClaimedMessage[];
      try {
        await this.ensureListener();
        batch = await this.repository.claimDue(batchSize, LEASE_TIMEOUTS * this.config.mail.sendTimeoutMs, this.claimant);
      } catch (error) {
        this.logger.warn(`Outbox unavailable, will retry: ${(error as Error).message}`);
        return;
      }
      if (batch.length === 0) return;
      // MAIL_CONCURRENCY lanes, each sending its next message only once the last one is recorded: at
      // most that many messages are ever delivered but not yet recorded, which is what a kill can
      // make the next server send again (once, under the same Message-ID).
      const waiting = [...batch];
      const lanes = Math.min(this.config.mail.concurrency, waiting.length);
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          for (let message = waiting.shift(); message; message = waiting.shift()) await this.deliver(message);
        }),
      );
    }
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    if (await this.unsubscribedSinceQueued(message)) return;
    let mail = message;
    try {
      if (message.linkMinter && message.linkRef) {
        // A one-time link is made now, for this try only: the stored message keeps `[link hidden]`,
        // and the secret exists only in what goes to the SMTP server (and, hashed, with its owner).
        const link = await this.minters.mint(message.linkMinter, message.linkRef);
        if (link.kind === 'withdrawn') {
          this.logger.log({ notificationId: message.id }, `E-mail not sent: ${link.reason}`);
          await this.record(
            () => this.repository.markCancelled(message, `Not sent: ${link.reason}`),
            (dbError) => {
              this.logger.warn(`Could not record a cancelled e-mail (${message.id}); it will be looked at again when its lease runs out: ${dbError.message}`);
            },
          );
          return;
        }
        mail = { ...message, to: link.to, text: withSecret(message.text, link.secret), html: withSecret(message.html, link.secret) };
      }
    } catch (error) {
      // The link's owner could not make it (its database is away, a bug): a failed try like any other, retried.
      const outcome = afterFailedAttempt(message.attempts, this.config.mail);
      const reason = `Could not make the message's link: ${(error as Error).message}`;
      this.logger.warn({ notificationId: message.id, attempt: message.attempts, outcome: outcome.status }, `E-mail not delivered: ${reason}`);
      await this.record(
        () => this.repository.markFailed(message, outcome, reason),
        (dbError) => {
          this.logger.warn(`Could not record a failed delivery (${message.id}); it will be tried again when its lease runs out: ${dbError.message}`);
        },
      );
      return;
    }
    try {
      await this.transport!.send({
        ...mail,
        from: this.config.mailFrom,
        headers: listUnsubscribeHeaders(mail.listUnsubscribeUrl),
        attachments: await inlineImagesFor(mail.html),
        files: mail.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content, 'base64') })),
      });
    } catch (error) {
      if (isPeerUnreachable(error as { code?: unknown; responseCode?: unknown })) this.peerUnreachable = true;
      const outcome = afterFailedAttempt(message.attempts, this.config.mail);
      const reason = describeSmtpError(error);
      this.logger.warn({ notificationId: message.id, attempt: message.attempts, outcome: outcome.status }, `E-mail not delivered: ${reason}`);
      await this.record(
        () => this.repository.markFailed(message, outcome, reason),
        (dbError) => {
          this.logger.warn(`Could not record a failed delivery (${message.id}); it will be tried again when its lease runs out: ${dbError.message}`);
        },
      );
      return;
    }
    await this.record(
      () => this.repository.markSent(message, mail.to),
      (dbError) => {
        this.logger.error(`Could not record a delivery (${message.id}); it will be sent again, with the same Message-ID: ${dbError.message}`);
      },
    );
    if (this.peerUnreachable) await this.peerBack();
  }

  /**
   * A marketing message (it has an unsubscribe address) to an address that unsubscribed since it was
   * queued is not sent but cancelled, with the reason: the suppression applies at once (Spam Act).
   * Transactional messages are never checked. Answers whether the message is done with (cancelled, or
   * its try failed because the list could not be read: retried like any failed try).
   */
  private async unsubscribedSinceQueued(message: ClaimedMessage): Promise<boolean> {
    if (!message.listUnsubscribeUrl) return false;
    let reason: string | undefined;
    try {
      const suppression = await this.preferences.findSuppression(message.to);
      if (!suppression) return false;
      reason = suppressedMessage(this.config.tzDisplay, suppression.createdAt);
    } catch (error) {
      const outcome = afterFailedAttempt(message.attempts, this.config.mail);
      const failure = `Could not read the suppression list: ${(error as Error).message}`;
      this.logger.warn({ notificationId: message.id, attempt: message.attempts, outcome: outcome.status }, `E-mail not delivered: ${failure}`);
      await this.record(
        () => this.repository.markFailed(message, outcome, failure),
        (dbError) => {
          this.logger.warn(`Could not record a failed delivery (${message.id}); it will be tried again when its lease runs out: ${dbError.message}`);
        },
      );
      return true;
    }
    this.logger.log({ notificationId: message.id }, 'Marketing e-mail not sent: the address unsubscribed');
    await this.record(
      () => this.repository.markCancelled(message, reason),
      (dbError) => {
        this.logger.warn(`Could not record a cancelled e-mail (${message.id}); it will be looked at again when its lease runs out: ${dbError.message}`);
      },
    );
    return true;
  }

  /** While the peer is unreachable, asks it on every poll whether it is back (connect and greet, nothing sent). */
  private async probePeer(): Promise<void> {
    if (!this.peerUnreachable || this.probing || this.stopped) return;
    this.probing = true;
    try {
      await this.transport!.verify();
      await this.peerBack();
    } catch {
      // still away
    } finally {
      this.probing = false;
    }
  }

  /**
   * The peer answers again: what failed while it was away is due now rather than after its backoff
   * (up to minutes), so the outbox drains as soon as the peer is back.
   */
  private async peerBack(): Promise<void> {
    if (!this.peerUnreachable) return;
    this.peerUnreachable = false;
    const waiting = await this.repository.retryWaitingNow().catch(() => 0);
    if (waiting > 0) this.logger.log(`SMTP peer reachable again: ${waiting} waiting e-mails due now`);
    this.wake();
  }

  /**
   * Records the outcome of a try, trying again while the database is briefly away (a restart, a
   * fail-over) for as long as the lease lasts: a delivery not recorded would be sent twice.
   */
  private async record(write: () => Promise<void>, onGiveUp: (error: Error) => void): Promise<void> {
    const giveUpAt = Date.now() + LEASE_TIMEOUTS * this.config.mail.sendTimeoutMs - RECORD_RETRY_MAX_MS;
    for (let wait = RECORD_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
      try {
        await write();
        return;
      } catch (error) {
        if (this.stopped || Date.now() + wait > giveUpAt) {
          onGiveUp(error as Error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async ensureListener(): Promise<void> {
    if (this.listener || this.connectingListener || this.stopped) return;
    this.connectingListener = true;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'notifications-worker' });
    const drop = (): void => {
      if (this.listener === client) {
        this.listener = null;
        this.claimant = null;
      }
      void client.end().catch(() => undefined);
    };
    client.on('error', drop);
    client.on('end', () => {
      if (this.listener === client) {
        this.listener = null;
        this.claimant = null;
      }
    });
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
      const { rows } = await client.query<{ session: string }>(
        `SELECT pid || '@' || backend_start::text AS session FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
      );
      if (this.stopped) drop();
      else {
        this.listener = client;
        this.claimant = rows[0]?.session ?? null;
      }
    } catch {
      drop(); // polling continues; the next tick tries again
    } finally {
      this.connectingListener = false;
    }
  }
}

function describeSmtpError(error: unknown): string {
  const e = error as { message?: string; code?: string; responseCode?: number };
  const parts = [e.code, e.responseCode ? String(e.responseCode) : undefined, e.message].filter(Boolean);
  return parts.join(' ') || 'Unknown error';
}
