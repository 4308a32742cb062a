import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type ParsedList } from '../../common/react-admin/list-query.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { queryRows } from '../../database/sql.js';
import { joinSql, raw, sql, type Sql } from '../../database/sql-fragment.js';
import { TEMPLATE_KEYS } from '../templates/template-catalogue.js';
import { Notification } from './notification.entity.js';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '@relining/contracts/notification-status';
import type { FailureOutcome, StoredAttachment } from './notification.rules.js';

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

/** The Outbox export's columns, in order: the delivery record, never the bodies or attachments. */
export const NOTIFICATION_CSV_COLUMNS = ['id', 'created_at', 'to', 'subject', 'template', 'status', 'attempts', 'last_error', 'sent_at'] as const;

/** A rendered message as the outbox stores it. */
export interface NewMessage {
  id: string;
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  status: NotificationStatus;
  messageId: string;
  entityType: string | null;
  entityId: string | null;
  linkMinter: string | null;
  linkRef: string | null;
  /** The files it carries (none: `[]`). */
  attachments: StoredAttachment[];
  /** A marketing message's unsubscribe address (its List-Unsubscribe header); null for a transactional one. */
  listUnsubscribeUrl: string | null;
  /** Why it is stored already cancelled (a marketing message to a suppressed address), else null. */
  lastError: string | null;
}

export interface ClaimedMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attempts: number;
  /** A one-time link to make at delivery (see EmailRequest.secretLink), or null. */
  linkMinter: string | null;
  linkRef: string | null;
  attachments: StoredAttachment[];
  /** A marketing message's unsubscribe address: sent as List-Unsubscribe, and the suppression list is checked again first. */
  listUnsubscribeUrl: string | null;
}

/** A file of a message as the staff Outbox lists it: never its content. */
export interface AttachmentListing {
  filename: string;
  contentType: string;
}

/** A message's columns in INSERT order (the id typed: it is not text). */
function messageValues(message: NewMessage): Sql {
  return sql`${message.id}::uuid, ${message.dedupeKey}, ${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${message.template},
    ${message.status}, ${message.messageId}, ${message.entityType}::text, ${message.entityId}::text, ${message.linkMinter}::text, ${message.linkRef}::text,
    ${JSON.stringify(message.attachments)}::jsonb, ${message.listUnsubscribeUrl}::text, ${message.lastError}::text`;
}

/** The worker's queries over the outbox. */
/** A message as a record's console detail shows it. */
export interface EntityEmailRow {
  id: string;
  to: string;
  subject: string;
  status: NotificationStatus;
  templateKey: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many messages the outbox gave up on or failed to send (status 'failed' or 'dead'): the console's Today page. */
  async countFailed(): Promise<number> {
    const [row] = await queryRows<{ count: number }>(this.dataSource, `SELECT count(*)::int AS count FROM notifications WHERE status IN ('failed', 'dead')`);
    return row?.count ?? 0;
  }

  /**
   * Writes a rendered message in the caller's transaction unless its dedupe key is taken; answers the
   * row with that key (the new one, inserted: true; or the one already there, as far as this statement
   * sees it: nothing when another transaction's row committed after the statement's snapshot).
   * `stillCurrent`: what the message was rendered from is still the saved wording; when false, nothing
   * is written and the answer is 'outdated'.
   */
  async insertOnce(
    manager: EntityManager,
    message: NewMessage,
    stillCurrent?: Sql,
  ): Promise<'outdated' | Array<{ id: string; status: NotificationStatus; inserted: boolean }>> {
    const { text, values } = sql`WITH fresh AS (SELECT coalesce(${stillCurrent ?? raw('true')}, false) AS ok),
       inserted AS (
         INSERT INTO notifications (id, dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id, entity_type, entity_id, link_minter, link_ref, attachments, list_unsubscribe_url, last_error)
         SELECT ${messageValues(message)} FROM fresh WHERE fresh.ok
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id, status
       )
       SELECT id, status, true AS inserted, true AS fresh FROM inserted
       UNION ALL
       SELECT id, status, false, true FROM notifications
       WHERE dedupe_key = ${message.dedupeKey} AND NOT EXISTS (SELECT 1 FROM inserted) AND (SELECT ok FROM fresh)
       UNION ALL
       SELECT NULL, NULL, false, false FROM fresh WHERE NOT fresh.ok`.toQuery();
    const rows = await queryRows<{ id: string; status: NotificationStatus; inserted: boolean; fresh: boolean }>(manager, text, values);
    if (rows.some((row) => !row.fresh)) return 'outdated';
    return rows.map(({ id, status, inserted }) => ({ id, status, inserted }));
  }

  /**
   * Rendered messages as one statement (`INSERT … VALUES (…), (…)`) to run inside another module's
   * statement (a staged write), only when the relation `when` has a row; a taken dedupe key is skipped.
   */
  insertManyWhen(messages: readonly NewMessage[], when: Sql): Sql {
    return sql`INSERT INTO notifications (id, dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id, entity_type, entity_id, link_minter, link_ref, attachments, list_unsubscribe_url, last_error)
       SELECT * FROM (VALUES ${joinSql(
         messages.map((message) => sql`(${messageValues(message)})`),
         ', ',
       )}) AS m (id, dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id, entity_type, entity_id, link_minter, link_ref, attachments, list_unsubscribe_url, last_error)
       WHERE EXISTS (SELECT FROM ${when})
       ON CONFLICT (dedupe_key) DO NOTHING`;
  }

  /** One page of the staff Outbox (the columns of its list, not the bodies). */
  findForAdminList(list: ParsedList): Promise<[Notification[], number]> {
    return applyListQuery(
      this.dataSource
        .getRepository(Notification)
        .createQueryBuilder('n')
        .select(['n.id', 'n.to', 'n.subject', 'n.templateKey', 'n.status', 'n.attempts', 'n.lastError', 'n.createdAt', 'n.sentAt']),
      list,
      NOTIFICATION_LIST,
    ).getManyAndCount();
  }

  /**
   * Every message matching the Outbox's filter and sort, in NOTIFICATION_CSV_COLUMNS order, from a
   * database cursor (times in `timeZone`): memory stays flat however many there are. The caller releases it.
   */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const filtered = applyListQuery(
      this.dataSource.getRepository(Notification).createQueryBuilder('n'),
      { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER },
      NOTIFICATION_LIST,
    )
      .offset(undefined)
      .limit(undefined);
    filtered
      .select([
        'n.id AS id',
        `to_char(n.created_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS created_at`,
        'n.to_address AS to_address',
        'n.subject AS subject',
        'n.template_key AS template_key',
        'n.status AS status',
        'n.attempts::text AS attempts',
        'n.last_error AS last_error',
        `to_char(n.sent_at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS sent_at`,
      ])
      .setParameter('tz', timeZone);
    return openQueryCursor(this.dataSource, filtered);
  }

  /** The messages about one record (a job, a booking…), newest first: its console detail lists them. */
  findAbout(entityType: string, entityId: string): Promise<EntityEmailRow[]> {
    return queryRows<EntityEmailRow>(
      this.dataSource,
      `SELECT id, to_address AS "to", subject, status, template_key AS "templateKey", created_at AS "createdAt", sent_at AS "sentAt"
       FROM notifications WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at DESC, id`,
      [entityType, entityId],
    );
  }

  findById(id: string): Promise<Notification | null> {
    return this.dataSource.getRepository(Notification).findOneBy({ id });
  }

  /** A message's files, in order, by name and type only: their content stays in the database. */
  findAttachmentListing(id: string): Promise<AttachmentListing[]> {
    return queryRows<AttachmentListing>(
      this.dataSource,
      `SELECT file ->> 'filename' AS filename, file ->> 'contentType' AS "contentType"
       FROM notifications n CROSS JOIN LATERAL jsonb_array_elements(n.attachments) WITH ORDINALITY AS f (file, position)
       WHERE n.id = $1 ORDER BY f.position`,
      [id],
    );
  }

  /**
   * A failed or dead message queued again for a fresh series of tries, in the caller's transaction:
   * answers its status and attempts before, or undefined when it is neither (or missing).
   */
  async requeueFailed(manager: EntityManager, id: string): Promise<{ status: NotificationStatus; attempts: number } | undefined> {
    const [row] = await queryRows<{ status: NotificationStatus; attempts: number }>(
      manager,
      `UPDATE notifications n SET status = 'queued', attempts = 0, next_attempt_at = now(), locked_until = NULL, updated_at = now()
       FROM (SELECT id, status, attempts FROM notifications WHERE id = $1 FOR UPDATE) previous
       WHERE n.id = previous.id AND previous.status IN ('failed', 'dead') RETURNING previous.status, previous.attempts`,
      [id],
    );
    return row;
  }

  async findByDedupeKey(manager: EntityManager, dedupeKey: string): Promise<{ id: string; status: NotificationStatus } | undefined> {
    const [row] = await queryRows<{ id: string; status: NotificationStatus }>(manager, `SELECT id, status FROM notifications WHERE dedupe_key = $1`, [
      dedupeKey,
    ]);
    return row;
  }

  /**
   * Takes up to `limit` due messages for this worker: counts the try and leases the rows until
   * `leaseMs` from now. `SKIP LOCKED` and the lease mean two workers never take the same message;
   * a lease that runs out (its worker died) makes the message due again.
   */
  /**
   * Claims up to `limit` due messages for `claimant` (the worker's own PostgreSQL session,
   * `pid@backend_start`, or null). A message is free when it holds no lease, its lease ran out, or the
   * session that claimed it is gone (its server was killed): the last is what lets a restarted server
   * send at once what the killed one had claimed.
   */
  async claimDue(limit: number, leaseMs: number, claimant: string | null): Promise<ClaimedMessage[]> {
    return queryRows<ClaimedMessage>(
      this.dataSource,
      `WITH due AS (
         SELECT id FROM notifications n
         WHERE status IN ('queued', 'failed')
           AND next_attempt_at <= now()
           AND (locked_until IS NULL OR locked_until < now()
                OR (claimed_by IS NOT NULL AND NOT EXISTS (
                      SELECT 1 FROM pg_stat_activity a
                      WHERE a.pid = split_part(n.claimed_by, '@', 1)::int AND a.backend_start::text = split_part(n.claimed_by, '@', 2))))
         ORDER BY next_attempt_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE notifications n
       SET attempts = n.attempts + 1, locked_until = now() + $2 * interval '1 millisecond', claimed_by = $3, updated_at = now()
       FROM due WHERE n.id = due.id
       RETURNING n.id, n.to_address AS "to", n.subject, n.text_body AS text, n.html_body AS html,
                 n.message_id AS "messageId", n.attempts, n.link_minter AS "linkMinter", n.link_ref AS "linkRef", n.attachments,
                 n.list_unsubscribe_url AS "listUnsubscribeUrl"`,
      [limit, leaseMs, claimant],
    );
  }

  /**
   * Only the holder of the lease (same try number) may record the outcome. `to`: where it went, when
   * that was the account's own spelling of the address rather than the one typed.
   */
  async markSent(message: ClaimedMessage, to: string = message.to): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications
       SET status = 'sent', sent_at = now(), to_address = $3, locked_until = NULL, claimed_by = NULL, last_error = NULL, updated_at = now()
       WHERE id = $1 AND attempts = $2`,
      [message.id, message.attempts, to],
    );
  }

  /** The message's one-time link can no longer be given: it is not sent, and says why. */
  async markCancelled(message: ClaimedMessage, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications
       SET status = 'cancelled', last_error = $3, locked_until = NULL, claimed_by = NULL, updated_at = now()
       WHERE id = $1 AND attempts = $2`,
      [message.id, message.attempts, reason.slice(0, 2_000)],
    );
  }

  /**
   * Every message waiting after a failed try (and not claimed) is due now: the peer it waited for
   * answers again. Answers how many.
   */
  async retryWaitingNow(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE notifications SET next_attempt_at = now(), updated_at = now()
       WHERE status = 'failed' AND next_attempt_at > now() AND (locked_until IS NULL OR locked_until < now())
       RETURNING id`,
    );
    return rows.length;
  }

  async markFailed(message: ClaimedMessage, outcome: FailureOutcome, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications
       SET status = $3, last_error = $4, next_attempt_at = now() + $5 * interval '1 millisecond',
           locked_until = NULL, claimed_by = NULL, updated_at = now()
       WHERE id = $1 AND attempts = $2`,
      [message.id, message.attempts, outcome.status, error.slice(0, 2_000), outcome.retryInMs],
    );
  }
}
