import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { createContext, useContext, useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import type { BulkStatusRequest, BulkStatusResult } from '@relining/contracts/api/bookings';
import { countOf } from '@relining/contracts/business';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@relining/contracts/booking-rules';
import { errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { BOOKING_STATUS_CHOICES } from './bookingStatus';

/** What else shows the bookings and must be told they changed (the list's stats). */
export const BookingsChangedContext = createContext<() => void>(() => undefined);

/**
 * The bookings list's bulk action: the selected bookings set to one status (POST
 * /api/admin/bookings/bulk-status), after a confirmation. The server runs the same change as one by
 * one (e-mails, a cancelled booking's appointment and place, the audit trail), all or nothing; its
 * refusal is the toast and nothing changed.
 */
export function BulkStatusButton() {
  const onChanged = useContext(BookingsChangedContext);
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;

  async function apply() {
    if (!status) return;
    setBusy(true);
    try {
      const result = await session.call<BulkStatusResult>('/admin/bookings/bulk-status', {
        method: 'POST',
        body: { ids: selectedIds.map(String), status } satisfies BulkStatusRequest,
      });
      notify(
        <Toast
          title={`${countOf(result.updated.length, 'booking')} set to ${BOOKING_STATUS_LABELS[status]}`}
          description={result.unchanged.length > 0 ? `${countOf(result.unchanged.length, 'booking')} already had that status.` : undefined}
        />,
        { type: 'success' },
      );
      setOpen(false);
      setStatus('');
      onUnselectItems();
      refresh();
      onChanged();
    } catch (caught) {
      notify(<Toast title="Status not changed" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)} disabled={count === 0}>
        Set status
      </Button>
      <Dialog open={open} onClose={() => (busy ? undefined : setOpen(false))} fullWidth maxWidth="xs" aria-labelledby="bulk-status-title">
        <DialogTitle id="bulk-status-title">Set the status of {countOf(count, 'booking')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Each booking changes as if set one by one: the customer e-mails, a cancelled booking&apos;s appointment and the History. If one cannot be changed,
            none is.
          </DialogContentText>
          <TextField select fullWidth label="New status" value={status} onChange={(event) => setStatus(event.target.value as BookingStatus)} disabled={busy}>
            {BOOKING_STATUS_CHOICES.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void apply()} disabled={busy || !status}>
            {busy ? 'Saving...' : `Set ${countOf(count, 'booking')}`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
