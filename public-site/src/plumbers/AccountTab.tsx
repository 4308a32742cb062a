import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import type { Me, Profile, ProfileUpdate } from '@relining/contracts/api/auth';
import type { PaymentDetails, RctiAgreement } from '@relining/contracts/api/payouts';
import { RCTI_AGREEMENT } from '@relining/contracts/payout-rules';
import { ROLE_LABELS } from '@relining/contracts/roles';
import { useSession } from '../auth/session';
import { Field } from '../components/Field';
import { Loading } from '../components/Loading';
import { ApiError } from '@relining/contracts/client/http';
import type { AccountSection } from './payments';
import { PaymentDetailsSection } from './PaymentDetailsSection';
import { RctiAgreementSection } from './RctiAgreementSection';
import { useSessionData } from './useSessionData';

const memberSince = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Melbourne' }).format(new Date(iso)) : 'N/A';

/** spec §2 Account tab: the account's details ('Not provided' when empty), editable and saved. */
function ProfileSection({ me, setMe }: { me: Me; setMe: (me: Me) => void }) {
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ fullName: '', businessName: '', phone: '' });
  const [busy, setBusy] = useState(false);

  function startEditing() {
    setForm({ fullName: me.profile.fullName ?? '', businessName: me.profile.businessName ?? '', phone: me.profile.phone ?? '' });
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const profile = await session.call<Profile>('/me/profile', { method: 'PUT', body: form satisfies ProfileUpdate });
      setMe({ ...me, profile });
      setEditing(false);
      toast.success(ACCOUNT_MESSAGES.profileUpdatedTitle, { description: ACCOUNT_MESSAGES.profileUpdated });
    } catch (error) {
      toast.error('Error updating profile', { description: error instanceof ApiError ? error.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  if (editing) {
    return (
      <form className="account-form" onSubmit={save} noValidate>
        <Field label="Full name" name="fullName" autoComplete="name" value={form.fullName} onChange={(e) => setForm({ ...form, fullName: e.target.value })} />
        <Field
          label="Business name"
          name="businessName"
          autoComplete="organization"
          value={form.businessName}
          onChange={(e) => setForm({ ...form, businessName: e.target.value })}
        />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="+61 4XX XXX XXX"
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save Profile'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }

  const rows: Array<[string, string]> = [
    ['Email', me.email || 'Not provided'],
    ['Full name', me.profile.fullName || 'Not provided'],
    ['Business name', me.profile.businessName || 'Not provided'],
    ['Phone', me.profile.phone || 'Not provided'],
    ['Role', ROLE_LABELS[me.role] ?? me.role],
    ['Member since', memberSince(me.createdAt)],
  ];
  return (
    <>
      <dl className="details">
        {rows.map(([term, value]) => (
          <div key={term} className="details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--secondary" onClick={startEditing}>
        Edit Profile
      </button>
    </>
  );
}

/** A titled part of the Account tab; its heading takes the focus when the Payments tab sends the plumber here. */
function AccountSectionCard({ title, focused, onFocused, children }: { title: string; focused?: boolean; onFocused?: () => void; children: ReactNode }) {
  const id = useId();
  useEffect(() => {
    if (!focused) return;
    document.getElementById(id)?.focus();
    onFocused?.();
  }, [focused, id, onFocused]);
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>We could not load your {what}.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/**
 * spec §2 Account tab, and issue 18's payment details and RCTI agreement below the profile. `focus`
 * names the section the Payments tab sent the plumber to fix (its heading takes the focus, and the
 * payment details open as a form).
 */
export function AccountTab({ focus = null, onFocused }: { focus?: AccountSection | null; onFocused?: () => void }) {
  const me = useSessionData<Me>('/auth/me');
  const payment = useSessionData<PaymentDetails>('/me/payment-details');
  const agreement = useSessionData<RctiAgreement>('/me/rcti-agreement');

  if (me.failed) return <p role="alert">We could not load your account. Please refresh the page.</p>;
  if (me.loading || payment.loading || agreement.loading) return <Loading />;

  return (
    <div className="account">
      <AccountSectionCard title="Profile">
        <ProfileSection me={me.data!} setMe={me.set} />
      </AccountSectionCard>
      <AccountSectionCard title="Payment details" focused={focus === 'payment'} onFocused={onFocused}>
        {payment.data ? (
          <PaymentDetailsSection details={payment.data} onSaved={payment.set} startEditing={focus === 'payment'} />
        ) : (
          <LoadFailed what="payment details" onRetry={() => void payment.retry()} />
        )}
      </AccountSectionCard>
      <AccountSectionCard title={RCTI_AGREEMENT.title} focused={focus === 'rcti'} onFocused={onFocused}>
        {agreement.data ? (
          <RctiAgreementSection
            agreement={agreement.data}
            onAccepted={(accepted) => {
              agreement.set(accepted);
              payment.set((details) => details && { ...details, rctiAcceptedAt: accepted.acceptedAt });
            }}
          />
        ) : (
          <LoadFailed what="RCTI agreement" onRetry={() => void agreement.retry()} />
        )}
      </AccountSectionCard>
    </div>
  );
}
