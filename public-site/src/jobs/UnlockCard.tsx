import { useId, useState, type FormEvent } from 'react';
import { QUOTE_MESSAGES } from '@relining/contracts/api/inspections';
import { api, errorMessage } from '@relining/contracts/client/http';
import { jobStatusBase, unlockRequest, type UnlockField } from './job-documents';

const UNLOCK_FAILED = 'We could not check that just now. Please try again.';

/**
 * The tracking page's lock (issue 17): the report, its photos and PDF and the quote open once the
 * customer types the job site's postcode or the last four digits of their phone. The server answers
 * 204 with a cookie for this job only; `onUnlocked` then loads them, without a page reload.
 */
export function UnlockCard({ code, onUnlocked }: { code: string; onUnlocked: () => void }) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [phoneLast4, setPhoneLast4] = useState('');
  const [error, setError] = useState<{ field: UnlockField | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = unlockRequest(postcode, phoneLast4);
    if (!('request' in checked)) {
      setError(checked);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api<void>(`${jobStatusBase(code)}/unlock`, { method: 'POST', body: checked.request });
      onUnlocked();
    } catch (failure) {
      // The server's own words: 'That does not match our records…' (400) or 'Too many tries…' (429).
      setError({ field: null, message: errorMessage(failure, UNLOCK_FAILED) });
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  const invalid = (field: UnlockField) => (error && (error.field === field || error.field === null) ? true : undefined);
  const digits = (value: string) => value.replace(/[^\d\s]/g, '').slice(0, 6);

  return (
    <section className="unlock-card" aria-labelledby={`${id}-title`}>
      <div className="unlock-card__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24">
          <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <h2 id={`${id}-title`} className="unlock-card__title">
        See your report and quote
      </h2>
      <p className="unlock-card__text">{QUOTE_MESSAGES.locked}</p>
      <form className="unlock-card__form" onSubmit={submit} noValidate>
        <div className="unlock-card__fields">
          <div className="field">
            <label htmlFor={`${id}-postcode`} className="field__label">
              Postcode
            </label>
            <input
              id={`${id}-postcode`}
              className="field__input"
              name="postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="[0-9]{4}"
              maxLength={6}
              placeholder="e.g. 2000"
              value={postcode}
              onChange={(event) => setPostcode(digits(event.target.value))}
              aria-invalid={invalid('postcode')}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <p className="unlock-card__or" aria-hidden="true">
            or
          </p>
          <div className="field">
            <label htmlFor={`${id}-phone`} className="field__label">
              Last 4 digits of your phone
            </label>
            <input
              id={`${id}-phone`}
              className="field__input"
              name="phoneLast4"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4}"
              maxLength={6}
              placeholder="e.g. 4821"
              value={phoneLast4}
              onChange={(event) => setPhoneLast4(digits(event.target.value))}
              aria-invalid={invalid('phoneLast4')}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        </div>
        {error ? (
          <p id={errorId} className="field__error unlock-card__error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button type="submit" className="button button--primary unlock-card__submit" disabled={busy}>
          {busy ? 'Checking...' : 'Unlock'}
        </button>
        <p className="field__hint">This opens them in this browser only, and for this job only.</p>
      </form>
    </section>
  );
}
