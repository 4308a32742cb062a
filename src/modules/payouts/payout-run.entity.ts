import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PayoutRunStatus } from '@relining/contracts/api/payouts';
import type { ExcludedPayee } from './payout.rules.js';

/** A payout run (table payout_runs, issue 18): its totals are summed from its entries. */
@Entity({ name: 'payout_runs' })
export class PayoutRunRow {
  @PrimaryColumn('uuid') id!: string;
  @Column({ type: 'int', insert: false, update: false }) number!: number;
  @Column({ type: 'text' }) status!: PayoutRunStatus;
  @Column({ name: 'due_before', type: 'date', nullable: true }) dueBefore!: string | null;
  @Column({ type: 'jsonb' }) excluded!: ExcludedPayee[];
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', insert: false, update: false }) updatedAt!: Date;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt!: Date | null;
  @Column({ name: 'paid_by', type: 'uuid', nullable: true }) paidBy!: string | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt!: Date | null;
  @Column({ name: 'file_downloaded_at', type: 'timestamptz', nullable: true }) fileDownloadedAt!: Date | null;
  @Column({ name: 'file_plumber_ids', type: 'uuid', array: true, nullable: true }) filePlumberIds!: string[] | null;
}
