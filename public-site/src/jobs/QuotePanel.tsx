import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { QUOTE_MESSAGES, type PublicQuote, type QuoteAcceptRequest, type QuoteDeclineRequest } from '@relining/contracts/api/inspections';
import { api, ApiError, errorMessage } from '@relining/contracts/client/http';
import { formatLongDay } from '@relining/contracts/date-format';
import { formatCents } from '@relining/contracts/quote-rules';
import { COMPANY } from '../lib/site';
import { formatJobDate } from '../lib/job-dates';
import { acceptProblems, jobStatusBase, quantityText, quoteStage } from './job-documents';

const SEND_FAILED = 'We could not send that just now. Please try again.';

export interface QuotePanelProps {
  code: string;
  quote: PublicQuote;
  /** The quote as the server now answers it (after accepting or declining). */
  onQuote: (quote: PublicQuote, change: 'accepted' | 'declined') => void;
  /** Loads the quote again (a newer version, or now expired). */
  onReload: () => Promise<void>;
  /** The job's cookie has expired: the page asks to unlock again. */
  onLocked: () => void;
}

/** 'Wednesday 2 December 2026' for the quote's valid-until day. */
function dayText(day: string): string {
  try {
    return formatLongDay(day);
  } catch {
    return day;
  }
}

/**
 * The published quote on the customer's tracking page (issue 17): its lines, the GST-inclusive total
 * with the GST shown, until when it holds, and, while it is open, accepting it online (full name and a
 * tick for the terms, naming the version shown) or declining it.
 */
export function QuotePanel({ code, quote, onQuote, onReload, onLocked }: QuotePanelProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const [justChanged, setJustChanged] = useState(false);
  const stage = quoteStage(quote);

  async function outdated(message: string) {
    setNotice(message);
    await onReload();
  }

  return (
    <section className="quote" aria-labelledby="quote-heading">
      <header className="quote__header">
        <h2 id="quote-heading" tabIndex={-1}>
          Your quote
        </h2>
        <p className="quote__meta">
          Version {quote.version}, sent <time dateTime={quote.publishedAt}>{formatJobDate(quote.publishedAt)}</time>
        </p>
      </header>
      {notice ? (
        <p className="notice notice--warning quote__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <table className="quote-lines">
        <caption className="visually-hidden">What the quote covers</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="quote-lines__number">
              Qty
            </th>
            <th scope="col" className="quote-lines__number">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.description}</td>
              <td className="quote-lines__number">{quantityText(line)}</td>
              <td className="quote-lines__number">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="quote__total">{quote.totalText}</p>
      <p className="quote__valid">
        Valid until <strong>{dayText(quote.validUntil)}</strong>
      </p>
      {quote.notes ? <p className="quote__notes pre-line">{quote.notes}</p> : null}
      {stage === 'accepted' && quote.acceptance ? (
        <Outcome tone="success" title="Quote accepted" focus={justChanged}>
          Accepted by <strong>{quote.acceptance.fullName}</strong> on{' '}
          <time dateTime={quote.acceptance.acceptedAt}>{formatJobDate(quote.acceptance.acceptedAt)}</time>
          {quote.acceptance.version !== quote.version ? ` (version ${quote.acceptance.version})` : ''}. Thank you: we will be in touch to book your relining.
        </Outcome>
      ) : null}
      {stage === 'declined' ? (
        <Outcome tone="neutral" title="Quote declined" focus={justChanged}>
          {QUOTE_MESSAGES.declinedAlready} Call us on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
        </Outcome>
      ) : null}
      {stage === 'expired' ? (
        <Outcome tone="error" title="Quote expired" focus={false}>
          {QUOTE_MESSAGES.expired} Call us on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
        </Outcome>
      ) : null}
      {stage === 'open' ? (
        <>
          <AcceptForm
            code={code}
            quote={quote}
            onAccepted={(accepted) => {
              setNotice(null);
              setJustChanged(true);
              onQuote(accepted, 'accepted');
            }}
            onOutdated={outdated}
            onReload={onReload}
            onLocked={onLocked}
          />
          <DeclineForm
            code={code}
            onDeclined={(declined) => {
              setNotice(null);
              setJustChanged(true);
              onQuote(declined, 'declined');
            }}
            onOutdated={outdated}
            onLocked={onLocked}
          />
        </>
      ) : null}
    </section>
  );
}

/** Where the quote stands once it is no longer open; focused when the customer has just changed it, so it is read out. */
function Outcome({ tone, title, focus, children }: { tone: 'success' | 'neutral' | 'error'; title: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} className={`quote__outcome quote__outcome--${tone}`} tabIndex={-1} role={focus ? 'status' : undefined}>
      <h3>{title}</h3>
      <p>{children}</p>
    </div>
  );
}

type AcceptErrors = Partial<Record<'fullName' | 'agree' | 'form', string>>;

function AcceptForm({
  code,
  quote,
  onAccepted,
  onOutdated,
  onReload,
  onLocked,
}: {
  code: string;
  quote: PublicQuote;
  onAccepted: (quote: PublicQuote) => void;
  onOutdated: (message: string) => Promise<void>;
  onReload: () => Promise<void>;
  onLocked: () => void;
}) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [agree, setAgree] = useState(false);
  const [mediaConsent, setMediaConsent] = useState(false);
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);

  // A new version is a new quote to agree to: the tick is given again, for the version now shown.
  useEffect(() => setAgree(false), [quote.version]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = acceptProblems(fullName, agree);
    setErrors(problems);
    if (problems.fullName) return nameRef.current?.focus();
    if (problems.agree) return agreeRef.current?.focus();
    setBusy(true);
    const body: QuoteAcceptRequest = { fullName: fullName.trim(), agree: true, version: quote.version, mediaConsent };
    try {
      onAccepted(await api<PublicQuote>(`${jobStatusBase(code)}/quote/accept`, { method: 'POST', body }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setErrors({});
        await onOutdated(errorMessage(failure, QUOTE_MESSAGES.outdated));
      } else if (failure instanceof ApiError && failure.status === 403) {
        onLocked();
      } else if (failure instanceof ApiError && failure.errors.length > 0) {
        const byField = Object.fromEntries(failure.errors.map((error) => [error.field, error.message]));
        setErrors({ fullName: byField.fullName, agree: byField.agree, form: byField.fullName || byField.agree ? undefined : failure.message });
      } else {
        setErrors({ form: errorMessage(failure, SEND_FAILED) });
        // Expired since the page loaded: show it as expired.
        if (failure instanceof ApiError && failure.message === QUOTE_MESSAGES.expired) await onReload();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="quote-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Happy to go ahead?</h3>
      <p className="quote-form__terms">
        By accepting, you ask us to carry out the work listed above for the total shown, under our <Link href="/terms">Terms of Service</Link>. No payment is
        taken online: we will call you to book a date.
      </p>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field__label">
          Full name
        </label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          className="field__input"
          name="fullName"
          autoComplete="name"
          maxLength={120}
          value={fullName}
          onChange={(event) => setFullName(event.target.value)}
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={errors.fullName ? `${id}-name-error` : undefined}
        />
        {errors.fullName ? (
          <p id={`${id}-name-error`} className="field__error" role="alert">
            {errors.fullName}
          </p>
        ) : null}
      </div>
      <div className="quote-form__check">
        <div className="checkbox">
          <input
            ref={agreeRef}
            id={`${id}-agree`}
            type="checkbox"
            name="agree"
            checked={agree}
            onChange={(event) => setAgree(event.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? `${id}-agree-error` : undefined}
          />
          <label htmlFor={`${id}-agree`}>I accept this quote and the terms</label>
        </div>
        {errors.agree ? (
          <p id={`${id}-agree-error`} className="field__error" role="alert">
            {errors.agree}
          </p>
        ) : null}
      </div>
      <div className="checkbox checkbox--optional">
        <input id={`${id}-media`} type="checkbox" name="mediaConsent" checked={mediaConsent} onChange={(event) => setMediaConsent(event.target.checked)} />
        <label htmlFor={`${id}-media`}>You may use before and after photos of my pipes on your website (no address or names)</label>
      </div>
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="button button--primary quote-form__submit" disabled={busy}>
        {busy ? 'Accepting...' : 'Accept quote'}
      </button>
    </form>
  );
}

function DeclineForm({
  code,
  onDeclined,
  onOutdated,
  onLocked,
}: {
  code: string;
  onDeclined: (quote: PublicQuote) => void;
  onOutdated: (message: string) => Promise<void>;
  onLocked: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body: QuoteDeclineRequest = reason.trim() ? { reason: reason.trim() } : {};
    try {
      onDeclined(await api<PublicQuote>(`${jobStatusBase(code)}/quote/decline`, { method: 'POST', body }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) await onOutdated(errorMessage(failure, QUOTE_MESSAGES.outdated));
      else if (failure instanceof ApiError && failure.status === 403) onLocked();
      else setError(errorMessage(failure, SEND_FAILED));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <div className="quote-decline">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Decline quote
        </button>
      </div>
    );
  }
  return (
    <form className="quote-decline quote-decline--open" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Decline this quote</h3>
      <div className="field">
        <label htmlFor={`${id}-reason`} className="field__label">
          Reason <span className="field__optional">(optional)</span>
        </label>
        <textarea
          ref={reasonRef}
          id={`${id}-reason`}
          className="field__textarea"
          name="reason"
          rows={3}
          maxLength={1000}
          placeholder="It helps us to know, e.g. the price or the timing"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--secondary quote-decline__confirm" disabled={busy}>
          {busy ? 'Declining...' : 'Decline quote'}
        </button>
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          Keep the quote
        </button>
      </div>
    </form>
  );
}
