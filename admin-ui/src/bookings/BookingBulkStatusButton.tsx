import { createContext, useContext } from 'react';
import { BulkStatusButton } from '../common/BulkStatusButton';
import { BOOKING_STATUS_CHOICES } from './bookingStatus';

/** What else shows the bookings and must be told they changed (the list's stats). */
export const BookingsChangedContext = createContext<() => void>(() => undefined);

/**
 * The bookings list's bulk action (POST /api/admin/bookings/bulk-status): the server runs the same
 * change as one by one (e-mails, a cancelled booking's appointment and place, the audit trail).
 */
export function BookingBulkStatusButton() {
  const onChanged = useContext(BookingsChangedContext);
  return (
    <BulkStatusButton
      path="/admin/bookings/bulk-status"
      noun="booking"
      choices={BOOKING_STATUS_CHOICES}
      explanation="Each booking changes as if set one by one: the customer e-mails, a cancelled booking's appointment and the History. If one cannot be changed, none is."
      onDone={onChanged}
    />
  );
}
