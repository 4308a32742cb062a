import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { JobStatus } from '@relining/contracts/job-status';

/** A customer's job and its tracking link (spec §3 Job, issue 4). */
@Entity({ name: 'jobs' })
export class Job {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The 'Job ID' as staff type it, e.g. JOB-1001 (unique, case-insensitive). */
  @Column({ name: 'job_number', type: 'text' })
  jobNumber!: string;

  @Column({ name: 'customer_name', type: 'text' })
  customerName!: string;

  @Column({ name: 'customer_email', type: 'text' })
  customerEmail!: string;

  @Column({ name: 'customer_phone', type: 'text', nullable: true })
  customerPhone!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ type: 'text' })
  status!: JobStatus;

  /** Never changes after creation: links already sent keep working. */
  @Column({ name: 'tracking_code', type: 'text' })
  trackingCode!: string;

  @Column({ name: 'booking_id', type: 'uuid', nullable: true })
  bookingId!: string | null;

  @Column({ name: 'referral_id', type: 'uuid', nullable: true })
  referralId!: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** Set when staff retire the job: kept, out of the active list, its tracking page 'Invalid Job ID'. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  @Column({ name: 'archived_by', type: 'uuid', nullable: true })
  archivedBy!: string | null;
}
