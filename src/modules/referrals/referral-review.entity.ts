import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReferralReviewKind, ReferralReviewStatus } from '@relining/contracts/api/referrals';

/** Something staff must decide about referrals (table referral_reviews, issue 15). */
@Entity({ name: 'referral_reviews' })
export class ReferralReview {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) kind!: ReferralReviewKind;
  @Column({ type: 'text' }) status!: ReferralReviewStatus;
  @Column({ type: 'text' }) summary!: string;
  @Column({ name: 'job_id', type: 'uuid', nullable: true }) jobId!: string | null;
  @Column({ name: 'booking_id', type: 'uuid', nullable: true }) bookingId!: string | null;
  @Column({ name: 'referral_id', type: 'uuid', nullable: true }) referralId!: string | null;
  @Column({ name: 'referral_code', type: 'text', nullable: true }) referralCode!: string | null;
  @Column({ name: 'candidate_ids', type: 'uuid', array: true }) candidateIds!: string[];
  @Column({ type: 'text', nullable: true }) resolution!: string | null;
  @Column({ name: 'resolved_by', type: 'uuid', nullable: true }) resolvedBy!: string | null;
  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true }) resolvedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false }) createdAt!: Date;
}
