import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '@relining/contracts/booking-rules';

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
  fullName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  preferredDate: string;
  preferredTime: string;
  briefDescription: string;
  howHeardAboutUs: string | null;
  status: BookingStatus | null;
  createdAt: string;
  updatedAt: string;
}
