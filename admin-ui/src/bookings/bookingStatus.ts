import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '../../../src/contracts/booking-rules';

export const BOOKING_STATUS_CHOICES = BOOKING_STATUSES.map((status) => ({ id: status, name: BOOKING_STATUS_LABELS[status] }));

export const BOOKING_STATUS_COLOURS: Record<BookingStatus, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  new: 'info',
  contacted: 'primary',
  scheduled: 'default',
  completed: 'success',
  cancelled: 'error',
};

export interface BookingRecord {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  preferred_date: string;
  preferred_time: string;
  brief_description: string;
  how_heard_about_us: string | null;
  status: BookingStatus | null;
  created_at: string;
  updated_at: string;
}
