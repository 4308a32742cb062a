import MoveDownIcon from '@mui/icons-material/MoveDown';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import type { BulkJobStatusRequest, BulkJobStatusResult } from '@relining/contracts/api/jobs';
import { errorMessage } from '@relining/contracts/client/http';
import { JOB_STATUSES, JOB_STATUS_LABELS, type JobStatus } from '@relining/contracts/job-status';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';

const jobs = (count: number) => `${count} job${count === 1 ? '' : 's'}`;

/**
 * The job list's bulk action: the selected jobs moved to one stage in one go (all or nothing, the
 * server's rules and e-mails as one by one), their customers e-mailed unless 'Notify customers' is off.
 */
export function MoveToStageButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<JobStatus>('scheduled');
  const [notifyCustomers, setNotifyCustomers] = useState(true);
  const [busy, setBusy] = useState(false);

  async function move() {
    setBusy(true);
    try {
      const result = await session.call<BulkJobStatusResult>('/admin/jobs/bulk-status', {
        method: 'POST',
        body: { ids: selectedIds.map(String), status, notify: notifyCustomers } satisfies BulkJobStatusRequest,
      });
      const label = JOB_STATUS_LABELS[status];
      const already = result.unchanged.length > 0 ? ` (${jobs(result.unchanged.length)} already there)` : '';
      notify(
        <Toast
          title={`${jobs(result.updated.length)} moved to ${label}`}
          description={`${notifyCustomers ? 'Customers e-mailed' : 'No e-mails sent'}${already}`}
        />,
        {
          type: 'success',
        },
      );
      setOpen(false);
      onUnselectItems();
      refresh();
    } catch (error) {
      notify(<Toast title="Jobs not moved" description={errorMessage(error, 'The jobs could not be moved; nothing was changed.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" startIcon={<MoveDownIcon />} onClick={() => setOpen(true)} disabled={selectedIds.length === 0}>
        Move to stage
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="xs">
          <DialogTitle>Move {jobs(selectedIds.length)} to a stage</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>All of them move, or none does if one cannot.</DialogContentText>
            <TextField select label="Stage" fullWidth value={status} onChange={(event) => setStatus(event.target.value as JobStatus)}>
              {JOB_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {JOB_STATUS_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              sx={{ mt: 1, ml: 0 }}
              control={<Switch checked={notifyCustomers} onChange={(event) => setNotifyCustomers(event.target.checked)} />}
              label="Notify customers"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="contained" onClick={() => void move()} disabled={busy}>
              {busy ? 'Moving...' : 'Move jobs'}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
