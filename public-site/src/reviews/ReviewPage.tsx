import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import type { ReviewInvitation, ReviewReceipt } from '@relining/contracts/api/reviews';
import { api, ApiError, NETWORK_ERROR_MESSAGE } from '@relining/contracts/client/http';
import { Field } from '../components/Field';
import { Loading } from '../components/Loading';
import { COMPANY } from '../lib/site';
import { usePrefetched } from '../lib/use-prefetched';
import {
  fieldErrorsOf,
  firstErrorField,
  initialReviewValues,
  failedReviewLink,
  openReviewLink,
  linkStateOfError,
  RATING_WORDS,
  reviewApiPath,
  reviewFormErrors,
  reviewSubmissionOf,
  reviewTextCounter,
  starLabel,
  type ReviewField,
  type ReviewFieldErrors,
  type ReviewFormValues,
  type ReviewLinkState,
} from './review-form';

/** Each field's element id: an error moves the focus to the first field that has one. */
const FIELD_IDS: Record<ReviewField, string> = {
  rating: 'review-rating-1',
  text: 'review-text',
  firstName: 'review-first-name',
  suburb: 'review-suburb',
  consent: 'review-consent',
};

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The stars as a radio group (fieldset 'Your rating', radios '1 star' … '5 stars'): arrow keys move
 * between them, and each radio lies over its star, so the whole 48 px star is the tap target.
 */
function StarRatingInput({ value, error, onChange }: { value: number | null; error?: string; onChange: (rating: number) => void }) {
  return (
    <fieldset className="field star-rating" aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="field__label">
        Your rating <span aria-hidden="true">*</span>
      </legend>
      <div className="star-rating__row">
        <div className="star-rating__options">
          {STARS.map((stars) => (
            <span key={stars} className="star-rating__option">
              <input
                id={`review-rating-${stars}`}
                className="star-rating__input"
                type="radio"
                name="rating"
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-invalid={error ? true : undefined}
              />
              <label
                htmlFor={`review-rating-${stars}`}
                className={value !== null && stars <= value ? 'star-rating__star star-rating__star--lit' : 'star-rating__star'}
              >
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{starLabel(stars)}</span>
              </label>
            </span>
          ))}
        </div>
        {/* The radio's own label already says how many stars; the word is for the eye. */}
        <span className="star-rating__word" aria-hidden="true">
          {value !== null ? RATING_WORDS[value] : ''}
        </span>
      </div>
      {error ? (
        <p id="review-rating-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The page: the link's state, or the review just sent (with or without consent to publish it). */
type PageState = ReviewLinkState | { kind: 'sent'; consent: boolean };

function ReviewForm({ path, invitation, onDone }: { path: string; invitation: ReviewInvitation; onDone: (state: PageState) => void }) {
  const [values, setValues] = useState<ReviewFormValues>(() => initialReviewValues(invitation));
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof ReviewFormValues>(field: K, value: ReviewFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its error at once; the others keep theirs until the next send.
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }

  function showErrors(next: ReviewFieldErrors) {
    setErrors(next);
    const first = firstErrorField(next);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problems = reviewFormErrors(values);
    if (firstErrorField(problems)) {
      showErrors(problems);
      return;
    }
    setBusy(true);
    try {
      const receipt = await api<ReviewReceipt>(path, { method: 'POST', body: reviewSubmissionOf(values) });
      onDone({ kind: 'sent', consent: receipt.consent });
    } catch (error) {
      const link = linkStateOfError(error);
      if (link) onDone(link);
      else if (error instanceof ApiError && firstErrorField(fieldErrorsOf(error.errors))) showErrors(fieldErrorsOf(error.errors));
      else setFormError(error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form review-form" onSubmit={submit} noValidate>
      <StarRatingInput value={values.rating} error={errors.rating} onChange={(rating) => set('rating', rating)} />
      <div className="field">
        <label htmlFor="review-text" className="field__label">
          Your review
        </label>
        <textarea
          id="review-text"
          name="text"
          className="field__textarea"
          rows={5}
          value={values.text}
          onChange={(event) => set('text', event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'review-text-hint review-text-error' : 'review-text-hint'}
        />
        <p id="review-text-hint" className="field__hint review-form__counter">
          Optional: what we did and how it went. <span>{reviewTextCounter(values.text)}</span>
        </p>
        {errors.text ? (
          <p id="review-text-error" className="field__error" role="alert">
            {errors.text}
          </p>
        ) : null}
      </div>
      <div className="review-form__names">
        <Field
          id="review-first-name"
          name="firstName"
          label="First name to show"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={(event) => set('firstName', event.target.value)}
          error={errors.firstName}
        />
        <Field
          id="review-suburb"
          name="suburb"
          label="Suburb"
          autoComplete="address-level2"
          hint="Leave it empty to show none."
          value={values.suburb}
          onChange={(event) => set('suburb', event.target.value)}
          error={errors.suburb}
        />
      </div>
      <div className="field">
        <div className="checkbox review-form__consent">
          <input
            id="review-consent"
            type="checkbox"
            name="consent"
            checked={values.consent}
            onChange={(event) => set('consent', event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'review-consent-hint review-consent-error' : 'review-consent-hint'}
          />
          <label htmlFor="review-consent">You may publish my review on your website</label>
        </div>
        <p id="review-consent-hint" className="field__hint">
          We would show your rating, your review, the first name and the suburb above. Left unticked, only our team reads it.
        </p>
        {errors.consent ? (
          <p id="review-consent-error" className="field__error" role="alert">
            {errors.consent}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Sending...' : 'Send my review'}
      </button>
    </form>
  );
}

const HEADING = 'How did we do?';

/**
 * Issue 20, the customer's private review link (/review/{token}, from the review request e-mail sent
 * after their job is completed; noindex, not in the sitemap): a star rating, a short review, the
 * name and suburb to show, and their consent to publish it. The link is used once; a used link thanks
 * them instead.
 */
export default function ReviewPage() {
  const { token } = useParams<{ token: string }>();
  const path = reviewApiPath(token);
  const [state, setState] = usePrefetched<ReviewInvitation, PageState>(path, openReviewLink, failedReviewLink);

  // The outcome of sending takes the focus, so it is read out (the form it replaces had it).
  const outcome = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.kind === 'sent' || state.kind === 'used') outcome.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading') {
    return (
      <section className="container page narrow review-page--loading">
        <Loading label="Loading your review form..." />
      </section>
    );
  }
  if (state.kind === 'sent') {
    return (
      <section className="container page narrow review-page">
        <div className="notice notice--success review-thanks" role="status">
          <h1 ref={outcome} tabIndex={-1} className="review-thanks__title">
            Thank you for your review!
          </h1>
          <p>{state.consent ? 'It will appear on our website once we have checked it.' : 'We will keep it to ourselves: it helps us do an even better job.'}</p>
        </div>
        <p className="form-actions">
          <Link href="/" className="button button--primary">
            Return to Home
          </Link>
        </p>
      </section>
    );
  }
  if (state.kind === 'used') {
    return (
      <section className="container page narrow review-page">
        <h1 ref={outcome} tabIndex={-1}>
          Thank you!
        </h1>
        <p>{state.message}</p>
        <Link href="/" className="button button--primary">
          Return to Home
        </Link>
      </section>
    );
  }
  if (state.kind === 'unknown') {
    return (
      <section className="container page narrow review-page">
        <h1>{HEADING}</h1>
        <p>{state.message}</p>
        <div className="form-actions">
          <a href={COMPANY.phoneHref} className="button button--primary">
            Call {COMPANY.phone}
          </a>
          <Link href="/" className="button button--secondary">
            Return to Home
          </Link>
        </div>
      </section>
    );
  }
  if (state.kind === 'error') {
    return (
      <section className="container page narrow review-page">
        <h1>{HEADING}</h1>
        <p role="alert">
          We could not load your review form just now. Please refresh the page in a moment, or call us on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
        </p>
      </section>
    );
  }

  const { invitation } = state;
  return (
    <section className="container page narrow review-page">
      <h1>{HEADING}</h1>
      <p className="review-page__intro">
        Hi {invitation.firstName}, thank you for choosing {COMPANY.name} for job <strong>{invitation.jobNumber}</strong>. Tell us how it went: it takes a
        minute, and it helps your neighbours choose.
      </p>
      <div className="panel review-page__panel">
        <ReviewForm path={path} invitation={invitation} onDone={setState} />
      </div>
    </section>
  );
}
