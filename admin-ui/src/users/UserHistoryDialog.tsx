import HistoryIcon from '@mui/icons-material/History';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { UserRecord } from '@relining/contracts/api/users';
import { RecordHistory } from '../common/RecordHistory';

/**
 * A user's row's 'History' button (issue 19): who changed the account and when — invitations, role
 * changes, sign-ins, profile and payment details (bank details masked) — in a dialog, as users have
 * no page of their own.
 */
export function UserHistoryButton() {
  const user = useRecordContext<UserRecord>();
  const [open, setOpen] = useState(false);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!user) return null;
  const who = user.fullName || user.email;
  const titleId = `user-history-${user.id}`;
  return (
    <>
      <Tooltip title="History">
        <IconButton size="small" aria-label={`History of ${who}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <HistoryIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId} scroll="paper">
          <DialogTitle id={titleId}>
            History
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {who}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            <RecordHistory entity="user" entityId={user.id} title="Changes to this account" />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
