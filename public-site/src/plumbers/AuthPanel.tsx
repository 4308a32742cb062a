import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { useLocation } from 'wouter';
import { ACCOUNT_MESSAGES, isValidEmail, passwordProblem } from '@relining/contracts/account-rules';
import type { EmailRequest, MessageResult, RegisterRequest, RegisterResult } from '@relining/contracts/api/auth';
import { homeOf, useSession, type SessionUser } from '../auth/session';
import { Field } from '../components/Field';
import { api, ApiError } from '@relining/contracts/client/http';

export type AuthMode = 'signIn' | 'register' | 'forgot';

const EMPTY = { email: '', password: '', fullName: '', businessName: '', phone: '' };

/**
 * The 'Log In' tab (spec §2, §4, §8): sign in, register (full name, business name, phone), or ask
 * for a password reset link. After sign-in plumbers go to their dashboard and admins to the console.
 */
export function AuthPanel({ initialMode = 'signIn', initialEmail = '' }: { initialMode?: AuthMode; initialEmail?: string }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState({ ...EMPTY, email: initialEmail });
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const [, navigate] = useLocation();

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  function go(user: SessionUser) {
    const home = homeOf(user);
    if (home.startsWith('/admin')) window.location.assign(home);
    else navigate(home);
  }

  async function signIn() {
    try {
      const user = await session.signIn(values.email.trim(), values.password);
      toast.success('Login successful', { description: 'Welcome back to your plumber portal.' });
      go(user);
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) toast.error('Login failed', { description: error.message });
      else toast.error('An error occurred', { description: 'Please try again later.' });
    }
  }

  async function register() {
    if (!values.fullName.trim() || !values.businessName.trim() || !values.phone.trim()) {
      toast.error(ACCOUNT_MESSAGES.registrationTitle, { description: ACCOUNT_MESSAGES.registrationFieldsRequired });
      return;
    }
    const problem = !isValidEmail(values.email) ? ACCOUNT_MESSAGES.invalidEmail : passwordProblem(values.password);
    if (problem) {
      toast.error('Registration failed', { description: problem });
      return;
    }
    try {
      const result = await api<RegisterResult>('/auth/register', {
        method: 'POST',
        body: { ...values, email: values.email.trim() } satisfies RegisterRequest,
      });
      if (result.verificationRequired) {
        toast.success(ACCOUNT_MESSAGES.checkEmailTitle, { description: ACCOUNT_MESSAGES.checkEmail });
        setValues({ ...EMPTY, email: values.email.trim() });
        setMode('signIn');
        return;
      }
      session.adopt(result);
      toast.success(ACCOUNT_MESSAGES.accountCreatedTitle, { description: ACCOUNT_MESSAGES.accountCreated });
      navigate('/plumber-dashboard');
    } catch (error) {
      toast.error('Registration failed', { description: error instanceof ApiError ? error.message : 'Please try again later.' });
    }
  }

  async function forgot() {
    if (!isValidEmail(values.email)) {
      toast.error('Invalid Email', { description: ACCOUNT_MESSAGES.invalidEmail });
      return;
    }
    try {
      const result = await api<MessageResult>('/auth/forgot-password', { method: 'POST', body: { email: values.email.trim() } satisfies EmailRequest });
      toast.success(ACCOUNT_MESSAGES.checkEmailTitle, { description: result.message });
      setMode('signIn');
    } catch (error) {
      toast.error('An error occurred', { description: error instanceof ApiError ? error.message : 'Please try again later.' });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await (mode === 'signIn' ? signIn() : mode === 'register' ? register() : forgot());
    } finally {
      setBusy(false);
    }
  }

  const heading = { signIn: 'Log in to your plumber portal', register: 'Create your plumber account', forgot: 'Reset your password' }[mode];
  const button = { signIn: 'Log In', register: 'Create Account', forgot: 'Send reset link' }[mode];

  return (
    <form className="auth-panel" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="auth-panel__title">{heading}</h2>
      {mode === 'register' ? (
        <>
          <Field label="Full name" name="fullName" autoComplete="name" required value={values.fullName} onChange={set('fullName')} />
          <Field label="Business name" name="businessName" autoComplete="organization" required value={values.businessName} onChange={set('businessName')} />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" placeholder="+61 4XX XXX XXX" required value={values.phone} onChange={set('phone')} />
        </>
      ) : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
      {mode !== 'forgot' ? (
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          required
          minLength={mode === 'register' ? 12 : undefined}
          hint={mode === 'register' ? 'At least 12 characters.' : undefined}
          value={values.password}
          onChange={set('password')}
        />
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Processing...' : button}
      </button>
      <div className="auth-panel__links">
        {mode === 'signIn' ? (
          <>
            <button type="button" className="link-button" onClick={() => setMode('forgot')}>
              Forgot password?
            </button>
            <button type="button" className="link-button" onClick={() => setMode('register')}>
              Don’t have an account? Register
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => setMode('signIn')}>
            Already have an account? Log in
          </button>
        )}
      </div>
    </form>
  );
}
