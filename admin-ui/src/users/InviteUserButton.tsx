import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { isValidEmail } from '@relining/contracts/account-rules';
import { ROLE_LABELS, ROLES, type Role } from '@relining/contracts/roles';
import { Toast } from '../common/Toast';
import type { InvitationResult, InviteUserRequest } from '@relining/contracts/api/auth';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';

/** Invite someone by e-mail with a role: they get a link to set their password. */
export function InviteUserButton() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('admin');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError('Please enter a valid email address');
      return;
    }
    setBusy(true);
    try {
      const invitation = await session.call<InvitationResult>('/admin/users/invite', {
        method: 'POST',
        body: { email: email.trim(), role } satisfies InviteUserRequest,
      });
      // The server's words say 'sent' only when an SMTP server takes it (preview mode: 'saved as a preview').
      notify(<Toast title={invitation.status === 'preview' ? 'Saved as a preview' : 'Invitation sent'} description={invitation.message} />, {
        type: 'success',
      });
      setOpen(false);
      setEmail('');
    } catch (caught) {
      setError(errorMessage(caught, 'Failed to send the invitation'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        startIcon={<PersonAddIcon />}
        onClick={() => {
          setOpen(true);
          setError(null);
        }}
      >
        Invite user
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>Invite user</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField
                label="Email"
                type="email"
                required
                autoFocus
                value={email}
                error={Boolean(error)}
                helperText={error ?? 'They will receive a link to set their password.'}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
                {ROLES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Sending...' : 'Send invitation'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
