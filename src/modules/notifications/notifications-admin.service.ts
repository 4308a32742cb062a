import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error.js';
import { equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { queryRows } from '../../database/sql.js';
import { TEMPLATE_KEYS } from '../templates/template-catalogue.js';
import type { NotificationResponse, NotificationSummary } from './dto/notification.dto.js';
import { Notification } from './notification.entity.js';
import { NOTIFICATION_STATUSES } from './notification-status.js';

export const NOTIFICATION_LIST = defineListSpec({
  resource: 'notifications',
  idColumn: 'n.id',
  sortable: { createdAt: 'n.created_at', sentAt: 'n.sent_at', to: 'lower(n.to_address)', status: 'n.status', attempts: 'n.attempts' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['n.to_address', 'n.subject']),
    to: { apply: (query, value, name) => equals('lower(n.to_address)').apply(query, typeof value === 'string' ? value.trim().toLowerCase() : value, name) },
    status: equals('n.status', NOTIFICATION_STATUSES),
    templateKey: equals('n.template_key', TEMPLATE_KEYS),
    entityType: equals('n.entity_type'),
    entityId: equals('n.entity_id'),
    id: ids('n.id'),
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The staff Outbox: every message with its delivery state, and Resend for failed or dead ones. */
@Injectable()
export class NotificationsAdminService {
  constructor(private readonly dataSource: DataSource) {}

  async list(params: ListParams): Promise<{ rows: NotificationSummary[]; total: number; offset: number }> {
    const list = parseListParams(params, NOTIFICATION_LIST);
    const query = applyListQuery(
      this.dataSource
        .getRepository(Notification)
        .createQueryBuilder('n')
        .select(['n.id', 'n.to', 'n.subject', 'n.templateKey', 'n.status', 'n.attempts', 'n.lastError', 'n.createdAt', 'n.sentAt']),
      list,
      NOTIFICATION_LIST,
    );
    const [rows, total] = await query.getManyAndCount();
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

  async get(id: string): Promise<NotificationResponse> {
    const row = await this.dataSource.getRepository(Notification).findOneBy({ id });
    if (!row) throw DomainError.notFound('Message not found.');
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
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
    };
  }

  /** Puts a failed or dead message back in the queue for a fresh series of tries (same Message-ID). */
  async resend(id: string): Promise<NotificationResponse> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE notifications SET status = 'queued', attempts = 0, next_attempt_at = now(), locked_until = NULL, updated_at = now()
       WHERE id = $1 AND status IN ('failed', 'dead') RETURNING id`,
      [id],
    );
    if (rows.length === 0) {
      await this.get(id); // 404 when it does not exist
      throw new DomainError('NOT_RESENDABLE', 'Only failed or dead messages can be resent.', HttpStatus.CONFLICT);
    }
    return this.get(id);
  }
}
