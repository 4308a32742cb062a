import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '@relining/contracts/booking-rules';

export type { BookingRecord } from '@relining/contracts/api/bookings';

export const BOOKING_STATUS_CHOICES = BOOKING_STATUSES.map((status) => ({ id: status, name: BOOKING_STATUS_LABELS[status] }));

export const BOOKING_STATUS_COLOURS: Record<BookingStatus, 'default' | 'info' | 'primary' | 'success' | 'error'> = {
  new: 'info',
  contacted: 'primary',
  scheduled: 'default',
  completed: 'success',
  cancelled: 'error',
};
