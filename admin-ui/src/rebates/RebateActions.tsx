import { ReasonField } from '../common/ReasonField';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PaymentsIcon from '@mui/icons-material/Payments';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { canApprove, canPay, canRefund, canVoid, formatCents, kindLabel, REBATE_MESSAGES, type RebateEntry, type RebateReasonRequest } from './rebateFormat';

type Action = 'approve' | 'pay' | 'void' | 'refund';

const WORDS: Record<Action, { failed: string }> = {
  approve: { failed: 'Could not approve the rebate' },
  pay: { failed: 'Could not mark the rebate paid' },
  void: { failed: 'Could not void the rebate' },
  refund: { failed: 'Could not record the refund' },
};

/**
 * A ledger entry's business actions, each a pessimistic call to the server (POST
 * /api/admin/rebates/:id/approve, /pay, /void, /refund): Approve (pending only), Mark paid (approved only), Void with a reason (not paid
 * or void), Refund with a reason (paid only). The server's answer, or its message, is the toast; then
 * `onDone` (react-admin's refresh by default) shows the entry as it now is. `refunded`: the ledger
 * already holds an adjustment reversing this entry (Refund is then left out).
 */
export function RebateActions({ entry, onDone, refunded = false }: { entry: RebateEntry; onDone?: () => void; refunded?: boolean }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<Action | null>(null);
  const [asking, setAsking] = useState<'void' | 'refund' | null>(null);
  const what = `${kindLabel(entry.kind)} ${formatCents(entry.amountCents)} for ${entry.refNumber}`;

  async function run(action: Action, reason?: string): Promise<boolean> {
    setBusy(action);
    try {
      const body = reason === undefined ? undefined : ({ reason } satisfies RebateReasonRequest);
      const answer = await session.call<RebateEntry>(`/admin/rebates/${encodeURIComponent(entry.id)}/${action}`, { method: 'POST', body });
      if (action === 'approve') notify(<Toast title="Rebate approved" description={`${what} is approved for payment.`} />, { type: 'success' });
      else if (action === 'pay') notify(<Toast title="Rebate paid" description={`${what} is recorded as paid.`} />, { type: 'success' });
      else if (action === 'void') notify(<Toast title="Rebate voided" description={`${what} will not be paid.`} />, { type: 'success' });
      else
        notify(<Toast title="Refund recorded" description={`An adjustment of ${formatCents(answer.amountCents)} reverses ${what}.`} />, {
          type: 'success',
        });
      (onDone ?? refresh)();
      return true;
    } catch (error) {
      notify(<Toast title={WORDS[action].failed} description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const approve = canApprove(entry);
  const payable = canPay(entry);
  const voidable = canVoid(entry);
  const refundable = canRefund(entry) && !refunded;
  if (!approve && !payable && !voidable && !refundable) return null;

  return (
    // Inside a list row: the buttons (and the dialog, whose events bubble through React) do only their own thing.
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
      {approve ? (
        <Button
          size="small"
          color="success"
          startIcon={<CheckCircleIcon />}
          onClick={() => void run('approve')}
          disabled={busy !== null}
          aria-label={`Approve ${what}`}
        >
          {busy === 'approve' ? 'Approving...' : 'Approve'}
        </Button>
      ) : null}
      {payable ? (
        <Button
          size="small"
          color="primary"
          startIcon={<PaymentsIcon />}
          onClick={() => void run('pay')}
          disabled={busy !== null}
          aria-label={`Mark paid ${what}`}
        >
          {busy === 'pay' ? 'Saving...' : 'Mark paid'}
        </Button>
      ) : null}
      {voidable ? (
        <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setAsking('void')} disabled={busy !== null} aria-label={`Void ${what}`}>
          Void
        </Button>
      ) : null}
      {refundable ? (
        <Button
          size="small"
          color="warning"
          startIcon={<UndoIcon />}
          onClick={() => setAsking('refund')}
          disabled={busy !== null}
          aria-label={`Refund ${what}`}
        >
          Refund
        </Button>
      ) : null}
      {asking ? (
        <ReasonDialog
          action={asking}
          what={what}
          busy={busy !== null}
          onClose={() => setAsking(null)}
          onSubmit={async (reason) => {
            if (await run(asking, reason)) setAsking(null);
          }}
        />
      ) : null}
    </Box>
  );
}

function ReasonDialog(props: { action: 'void' | 'refund'; what: string; busy: boolean; onClose: () => void; onSubmit: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voiding = props.action === 'void';
  const titleId = `rebate-${props.action}-title`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(REBATE_MESSAGES.reasonRequired);
      return;
    }
    await props.onSubmit(reason.trim());
  }

  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{voiding ? 'Void rebate' : 'Refund rebate'}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {voiding
              ? `${props.what} will not be paid. The reason is kept in the entry's history.`
              : `${props.what} was paid. A refund records a negative adjustment that reverses it; the payment itself stays in the ledger.`}
          </DialogContentText>
          <ReasonField
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (error) setError(null);
            }}
            error={error}
            hint={'Staff and the entry history see it.'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={voiding ? 'error' : 'warning'} disabled={props.busy}>
            {props.busy ? 'Saving...' : voiding ? 'Void rebate' : 'Record refund'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
