import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BookingStatus } from '@relining/contracts/booking-rules';

/** spec §3 Booking (admin-side record, table bookings). */
@Entity({ name: 'bookings' })
export class Booking {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'text' })
  suburb!: string;

  @Column({ type: 'text', nullable: true })
  state!: string | null;

  @Column({ type: 'text', nullable: true })
  postcode!: string | null;

  /** yyyy-MM-dd, the customer's preferred day (a calendar date, no time zone). */
  @Column({ name: 'preferred_date', type: 'date' })
  preferredDate!: string;

  @Column({ name: 'preferred_time', type: 'text' })
  preferredTime!: string;

  @Column({ name: 'brief_description', type: 'text' })
  briefDescription!: string;

  @Column({ name: 'how_heard_about_us', type: 'text', nullable: true })
  howHeardAboutUs!: string | null;

  /** The referral code the booking carried, in capitals; what became of it; the plumber it names. */
  @Column({ name: 'referral_code', type: 'text', nullable: true })
  referralCode!: string | null;

  @Column({ name: 'referral_code_status', type: 'text', nullable: true })
  referralCodeStatus!: 'attributed' | 'unknown' | 'self' | null;

  @Column({ name: 'referrer_id', type: 'uuid', nullable: true })
  referrerId!: string | null;

  @Column({ type: 'text' })
  status!: BookingStatus;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true, select: false })
  idempotencyKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
