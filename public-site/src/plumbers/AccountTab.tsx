import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import type { Me, Profile, ProfileUpdate } from '@relining/contracts/api/auth';
import { ROLE_LABELS } from '@relining/contracts/roles';
import { useSession } from '../auth/session';
import { Field } from '../components/Field';
import { Loading } from '../components/Loading';
import { ApiError } from '@relining/contracts/client/http';

const memberSince = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Melbourne' }).format(new Date(iso)) : 'N/A';

/** spec §2 Account tab: the account's details ('Not provided' when empty), editable and saved. */
export function AccountTab() {
  const session = useSession();
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ fullName: '', businessName: '', phone: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    session.call<Me>('/auth/me').then(setMe, () => setFailed(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call/blob are stable functions; the session object changes with every sign-in state
  }, [session.call]);

  if (failed) return <p role="alert">We could not load your account. Please refresh the page.</p>;
  if (!me) return <Loading />;

  function startEditing() {
    setForm({ fullName: me!.profile.fullName ?? '', businessName: me!.profile.businessName ?? '', phone: me!.profile.phone ?? '' });
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const profile = await session.call<Profile>('/me/profile', { method: 'PUT', body: form satisfies ProfileUpdate });
      setMe({ ...me!, profile });
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
    <div>
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
    </div>
  );
}
