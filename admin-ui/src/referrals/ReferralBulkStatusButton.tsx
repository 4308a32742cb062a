import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '@relining/contracts/client/http';
import type { ReferralBulkStatusRequest, ReferralBulkStatusResult } from '@relining/contracts/api/referrals';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { REFERRAL_STATUSES, statusLabel, type ReferralStatus } from './referralFormat';

const plural = (count: number) => (count === 1 ? '1 referral' : `${count} referrals`);

/**
 * The referrals table's bulk 'Set status' (POST /api/admin/referrals/bulk-status): the status chosen in
 * a dialog, confirmed, then applied by the server to each referral exactly as the detail's status
 * change is (rebates, history, the plumber's e-mail), all in one transaction. Then `onDone` (the
 * table and the summary refreshed) and the selection cleared.
 */
export function ReferralBulkStatusButton({ onDone }: { onDone?: () => void }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ReferralStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const ids = selectedIds.map(String);

  async function apply() {
    if (status === '') return;
    setBusy(true);
    try {
      const answer = await session.call<ReferralBulkStatusResult>('/admin/referrals/bulk-status', {
        method: 'POST',
        body: { ids, status } satisfies ReferralBulkStatusRequest,
      });
      const unchanged = answer.unchanged.length > 0 ? ` ${plural(answer.unchanged.length)} already had it.` : '';
      const notices = answer.notices.length > 0 ? ` ${answer.notices.join(' ')}` : '';
      notify(<Toast title="Status changed" description={`${plural(answer.updated.length)} set to ${statusLabel(status)}.${unchanged}${notices}`} />, {
        type: answer.notices.length > 0 ? 'warning' : 'success',
      });
      setOpen(false);
      setStatus('');
      onUnselectItems();
      (onDone ?? refresh)();
    } catch (error) {
      notify(<Toast title="Could not change the status" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" startIcon={<SwapHorizIcon />} onClick={() => setOpen(true)} disabled={ids.length === 0}>
        Set status
      </Button>
      {open ? (
        <Dialog open onClose={busy ? undefined : () => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="referrals-bulk-status-title">
          <DialogTitle id="referrals-bulk-status-title">Set the status of {plural(ids.length)}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Each referral changes as from its own page: its rebates follow and its plumber is e-mailed. If one cannot be found, nothing changes.
            </DialogContentText>
            <TextField select fullWidth label="New status" value={status} onChange={(event) => setStatus(event.target.value as ReferralStatus)} disabled={busy}>
              {REFERRAL_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {statusLabel(value)}
                </MenuItem>
              ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void apply()} disabled={busy || status === ''}>
              {busy ? 'Saving...' : status === '' ? 'Set status' : `Set ${plural(ids.length)} to ${statusLabel(status)}`}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
