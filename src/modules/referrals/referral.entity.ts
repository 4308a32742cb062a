import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { JobStatus } from '@relining/contracts/job-status';
import type { RebateStatus, ReferralSource, ReferralStatus, Urgency } from '@relining/contracts/referral-rules';

/** spec §3 Referral (table referrals), with the service types asked for and the rebates' dates. */
@Entity({ name: 'referrals' })
export class Referral {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** 'Ref ID': R-000123, from a sequence. */
  @Column({ name: 'ref_number', type: 'text', insert: false }) refNumber!: string;
  @Column({ name: 'client_name', type: 'text' }) clientName!: string;
  @Column({ name: 'client_phone', type: 'text' }) clientPhone!: string;
  @Column({ name: 'job_address', type: 'text' }) jobAddress!: string;
  /** The locality's name; its state and postcode apart, when known. */
  @Column({ type: 'text' }) suburb!: string;
  @Column({ type: 'text', nullable: true }) state!: string | null;
  @Column({ type: 'text', nullable: true }) postcode!: string | null;
  /** null for a quick referral whose plumber has no account (yet). */
  @Column({ name: 'plumber_id', type: 'uuid', nullable: true }) plumberId!: string | null;
  @Column({ name: 'plumber_name', type: 'text' }) plumberName!: string;
  @Column({ name: 'plumber_company', type: 'text' }) plumberCompany!: string;
  @Column({ name: 'plumber_phone', type: 'text' }) plumberPhone!: string;
  @Column({ name: 'plumber_email', type: 'text' }) plumberEmail!: string;
  @Column({ type: 'text' }) urgency!: Urgency;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column({ name: 'contact_client', type: 'boolean' }) contactClient!: boolean;
  @Column({ name: 'service_clean_view', type: 'boolean' }) serviceCleanView!: boolean;
  @Column({ name: 'service_reline', type: 'boolean' }) serviceReline!: boolean;
  @Column({ type: 'text' }) status!: ReferralStatus;
  @Column({ name: 'cleanview_rebate_amount_cents', type: 'int' }) cleanViewRebateCents!: number;
  @Column({ name: 'cleanview_rebate_status', type: 'text' }) cleanViewRebateStatus!: RebateStatus;
  @Column({ name: 'reline_rebate_amount_cents', type: 'int' }) relineRebateCents!: number;
  @Column({ name: 'reline_rebate_status', type: 'text' }) relineRebateStatus!: RebateStatus;
  @Column({ name: 'cleanview_completed_at', type: 'timestamptz', nullable: true }) cleanViewCompletedAt!: Date | null;
  @Column({ name: 'reline_completed_at', type: 'timestamptz', nullable: true }) relineCompletedAt!: Date | null;
  @Column({ name: 'cleanview_paid_at', type: 'timestamptz', nullable: true }) cleanViewPaidAt!: Date | null;
  @Column({ name: 'reline_paid_at', type: 'timestamptz', nullable: true }) relinePaidAt!: Date | null;
  @Column({ type: 'text' }) source!: ReferralSource;
  /** The client's e-mail, when known (a referral made by a booking). */
  @Column({ name: 'client_email', type: 'text', nullable: true }) clientEmail!: string | null;
  /** The client's phone normalised to +61, and street address with postcode: how referrals of one customer are matched. */
  @Column({ name: 'client_phone_key', type: 'text', default: '' }) clientPhoneKey!: string;
  @Column({ name: 'address_key', type: 'text', default: '' }) addressKey!: string;
  /** The booking that made this referral (source booking) or whose job it was linked to. */
  @Column({ name: 'booking_id', type: 'uuid', nullable: true }) bookingId!: string | null;
  /** The job linked to the referral, and that job's stage as last announced. */
  @Column({ name: 'job_id', type: 'uuid', nullable: true }) jobId!: string | null;
  @Column({ name: 'job_stage', type: 'text', nullable: true }) jobStage!: JobStatus | null;
  @Column({ name: 'job_quote_accepted', type: 'boolean', default: false }) jobQuoteAccepted!: boolean;
  /** Internal notes: staff only (the plumber's own are `notes`). */
  @Column({ name: 'staff_notes', type: 'text', nullable: true }) staffNotes!: string | null;
  /** A duplicate of an earlier referral of the same client: held (earns nothing) until staff decide. */
  @Column({ name: 'review_state', type: 'text', nullable: true }) reviewState!: 'held' | 'approved' | 'rejected' | null;
  @Column({ name: 'duplicate_of', type: 'uuid', nullable: true }) duplicateOf!: string | null;
  /** A quick referral the account holder of its e-mail said is not theirs: kept unattached for staff. */
  @Column({ name: 'claim_declined_at', type: 'timestamptz', nullable: true }) claimDeclinedAt!: Date | null;
  @Column({ name: 'claim_declined_by', type: 'uuid', nullable: true }) claimDeclinedBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
