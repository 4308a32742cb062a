import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RebateEntryState, RebateKind } from '@relining/contracts/api/rebates';

/**
 * One earned or adjusted amount of a referral's rebates (table rebate_entries, issue 15). Written only
 * by milestones and staff actions; its history is written by the database on every insert and change.
 */
@Entity({ name: 'rebate_entries' })
export class RebateEntryRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'referral_id', type: 'uuid' }) referralId!: string;
  /** The plumber credited (null while a quick referral waits for its plumber's account). */
  @Column({ name: 'plumber_id', type: 'uuid', nullable: true }) plumberId!: string | null;
  @Column({ name: 'ref_number', type: 'text' }) refNumber!: string;
  @Column({ name: 'plumber_name', type: 'text' }) plumberName!: string;
  @Column({ type: 'text' }) kind!: RebateKind;
  @Column({ name: 'amount_cents', type: 'int' }) amountCents!: number;
  @Column({ type: 'text' }) state!: RebateEntryState;
  @Column({ name: 'milestone_at', type: 'timestamptz' }) milestoneAt!: Date;
  @Column({ name: 'due_at', type: 'timestamptz', nullable: true }) dueAt!: Date | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt!: Date | null;
  @Column({ name: 'void_reason', type: 'text', nullable: true }) voidReason!: string | null;
  @Column({ name: 'void_source', type: 'text', nullable: true }) voidSource!: 'staff' | 'pipeline' | null;
  @Column({ type: 'uuid', nullable: true }) adjusts!: string | null;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy!: string | null;
  @Column({ name: 'change_reason', type: 'text', nullable: true }) changeReason!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', insert: false, update: false }) updatedAt!: Date;
}
