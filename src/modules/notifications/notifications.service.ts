import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { TemplateKey, TemplateVariables } from '../templates/template-catalogue.js';
import type { EmailButton } from '../templates/template-renderer.js';
import { TemplatesService } from '../templates/templates.service.js';
import { NotificationStatus } from '@relining/contracts/notification-status';
import { isDeliverableAddress, messageIdDomain } from './notification.rules.js';
import { NotificationsRepository, type EntityEmailRow } from './notifications.repository.js';

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
  button?: EmailButton;
  /** Wording to use instead of the stored template (a staff member's test of a draft; checked by the caller). */
  wording?: { subject: string; body: string };
  /**
   * The message carries a one-time link whose secret must never be stored: the variables hold the
   * link with `SECRET_LINK_PLACEHOLDER` for its secret, and the worker asks `minter` (registered in
   * LinkMinters) for a fresh one, for `ref`, at each delivery try. Preview mode never asks.
   */
  secretLink?: { minter: string; ref: string };
}

export interface QueuedEmail {
  id: string;
  status: NotificationStatus;
  /** False when an e-mail with the same dedupe key was already queued. */
  created: boolean;
}

/**
 * Queues e-mails. `enqueue` writes the rendered message inside the caller's transaction: if that
 * transaction rolls back the message never existed; once it commits the worker delivers it.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly repository: NotificationsRepository,
  ) {}

  /** Preview mode (no SMTP_URL): messages are stored for staff to read, never sent. */
  get previewMode(): boolean {
    return !this.config.smtpUrl;
  }

  /** The messages about one record, newest first. */
  emailsAbout(entityType: string, entityId: string): Promise<EntityEmailRow[]> {
    return this.repository.findAbout(entityType, entityId);
  }

  async enqueue<K extends TemplateKey>(manager: EntityManager, request: EmailRequest<K>): Promise<QueuedEmail> {
    const to = request.to.trim();
    if (!isDeliverableAddress(to)) {
      throw DomainError.validation([{ field: 'to', message: 'Please enter a valid email address' }]);
    }
    const rendered = await this.templates.render(manager, request.template, request.variables, request.button, request.wording);
    const status = this.previewMode ? NotificationStatus.Preview : NotificationStatus.Queued;
    const id = randomUUID();
    const rows = await this.repository.insertOnce(manager, {
      id,
      dedupeKey: request.dedupeKey ?? `once:${id}`,
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      template: request.template,
      status,
      messageId: `<${id}@${messageIdDomain(this.config.mailFrom)}>`,
      entityType: request.entity?.type ?? null,
      entityId: request.entity?.id ?? null,
      linkMinter: request.secretLink?.minter ?? null,
      linkRef: request.secretLink?.ref ?? null,
    });
    const row = rows[0];
    if (row) return { id: row.id, status: row.status, created: row.inserted };
    // Another transaction inserted the same dedupe key and committed after this statement's snapshot
    // was taken: the conflict was seen, but not its row. A new statement sees it.
    const existing = await this.repository.findByDedupeKey(manager, request.dedupeKey!);
    if (!existing) throw new Error(`E-mail with dedupe key ${request.dedupeKey} conflicted but cannot be found`);
    return { id: existing.id, status: existing.status, created: false };
  }
}
