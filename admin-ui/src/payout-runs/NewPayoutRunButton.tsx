import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { displayZoneLabel, todayInDisplayZone } from '../common/dates';
import { PAYOUT_RUN_MESSAGES, type CreatePayoutRunRequest } from './payoutFormat';
import { useCreatePayoutRun, type CreateRefusal } from './useCreatePayoutRun';

/** 'New payout run': a dialog asking which approved rebates to pay (those due before a day), then the run's page. */
export function NewPayoutRunButton({ variant = 'text' }: { variant?: 'text' | 'contained' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<AddIcon />} variant={variant} onClick={() => setOpen(true)}>
        New payout run
      </Button>
      {open ? <NewPayoutRunDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NewPayoutRunDialog({ onClose }: { onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { create, busy } = useCreatePayoutRun();
  const [dueBefore, setDueBefore] = useState(todayInDisplayZone);
  const [refusal, setRefusal] = useState<CreateRefusal | null>(null);
  const fieldError = refusal?.fields.dueBefore ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueBefore)) {
      setRefusal({ message: PAYOUT_RUN_MESSAGES.dueBefore, fields: { dueBefore: PAYOUT_RUN_MESSAGES.dueBefore } });
      return;
    }
    // On success the run's page opens (and this dialog goes with the list).
    setRefusal(await create({ dueBefore } satisfies CreatePayoutRunRequest));
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="new-payout-run-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="new-payout-run-title">New payout run</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Gathers every approved, unpaid rebate due by the end of the day you choose, totalled per plumber. Plumbers who cannot be paid yet are left out and
            listed; their rebates wait for a later run.
          </DialogContentText>
          <TextField
            type="date"
            label="Pay approved rebates due before"
            required
            fullWidth
            autoFocus
            value={dueBefore}
            onChange={(event) => {
              setDueBefore(event.target.value);
              setRefusal(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? `Due on or before this day (${displayZoneLabel()})`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {refusal && !fieldError ? (
            <Alert severity="warning" sx={{ mt: 2 }} role="alert">
              {refusal.message}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Creating...' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
