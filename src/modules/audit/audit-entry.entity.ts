import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AuditActorKind, AuditEntity, AuditFieldChange } from '@relining/contracts/api/audit';

/** One audit entry (table audit_log, issue 19): appended, never changed. */
@Entity({ name: 'audit_log' })
export class AuditEntryEntity {
  @PrimaryColumn({ type: 'bigint', insert: false, update: false }) id!: string;
  @Column({ type: 'timestamptz', insert: false, update: false }) at!: Date;
  @Column({ name: 'actor_kind', type: 'text' }) actorKind!: AuditActorKind;
  @Column({ name: 'actor_id', type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ name: 'actor_name', type: 'text' }) actorName!: string;
  @Column({ type: 'text' }) entity!: AuditEntity;
  @Column({ name: 'entity_id', type: 'text', nullable: true }) entityId!: string | null;
  @Column({ type: 'text' }) action!: string;
  @Column({ type: 'jsonb', nullable: true }) changes!: Record<string, AuditFieldChange> | null;
  @Column({ type: 'jsonb', nullable: true }) details!: Record<string, unknown> | null;
  @Column({ name: 'correlation_id', type: 'text', nullable: true }) correlationId!: string | null;
}
