import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import { Toast } from '../common/Toast';
import type { MessageResult } from '@relining/contracts/api/auth';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';

type Mode = 'login' | 'create';

/**
 * spec §2 Admin login: email and password, 'Forgot password?' (sends the reset e-mail), and the
 * toggle between 'Admin Login' and 'Create Admin Account'. Creating an account is refused before any
 * call: admin accounts are created only by existing admins (invitations, or `npm run admin:create`).
 */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const notify = useNotify();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (mode === 'create') {
      notify(<Toast title={ACCOUNT_MESSAGES.signupDisabledTitle} description={ACCOUNT_MESSAGES.signupDisabled} />, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await login({ email, password });
      notify(<Toast title="Login successful" description="Welcome to the admin dashboard" />, { type: 'success' });
    } catch (caught) {
      const message = (caught as Error)?.message || 'An unexpected error occurred';
      setError(message);
      notify(<Toast title="Login failed" description={message} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function forgotPassword() {
    setError(null);
    if (!email) {
      setError('Enter your email address first, then choose "Forgot password?".');
      return;
    }
    try {
      const answer = await session.call<MessageResult>('/auth/forgot-password', { method: 'POST', body: { email } });
      notify(<Toast title="Check your email" description={answer.message} />, { type: 'info' });
    } catch (caught) {
      notify(<Toast title="Error" description={errorMessage(caught, 'Please try again later.')} />, { type: 'error' });
    }
  }

  const title = mode === 'login' ? 'Admin Login' : 'Create Admin Account';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#0b3b66', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Pipe Relining Australia staff console
          </Typography>
          <Box component="form" onSubmit={submit} noValidate={false}>
            <Stack spacing={2}>
              <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === 'login' ? (
                <Link component="button" type="button" onClick={forgotPassword} sx={{ alignSelf: 'flex-end' }}>
                  Forgot password?
                </Link>
              ) : null}
              {error ? <Alert severity="error">{error}</Alert> : null}
              <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
                {busy ? 'Processing...' : mode === 'login' ? 'Login' : 'Create Account'}
              </Button>
              <Button
                type="button"
                variant="text"
                onClick={() => {
                  setMode(mode === 'login' ? 'create' : 'login');
                  setError(null);
                }}
              >
                {mode === 'login' ? 'Create Admin Account' : 'Admin Login'}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
