import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReviewStatus } from '@relining/contracts/review-rules';

/** A customer's review (table reviews, issue 20): from a completed job's private link, or imported. */
@Entity({ name: 'reviews' })
export class ReviewRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) status!: ReviewStatus;
  @Column({ type: 'smallint' }) rating!: number;
  @Column({ type: 'text' }) text!: string;
  @Column({ name: 'first_name', type: 'text' }) firstName!: string;
  @Column({ type: 'text', nullable: true }) suburb!: string | null;
  @Column({ type: 'text', nullable: true }) postcode!: string | null;
  @Column({ type: 'text', nullable: true }) area!: string | null;
  @Column({ type: 'boolean' }) consent!: boolean;
  @Column({ type: 'text', nullable: true }) source!: string | null;
  @Column({ type: 'boolean' }) verified!: boolean;
  @Column({ name: 'job_id', type: 'uuid', nullable: true }) jobId!: string | null;
  @Column({ name: 'job_number', type: 'text', nullable: true }) jobNumber!: string | null;
  @Column({ name: 'written_at', type: 'timestamptz' }) writtenAt!: Date;
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt!: Date | null;
  @Column({ type: 'text', nullable: true }) reply!: string | null;
  @Column({ name: 'replied_at', type: 'timestamptz', nullable: true }) repliedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
