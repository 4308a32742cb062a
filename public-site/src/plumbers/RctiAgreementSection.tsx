import { useState, type FormEvent } from 'react';
import type { RctiAgreement } from '@relining/contracts/api/payouts';
import { ApiError } from '@relining/contracts/client/http';
import { useSession } from '../auth/session';
import { toast } from '../lib/toast';
import { moment, paragraphsOf } from './payments';

function AgreementText({ agreement }: { agreement: RctiAgreement }) {
  return (
    <div className="rcti-agreement__text">
      {paragraphsOf(agreement.text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <p className="rcti-agreement__version">Version {agreement.version}</p>
    </div>
  );
}

/**
 * Issue 18: the recipient-created tax invoice agreement, accepted once before the first payout (the
 * ATO's condition for RCTIs: both sides agree in writing). Until then its text, 'I have read and
 * agree' and 'I Accept'; afterwards when it was accepted, the text a click away.
 */
export function RctiAgreementSection({ agreement, onAccepted }: { agreement: RctiAgreement; onAccepted: (agreement: RctiAgreement) => void }) {
  const session = useSession();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (agreement.acceptedAt) {
    return (
      <>
        <p className="notice notice--success account-section__notice">You accepted this agreement on {moment(agreement.acceptedAt)}.</p>
        <details className="rcti-agreement__read">
          <summary>Read the agreement</summary>
          <AgreementText agreement={agreement} />
        </details>
      </>
    );
  }

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!agreed) {
      setError('Please tick "I have read and agree" to accept the agreement.');
      document.getElementById('rcti-agree')?.focus();
      return;
    }
    setBusy(true);
    try {
      const accepted = await session.call<RctiAgreement>('/me/rcti-agreement', { method: 'POST', body: {} });
      onAccepted(accepted);
      toast.success('Agreement accepted', { description: 'Each payment will come with its RCTI.' });
    } catch (failure) {
      toast.error('Error accepting the agreement', { description: failure instanceof ApiError ? failure.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={accept} noValidate aria-busy={busy} aria-label="Accept the RCTI agreement">
      <p className="account-section__lead">
        We issue the tax invoices for the rebates we pay you (RCTIs), so you never have to send us one. Please read and accept this agreement before your first
        payment.
      </p>
      <AgreementText agreement={agreement} />
      <div className="field">
        <div className="checkbox">
          <input
            id="rcti-agree"
            type="checkbox"
            checked={agreed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rcti-agree-error' : undefined}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setError(null);
            }}
          />
          <label htmlFor="rcti-agree">I have read and agree</label>
        </div>
        {error ? (
          <p id="rcti-agree-error" className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Accepting...' : 'I Accept'}
        </button>
      </div>
    </form>
  );
}
