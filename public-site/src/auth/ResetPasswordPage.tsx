import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { passwordProblem } from '@relining/contracts/account-rules';
import { Field } from '../components/Field';
import { Loading } from '../components/Loading';
import type { MessageResult } from '@relining/contracts/api/auth';
import { api, ApiError } from '@relining/contracts/client/http';
import { useHydrated } from '../lib/useHydrated';

/** The link in the reset and invitation e-mails: /reset-password?token=…[&invite=1] */
export default function ResetPasswordPage() {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!hydrated) {
    return (
      <section className="container page narrow">
        <h1>Choose a password</h1>
        <Loading />
      </section>
    );
  }
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const invite = params.get('invite') === '1';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(password) ?? (password !== confirm ? 'The two passwords do not match.' : undefined);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await api<MessageResult>('/auth/reset-password', { method: 'POST', body: { token, password } });
      setDone(result.message);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container page narrow">
      <h1>{invite ? 'Set your password' : 'Choose a new password'}</h1>
      {!token ? (
        <div className="notice notice--error" role="alert">
          <p>This link is invalid or has expired. Please request a new one.</p>
        </div>
      ) : done ? (
        <div className="notice notice--success" role="status">
          <p>{done}</p>
          <p className="form-actions">
            <Link href="/plumber-referral" className="button button--primary">
              Plumber Log In
            </Link>
            <a href="/admin/login" className="button button--secondary">
              Staff Log In
            </a>
          </p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="account-form">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            hint="At least 12 characters."
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save password'}
          </button>
        </form>
      )}
    </section>
  );
}
