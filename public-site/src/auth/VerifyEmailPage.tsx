import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Loading } from '../components/Loading';
import type { MessageResult, TokenRequest } from '@relining/contracts/api/auth';
import { api, ApiError } from '@relining/contracts/client/http';

type State = { kind: 'checking' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

/** The link in the verification e-mail: /verify-email?token=… */
export default function VerifyEmailPage() {
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setState({ kind: 'failed', message: 'This link is invalid or has expired. Please request a new one.' });
      return;
    }
    api<MessageResult>('/auth/verify-email', { method: 'POST', body: { token } satisfies TokenRequest }).then(
      (result) => setState({ kind: 'verified', message: result.message }),
      (error) => setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'Please try again later.' }),
    );
  }, []);

  return (
    <section className="container page narrow">
      <h1>Confirm your email</h1>
      {state.kind === 'checking' ? <Loading label="Checking your link..." /> : null}
      {state.kind === 'verified' ? (
        <div className="notice notice--success" role="status">
          <p>{state.message}</p>
          <Link href="/plumber-referral" className="button button--primary">
            Log In
          </Link>
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{state.message}</p>
          <p>Log in with your email and password and we will send you a fresh link.</p>
          <Link href="/plumber-referral" className="button button--primary">
            Go to Log In
          </Link>
        </div>
      ) : null}
    </section>
  );
}
