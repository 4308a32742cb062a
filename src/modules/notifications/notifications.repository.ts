import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import type { FailureOutcome } from './notification.rules.js';

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
}

/** The worker's queries over the outbox. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

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
                 n.message_id AS "messageId", n.attempts, n.link_minter AS "linkMinter", n.link_ref AS "linkRef"`,
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
