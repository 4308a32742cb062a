import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { countOf } from '@relining/contracts/business';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { Toast } from './Toast';

/** What every bulk status endpoint answers; `notices` are the server's warnings (a referral's, say). */
export interface BulkStatusAnswer {
  updated: string[];
  unchanged: string[];
  notices?: string[];
}

/**
 * A list's bulk 'Set status' (POST `path` `{ids, status}`): the status chosen in a dialog, confirmed,
 * then applied by the server to each selected record exactly as one by one (its e-mails, effects and
 * audit entries), all in one transaction: a refusal is the toast and nothing changed. Then `onDone`
 * (or a refresh) and the selection cleared.
 */
export function BulkStatusButton<S extends string>({
  path,
  noun,
  choices,
  explanation,
  onDone,
}: {
  path: string;
  /** 'booking': counted as '3 bookings'. */
  noun: string;
  choices: ReadonlyArray<{ id: S; name: string }>;
  /** What the change does to each record, for the dialog. */
  explanation: string;
  onDone?: () => void;
}) {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<S | ''>('');
  const [busy, setBusy] = useState(false);
  const count = selectedIds.length;
  const label = (value: S) => choices.find((choice) => choice.id === value)?.name ?? value;

  async function apply() {
    if (status === '') return;
    setBusy(true);
    try {
      const answer = await session.call<BulkStatusAnswer>(path, { method: 'POST', body: { ids: selectedIds.map(String), status } });
      const unchanged = answer.unchanged.length > 0 ? `${countOf(answer.unchanged.length, noun)} already had that status.` : '';
      const notices = answer.notices ?? [];
      notify(
        <Toast
          title={`${countOf(answer.updated.length, noun)} set to ${label(status)}`}
          description={[unchanged, ...notices].filter(Boolean).join(' ') || undefined}
        />,
        {
          type: notices.length > 0 ? 'warning' : 'success',
        },
      );
      setOpen(false);
      setStatus('');
      onUnselectItems();
      (onDone ?? refresh)();
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
      <Dialog open={open} onClose={() => (busy ? undefined : setOpen(false))} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Set the status of {countOf(count, noun)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{explanation}</DialogContentText>
          <TextField select fullWidth label="New status" value={status} onChange={(event) => setStatus(event.target.value as S)} disabled={busy}>
            {choices.map((choice) => (
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
          <Button variant="contained" onClick={() => void apply()} disabled={busy || status === ''}>
            {busy ? 'Saving...' : status === '' ? 'Set status' : `Set ${countOf(count, noun)} to ${label(status)}`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
