import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { StagedWrite } from '../../common/events/domain-events.js';
import { joinSql, type Sql } from '../../database/sql-fragment.js';
import type { TemplateKey, TemplateVariables } from '../templates/template-catalogue.js';
import type { EmailButton } from '../templates/template-renderer.js';
import { isMarketing } from '../templates/template-class.rules.js';
import { TemplatesService } from '../templates/templates.service.js';
import { newUnsubscribeToken, suppressedMessage, unsubscribeUrl } from './email-preferences.rules.js';
import { EmailPreferencesRepository } from './email-preferences.repository.js';
import { NotificationStatus } from '@relining/contracts/notification-status';
import { isDeliverableAddress, messageIdDomain, toStoredAttachments, type EmailAttachment } from './notification.rules.js';
import { NotificationsRepository, type EntityEmailRow, type NewMessage } from './notifications.repository.js';

/** An e-mail to queue: template `K` with exactly the values it declares (checked when compiling). */
export type EmailRequest<K extends TemplateKey = TemplateKey> = { [T in K]: EmailRequestOf<T> }[K];

interface EmailRequestOf<K extends TemplateKey> {
  template: K;
  to: string;
  variables: TemplateVariables<K>;
  /** Same key, same e-mail: asking again (a retry, a second instance) queues nothing new. */
  dedupeKey?: string;
  /** What the e-mail is about, e.g. `{ type: 'job', id }`. */
  entity?: { type: string; id: string };
  /** The call to action: the template's own when not given (TEMPLATE_CATALOGUE), none when null. */
  button?: EmailButton | null;
  /** Wording to use instead of the stored template (a staff member's test of a draft; checked by the caller). */
  wording?: { subject: string; body: string };
  /**
   * The message carries a one-time link whose secret must never be stored: the variables hold the
   * link with `SECRET_LINK_PLACEHOLDER` for its secret, and the worker asks `minter` (registered in
   * LinkMinters) for a fresh one, for `ref`, at each delivery try. Preview mode never asks.
   */
  secretLink?: { minter: string; ref: string };
  /**
   * Files the message carries (stored with it, base64). A `text/calendar` file is sent as an
   * invitation Outlook and Gmail show with their calendar buttons (see mail-transport.ts).
   */
  attachments?: readonly EmailAttachment[];
}

export interface QueuedEmail {
  id: string;
  status: NotificationStatus;
  /** False when an e-mail with the same dedupe key was already queued. */
  created: boolean;
}

/** A wording that changed again each time it was read (never seen: staff save by hand) fails the e-mail. */
const MAX_RENDER_ATTEMPTS = 3;

/**
 * Queues e-mails. `enqueue` writes the rendered message inside the caller's transaction: if that
 * transaction rolls back the message never existed; once it commits the worker delivers it. `stage`
 * prepares e-mails to be written in a domain event publisher's own statement, with the same effect.
 */
@Injectable()
export class NotificationsService {
  /** The Message-ID's domain, from MAIL_FROM: worked out once. */
  private readonly messageIdDomain: string;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly repository: NotificationsRepository,
    private readonly preferences: EmailPreferencesRepository,
    private readonly dataSource: DataSource,
  ) {
    this.messageIdDomain = messageIdDomain(config.mailFrom);
  }

  /** How many e-mails failed or were given up on (read-only, for the console's Today page). */
  countFailed(): Promise<number> {
    return this.repository.countFailed();
  }

  /** Preview mode (no SMTP_URL): messages are stored for staff to read, never sent. */
  get previewMode(): boolean {
    return !this.config.smtpUrl;
  }

  /** The messages about one record, newest first. */
  emailsAbout(entityType: string, entityId: string): Promise<EntityEmailRow[]> {
    return this.repository.findAbout(entityType, entityId);
  }

  async enqueue<K extends TemplateKey>(manager: EntityManager, request: EmailRequest<K>): Promise<QueuedEmail> {
    for (let attempt = 1; ; attempt += 1) {
      const { message, stillCurrent } = await this.prepare(request, manager);
      const rows = await this.repository.insertOnce(manager, message, stillCurrent);
      if (rows === 'outdated') {
        // The wording changed since it was read into memory: read it again and render again.
        this.templates.forget();
        if (attempt < MAX_RENDER_ATTEMPTS) continue;
        throw new Error(`The e-mail template ${request.template} kept changing while an e-mail was rendered from it`);
      }
      const row = rows[0];
      if (row) return { id: row.id, status: row.status, created: row.inserted };
      // Another transaction inserted the same dedupe key and committed after this statement's snapshot
      // was taken: the conflict was seen, but not its row. A new statement sees it.
      const existing = await this.repository.findByDedupeKey(manager, request.dedupeKey!);
      if (!existing) throw new Error(`E-mail with dedupe key ${request.dedupeKey} conflicted but cannot be found`);
      return { id: existing.id, status: existing.status, created: false };
    }
  }

  /**
   * The e-mails as one write to run in a domain event publisher's own statement (a staged write):
   * checked and rendered now, from the wordings in memory; written, all of them in one INSERT, only
   * if the publisher's row is, and only while those wordings are still the saved ones.
   */
  async stage(requests: ReadonlyArray<EmailRequest>): Promise<StagedWrite> {
    const prepared = [];
    for (const request of requests) prepared.push(await this.prepare(request));
    const conditions = prepared.flatMap(({ stillCurrent }) => (stillCurrent ? [stillCurrent] : []));
    const messages = prepared.map(({ message }) => message);
    return {
      statement: (stored) => this.repository.insertManyWhen(messages, stored),
      stillCurrent: conditions.length > 0 ? joinSql(conditions, ' AND ') : undefined,
      outdated: () => this.templates.forget(),
    };
  }

  /** The row to store for a request: address checked, rendered, ids made (nothing written). */
  private async prepare<K extends TemplateKey>(request: EmailRequest<K>, manager?: EntityManager): Promise<{ message: NewMessage; stillCurrent?: Sql }> {
    const to = request.to.trim();
    if (!isDeliverableAddress(to)) {
      throw DomainError.validation([{ field: 'to', message: 'Please enter a valid email address' }]);
    }
    const marketing = isMarketing(request.template) ? await this.marketingOf(to, manager) : undefined;
    const rendered = await this.templates.render(
      manager,
      request.template,
      request.variables,
      request.button,
      request.wording,
      marketing && { website: this.config.publicBaseUrl.replace(/\/+$/, ''), unsubscribeUrl: marketing.unsubscribeUrl },
    );
    const status = marketing?.suppressed ? NotificationStatus.Cancelled : this.previewMode ? NotificationStatus.Preview : NotificationStatus.Queued;
    const id = randomUUID();
    return {
      message: {
        id,
        dedupeKey: request.dedupeKey ?? `once:${id}`,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        template: request.template,
        status,
        messageId: `<${id}@${this.messageIdDomain}>`,
        entityType: request.entity?.type ?? null,
        entityId: request.entity?.id ?? null,
        linkMinter: request.secretLink?.minter ?? null,
        linkRef: request.secretLink?.ref ?? null,
        attachments: toStoredAttachments(request.attachments ?? []),
        listUnsubscribeUrl: marketing?.unsubscribeUrl ?? null,
        lastError: marketing?.suppressed ?? null,
      },
      stillCurrent: rendered.stillCurrent,
    };
  }

  /**
   * A marketing e-mail's part of the Spam Act (issue 20): the address's unsubscribe link (its token made
   * the first time, in the caller's transaction when there is one) and, when the address unsubscribed,
   * why the message is stored cancelled instead of sent. (Delivery checks the list again.)
   */
  private async marketingOf(to: string, manager?: EntityManager): Promise<{ unsubscribeUrl: string; suppressed?: string }> {
    const executor = manager ?? this.dataSource;
    const token = await this.preferences.tokenFor(executor, to, newUnsubscribeToken());
    const suppression = await this.preferences.findSuppression(to, executor);
    return {
      unsubscribeUrl: unsubscribeUrl(this.config.publicBaseUrl, token),
      suppressed: suppression ? suppressedMessage(this.config.tzDisplay, suppression.createdAt) : undefined,
    };
  }
}
