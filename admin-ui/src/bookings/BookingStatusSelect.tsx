import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from '@relining/contracts/booking-rules';
import { Toast } from '../common/Toast';
import type { BookingRecord } from './bookingStatus';

/** A booking's status, saved (pessimistic) as soon as it is chosen; on failure it goes back to the saved one. */
export function BookingStatusSelect({ booking, onChanged }: { booking: BookingRecord; onChanged?: () => void }) {
  const [status, setStatus] = useState<BookingStatus>(booking.status ?? 'new');
  const [update, { isPending }] = useUpdate<BookingRecord>();
  const notify = useNotify();
  useEffect(() => setStatus(booking.status ?? 'new'), [booking.status]);

  function changeStatus(value: BookingStatus) {
    setStatus(value);
    void update(
      'bookings',
      { id: booking.id, data: { status: value }, previousData: booking },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(<Toast title="Success" description="Booking status updated" />, { type: 'success' });
          onChanged?.();
        },
        onError: () => {
          setStatus(booking.status ?? 'new');
          notify(<Toast title="Failed to update booking status" />, { type: 'error' });
        },
      },
    );
  }

  return (
    <TextField
      select
      label="Status"
      value={status}
      disabled={isPending}
      onChange={(event) => changeStatus(event.target.value as BookingStatus)}
      sx={{ width: '100%', maxWidth: 260 }}
    >
      {BOOKING_STATUSES.map((value) => (
        <MenuItem key={value} value={value}>
          {BOOKING_STATUS_LABELS[value]}
        </MenuItem>
      ))}
    </TextField>
  );
}
