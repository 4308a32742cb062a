import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AppointmentStatus } from '@relining/contracts/api/appointments';
import type { Region } from '@relining/contracts/regions';

/** A confirmed Clean & View visit (table appointments, issue 16); its place is held in booking_slots. */
@Entity({ name: 'appointments' })
export class AppointmentRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'booking_id', type: 'uuid' }) bookingId!: string;
  @Column({ type: 'text' }) region!: Region;
  /** yyyy-MM-dd in the site's time zone (pg's date parsed as text, see the repository). */
  @Column({ type: 'date' }) day!: string;
  @Column({ type: 'text' }) slot!: string;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt!: Date;
  @Column({ name: 'customer_name', type: 'text' }) customerName!: string;
  @Column({ type: 'text' }) email!: string;
  @Column({ type: 'text' }) phone!: string;
  @Column({ type: 'text' }) address!: string;
  @Column({ type: 'text' }) suburb!: string;
  @Column({ type: 'text', nullable: true }) technician!: string | null;
  @Column({ type: 'text' }) status!: AppointmentStatus;
  @Column({ type: 'boolean' }) overbooked!: boolean;
  /** One more at each change: calendars keep the invitation with the highest. */
  @Column({ type: 'int' }) sequence!: number;
  @Column({ name: 'cancel_reason', type: 'text', nullable: true }) cancelReason!: string | null;
  @Column({ name: 'cancelled_by', type: 'text', nullable: true }) cancelledBy!: 'customer' | 'staff' | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt!: Date | null;
  @Column({ name: 'confirmed_at', type: 'timestamptz' }) confirmedAt!: Date;
  @Column({ name: 'confirmed_by', type: 'uuid', nullable: true }) confirmedBy!: string | null;
  @Column({ name: 'reminder_due_at', type: 'timestamptz', nullable: true }) reminderDueAt!: Date | null;
  @Column({ name: 'reminder_queued_at', type: 'timestamptz', nullable: true }) reminderQueuedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
