import { HttpStatus, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { AuditService } from '../audit/audit.service.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { NotificationResponse, NotificationSummary } from './dto/notification.dto.js';
import { withEmailLogoInline } from '../templates/email-logo.js';
import { NOTIFICATION_CSV_COLUMNS, NOTIFICATION_LIST, NotificationsRepository } from './notifications.repository.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The staff Outbox: every message with its delivery state, and Resend for failed or dead ones. */
@Injectable()
export class NotificationsAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: NotificationsRepository,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(params: ListParams): Promise<{ rows: NotificationSummary[]; total: number; offset: number }> {
    const list = parseListParams(params, NOTIFICATION_LIST);
    const [rows, total] = await this.repository.findForAdminList(list);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        templateKey: row.templateKey,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
      })),
      total,
      offset: list.offset,
    };
  }

  csvFileName(now: Date = new Date()): string {
    return `notifications-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /**
   * Every message matching the Outbox's filter as CSV (no bodies), streamed by the shared exporter,
   * times in TZ_DISPLAY; audited with the filter and the row count.
   */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, NOTIFICATION_LIST);
    const finished = this.audit.exportRecorder({ list: 'notifications', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      NOTIFICATION_CSV_COLUMNS.map((column) => (column === 'created_at' || column === 'sent_at' ? `${column} (${zone})` : column)),
      finished,
    );
  }

  async get(id: string): Promise<NotificationResponse> {
    const row = await this.repository.findById(id);
    if (!row) throw DomainError.notFound('Message not found.');
    const attachments = await this.repository.findAttachmentListing(id);
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      // As sent, but with the logo inline: the console shows it in a frame that has no attachments.
      html: await withEmailLogoInline(row.html),
      templateKey: row.templateKey,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      entityType: row.entityType,
      entityId: row.entityId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      sentAt: iso(row.sentAt),
      nextAttemptAt: row.status === 'queued' || row.status === 'failed' ? row.nextAttemptAt.toISOString() : null,
      attachments,
    };
  }

  /** Puts a failed or dead message back in the queue for a fresh series of tries (same Message-ID). */
  async resend(id: string): Promise<NotificationResponse> {
    const requeued = await this.dataSource.transaction(async (manager) => {
      const previous = await this.repository.requeueFailed(manager, id);
      if (previous) {
        await this.audit.record(manager, {
          entity: 'notification',
          entityId: id,
          action: 'resend',
          before: { status: previous.status, attempts: previous.attempts },
          after: { status: 'queued', attempts: 0 },
        });
      }
      return previous !== undefined;
    });
    if (!requeued) {
      await this.get(id); // 404 when it does not exist
      throw new DomainError('NOT_RESENDABLE', 'Only failed or dead messages can be resent.', HttpStatus.CONFLICT);
    }
    return this.get(id);
  }
}
