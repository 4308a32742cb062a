import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '@relining/contracts/client/http';
import type { RebateBulkRequest, RebateBulkResult } from '@relining/contracts/api/rebates';
import { ReasonField } from '../common/ReasonField';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { REBATE_MESSAGES } from './rebateFormat';

const plural = (count: number) => (count === 1 ? '1 rebate' : `${count} rebates`);

/**
 * The ledger's bulk Approve and Void (POST /api/admin/rebates/bulk-approve, bulk-void): each asks to
 * confirm, the server applies the one-by-one rules to every entry in one transaction (one refused
 * entry, named in the toast, changes none), then the list is refreshed and unselected.
 */
export function RebateBulkButtons() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'approve' | 'void' | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = selectedIds.map(String);

  async function run(action: 'approve' | 'void', reason?: string): Promise<void> {
    setBusy(true);
    try {
      const body: RebateBulkRequest = reason === undefined ? { ids } : { ids, reason };
      const answer = await session.call<RebateBulkResult>(`/admin/rebates/bulk-${action}`, { method: 'POST', body });
      notify(
        <Toast
          title={action === 'approve' ? 'Rebates approved' : 'Rebates voided'}
          description={`${plural(answer.updated.length)} ${action === 'approve' ? 'approved for payment' : 'voided'}.`}
        />,
        { type: 'success' },
      );
      setAsking(null);
      onUnselectItems();
      refresh();
    } catch (error) {
      notify(
        <Toast
          title={action === 'approve' ? 'Could not approve the rebates' : 'Could not void the rebates'}
          description={errorMessage(error, 'Please try again.')}
        />,
        {
          type: 'error',
        },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" color="success" startIcon={<CheckCircleIcon />} onClick={() => setAsking('approve')} disabled={busy || ids.length === 0}>
        Approve
      </Button>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setAsking('void')} disabled={busy || ids.length === 0}>
        Void
      </Button>
      {asking === 'approve' ? (
        <Dialog open onClose={busy ? undefined : () => setAsking(null)} fullWidth maxWidth="xs" aria-labelledby="rebates-bulk-approve-title">
          <DialogTitle id="rebates-bulk-approve-title">Approve {plural(ids.length)}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Each is approved for payment, as from its own Approve button. Only pending rebates can be approved: if one is not, nothing changes.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" color="success" onClick={() => void run('approve')} disabled={busy}>
              {busy ? 'Approving...' : 'Approve'}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
      {asking === 'void' ? <BulkVoidDialog count={ids.length} busy={busy} onClose={() => setAsking(null)} onSubmit={(reason) => run('void', reason)} /> : null}
    </>
  );
}

function BulkVoidDialog(props: { count: number; busy: boolean; onClose: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(REBATE_MESSAGES.reasonRequired);
      return;
    }
    await props.onSubmit(reason.trim());
  }

  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} fullWidth maxWidth="xs" aria-labelledby="rebates-bulk-void-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rebates-bulk-void-title">Void {plural(props.count)}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            None of them will be paid. The one reason is kept in each entry's history. A paid or void rebate cannot be voided: if one is, nothing changes.
          </DialogContentText>
          <ReasonField
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (value.trim()) setError(null);
            }}
            error={error}
            hint="Why these rebates will not be paid"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={props.busy}>
            {props.busy ? 'Voiding...' : 'Void'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
