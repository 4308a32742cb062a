import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { NotificationStatus } from '@relining/contracts/notification-status';

/** One outgoing e-mail: written in the transaction of the change that causes it, then delivered by the worker. */
@Entity({ name: 'notifications' })
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Makes an e-mail send at most once, whichever code path or server instance asks for it again. */
  @Column({ name: 'dedupe_key', type: 'text', unique: true })
  dedupeKey!: string;

  @Column({ name: 'to_address', type: 'text' })
  to!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ name: 'text_body', type: 'text' })
  text!: string;

  @Column({ name: 'html_body', type: 'text' })
  html!: string;

  @Column({ name: 'template_key', type: 'text', nullable: true })
  templateKey!: string | null;

  @Column({ type: 'text' })
  status!: NotificationStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  /** A worker's lease on the message while it sends; an expired lease means that worker died. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  /** Fixed when queued, so a repeat after a crash carries the same Message-ID and can be recognised. */
  @Column({ name: 'message_id', type: 'text', unique: true })
  messageId!: string;

  /** What the e-mail is about (e.g. `job` + its id), so a record can list the e-mails sent for it. */
  @Column({ name: 'entity_type', type: 'text', nullable: true })
  entityType!: string | null;

  @Column({ name: 'entity_id', type: 'text', nullable: true })
  entityId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
