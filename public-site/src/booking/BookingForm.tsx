import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { INSPECTION_PRICE_INC_GST } from '@relining/contracts/business';
import {
  BOOKING_MESSAGES,
  BOOKING_REDIRECT,
  BOOKING_SUBJECT,
  bookingProblems,
  HOW_HEARD_OPTIONS,
  type BookingProblem,
  todayIn,
} from '@relining/contracts/booking-rules';
import type { AddressSuggestion } from '@relining/contracts/api/addresses';
import type { BookingCreated } from '@relining/contracts/api/bookings';
import { MARKETING_CONSENT_FIELD, MARKETING_CONSENT_LABEL } from '@relining/contracts/api/email-preferences';
import { api, ApiError } from '@relining/contracts/client/http';
import { AddressField } from '../components/AddressField';
import { Field } from '../components/Field';
import { useDraft } from '../lib/draft';
import { onFirstInteraction } from '../lib/first-interaction';
import { useHydrated } from '../lib/useHydrated';
import { isSlotRefusal, nextSlotsOf, type NextSlot, type Refusal } from './refusal';
import { PlainSlotFields } from './SlotFields';

// The date and time picker (issue 16: the region's open days and free times) is fetched at the
// visitor's first interaction, not with the home page, whose weight is counted to the kilobyte; until
// then, and without JavaScript, the form has its plain date and time fields.
type Picker = typeof import('./SlotPicker');
let picker: Picker | undefined;
let loadingPicker: Promise<Picker> | undefined;
const loadPicker = () =>
  (loadingPicker ??= import('./SlotPicker')
    .then((module) => (picker = module))
    .catch((error: unknown) => {
      loadingPicker = undefined; // offline: the plain fields stay, and the next interaction tries again
      throw error;
    }));

/** The picker's module once it has loaded: at the first interaction, or at once for a form that is never prerendered. */
function usePicker(now: boolean): Picker | undefined {
  const [loaded, setLoaded] = useState(picker);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    const load = () =>
      void loadPicker().then(
        (module) => !cancelled && setLoaded(module),
        () => undefined,
      );
    if (now) load();
    const stop = now ? () => undefined : onFirstInteraction(load);
    return () => {
      cancelled = true;
      stop();
    };
  }, [loaded, now]);
  return loaded;
}

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  suburb: '',
  address: '',
  preferred_date: '',
  preferred_time: '',
  how_heard_about_us: '',
  message: '',
};

type Values = typeof EMPTY;
type Phase = 'idle' | 'submitting' | 'submitted';
type Errors = Partial<Record<keyof Values, string>>;

/** The referral code field's limit (the server reads at most this much of it: normaliseReferralCode). */
const REFERRAL_CODE_MAX_LENGTH = 40;

/** Each field's first problem, in the order the checks run (spec §5). */
function errorsOf(problems: BookingProblem[]): Errors {
  const errors: Errors = {};
  for (const problem of problems) errors[problem.field as keyof Values] ??= problem.message;
  return errors;
}

/** The errors shown still true of `values`: a corrected field's message goes at once, no new one appears while typing. */
function stillWrong(shown: Errors, values: Values): Errors {
  const now = errorsOf(bookingProblems(values, todayIn('Australia/Melbourne')));
  const next: Errors = {};
  for (const field of Object.keys(shown) as Array<keyof Values>) if (now[field]) next[field] = now[field];
  const same =
    Object.keys(next).length === Object.keys(shown).length && (Object.keys(next) as Array<keyof Values>).every((field) => next[field] === shown[field]);
  return same ? shown : next;
}

/** A select's or text area's message, as Field and AddressField show theirs. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Offers the referral code the visitor arrived with (the address's `?ref=`, or the cookie the server
 * set), unless they typed one. Only after hydration, so the prerendered form is the same for everyone;
 * and the code reading it is fetched only when there is a cookie or a query string at all, as the
 * home page's weight is counted to the kilobyte and most visitors have neither.
 */
function useOfferedReferralCode(offer: (update: (typed: string) => string) => void): void {
  useEffect(() => {
    if (!document.cookie && !window.location.search) return;
    let cancelled = false;
    import('../lib/referral-code').then(
      ({ rememberedReferralCode }) => {
        if (!cancelled) offer((typed) => typed || rememberedReferralCode());
      },
      () => undefined, // not fetched (offline): the visitor can still type the code
    );
    return () => {
      cancelled = true;
    };
  }, [offer]);
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * spec §3 'Booking request' with the checks of §5 (shared with the server) and the states of §4:
 * idle, submitting ('Submitting...'), submitted (success panel, 'Submit Another Booking'), error (the
 * form stays). Without JavaScript it posts as a plain form and the server answers with /thank-you.
 */
export interface BookingFormProps {
  idPrefix?: string;
  draftKey?: string;
  /** The suburb the form starts with (a local page's centre, issue 20), as if the visitor had chosen it. */
  initialSuburb?: { suburb: string; state: string; postcode: string };
}

export function BookingForm({ idPrefix = 'booking', draftKey, initialSuburb }: BookingFormProps) {
  const hydrated = useHydrated();
  // The empty form, or the local page's suburb already chosen (filled as the suburb field fills one).
  const [start] = useState(() => ({
    values: initialSuburb ? { ...EMPTY, suburb: `${initialSuburb.suburb} ${initialSuburb.state} ${initialSuburb.postcode}` } : EMPTY,
    place: { state: initialSuburb?.state ?? null, postcode: initialSuburb?.postcode ?? null },
  }));
  // In the dialog, what was typed is kept when it closes (lib/draft.ts); on the page, plain state.
  const { values, setValues, restored, clear: clearDraft } = useDraft<Values>(draftKey, start.values);
  const [place, setPlace] = useState<Pick<AddressSuggestion, 'state' | 'postcode'>>(start.place);
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<Errors>({});
  const [key, setKey] = useState(newKey);
  const success = useRef<HTMLDivElement>(null);
  // The plumber's referral code: apart from the draft, so a code offered from the cookie never counts
  // as something the visitor typed ('We kept what you typed earlier').
  const [referralCode, setReferralCode] = useState('');
  useOfferedReferralCode(setReferralCode);
  // 'Send me tips and offers': unticked until the visitor ticks it (consent to marketing e-mail is never assumed).
  const [marketingConsent, setMarketingConsent] = useState(false);

  // A message goes as soon as its field is corrected (spec §5's check, run again on the new value).
  useEffect(() => setErrors((shown) => (Object.keys(shown).length > 0 ? stillWrong(shown, values) : shown)), [values]);

  // The confirmation replaces the form: brought into view (a dialog may be scrolled down to the
  // button) and focused, so a screen reader reads it.
  useEffect(() => {
    if (phase !== 'submitted' || !success.current) return;
    success.current.focus({ preventScroll: true });
    success.current.scrollIntoView({ block: 'nearest' });
  }, [phase]);

  const set = (name: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name === 'suburb') setPlace({ state: null, postcode: null });
  };

  // Issue 16: once the picker has loaded, the suburb comes first (its state decides the region, its
  // time zone and its free times), then only the region's open days and free times can be chosen. A
  // refused booking (the time was just taken) says so, shows the times again and offers the next free ones.
  // In the dialog (never prerendered) the picker loads at once.
  const Picker = usePicker(draftKey !== undefined);
  // Shown while the suburb is the one refused (its next free slots are that region's).
  const [refused, setRefusal] = useState<Refusal & { suburb: string }>();
  const refusal = refused && refused.suburb === values.suburb ? refused : undefined;
  const adjust = useCallback(
    (choice: { date: string; time: string }) => setValues((current) => ({ ...current, preferred_date: choice.date, preferred_time: choice.time })),
    [setValues],
  );
  const choose = useCallback(
    (choice: { date: string; time: string }) => {
      setRefusal(undefined);
      adjust(choice);
    },
    [adjust],
  );
  const pick = useCallback((slot: NextSlot) => choose({ date: slot.date, time: slot.time }), [choose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = bookingProblems(values, todayIn('Australia/Melbourne'));
    const [problem] = problems;
    if (problem) {
      // The spec's toast for the first problem (in front of a dialog: lib/toast-slot.ts), and every
      // problem at its field, announced and described.
      setErrors(errorsOf(problems));
      toast.error(problem.title, { description: problem.message });
      // The date and time wait for the suburb: that is where the visitor goes first.
      const field = document.getElementById(`${idPrefix}-${problem.field}`);
      const locked = (problem.field === 'preferred_date' || problem.field === 'preferred_time') && field instanceof HTMLSelectElement && field.disabled;
      document.getElementById(`${idPrefix}-${locked ? 'suburb' : problem.field}`)?.focus();
      return;
    }
    setErrors({});
    setRefusal(undefined);
    setPhase('submitting');
    try {
      await fetchBooking(values, referralCode, place, key, marketingConsent);
      clearDraft();
      setPhase('submitted');
      toast.success(BOOKING_MESSAGES.successTitle, { description: BOOKING_MESSAGES.success });
    } catch (error) {
      setPhase('idle');
      if (isSlotRefusal(error)) {
        // 409 SLOT_TAKEN, 400 SLOT_CLOSED: nothing was stored. The server's message, the times as they
        // are now, and the next free ones to pick from.
        const field = error instanceof ApiError && error.errors.some((item) => item.field === 'preferred_date') ? 'preferred_date' : 'preferred_time';
        setRefusal({ field, message: error.message, nextSlots: nextSlotsOf(error), suburb: values.suburb });
        toast.error(error.message);
        return;
      }
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => Object.hasOwn(EMPTY, item.field)) : [];
      if (fieldErrors.length > 0) {
        // The server's own checks (a suburb it cannot place, say): at their fields, as the form's are.
        setErrors(errorsOf(fieldErrors.map((item) => ({ field: item.field as keyof Values, title: '', message: item.message }))));
        toast.error(BOOKING_MESSAGES.validationTitle, { description: fieldErrors[0]!.message });
        document.getElementById(`${idPrefix}-${fieldErrors[0]!.field}`)?.focus();
        return;
      }
      toast.error(BOOKING_MESSAGES.errorTitle, { description: BOOKING_MESSAGES.error });
    }
  }

  function reset() {
    clearDraft();
    setErrors({});
    setRefusal(undefined);
    setPlace(start.place);
    setMarketingConsent(false);
    setKey(newKey());
    setPhase('idle');
  }

  if (phase === 'submitted') {
    return (
      <div className="booking-success" role="status" tabIndex={-1} ref={success}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="48" height="48">
          <circle cx="12" cy="12" r="11" fill="#15803d" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h3>{BOOKING_MESSAGES.successTitle}</h3>
        <p>{BOOKING_MESSAGES.successPanel}</p>
        <button type="button" className="button button--secondary" onClick={reset}>
          Submit Another Booking
        </button>
      </div>
    );
  }

  const busy = phase === 'submitting';
  const errorId = (field: keyof Values) => `${idPrefix}-${field}-error`;
  const aria = (field: keyof Values) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {});
  return (
    <form className="booking-form" method="post" action="/api/bookings" onSubmit={submit} noValidate={hydrated} aria-busy={busy}>
      {restored ? (
        <p className="draft-note" role="status">
          We kept what you typed earlier.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearDraft();
              setErrors({});
              setRefusal(undefined);
            }}
          >
            Clear the form
          </button>
        </p>
      ) : null}
      <input type="hidden" name="subject" value={BOOKING_SUBJECT} />
      <input type="hidden" name="_next" value={BOOKING_REDIRECT} />
      <input type="hidden" name="idempotency_key" value={key} />
      <div className="booking-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-gotcha`}>Leave this field empty</label>
        <input id={`${idPrefix}-gotcha`} type="text" name="_gotcha" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="booking-form__grid">
        <Field
          id={`${idPrefix}-name`}
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
        />
        <Field
          id={`${idPrefix}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
        />
        <Field
          id={`${idPrefix}-phone`}
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="0400 000 000"
          required
          value={values.phone}
          onChange={(e) => set('phone')(e.target.value)}
          error={errors.phone}
        />
        <AddressField
          kind="locality"
          id={`${idPrefix}-suburb`}
          name="suburb"
          label="Suburb"
          placeholder="Start typing your suburb"
          required
          value={values.suburb}
          error={errors.suburb}
          onChange={set('suburb')}
          fillWith={(suggestion) =>
            suggestion.suburb && suggestion.state
              ? `${suggestion.suburb} ${suggestion.state}${suggestion.postcode ? ` ${suggestion.postcode}` : ''}`
              : suggestion.description
          }
          onSelect={(suggestion) => setPlace({ state: suggestion.state, postcode: suggestion.postcode })}
        />
        <div className="booking-form__wide">
          <AddressField
            kind="address"
            id={`${idPrefix}-address`}
            name="address"
            label="Street address"
            required
            value={values.address}
            error={errors.address}
            onChange={set('address')}
            fillWith={(suggestion) => suggestion.description.split(',')[0]!.trim()}
            onSelect={(suggestion) => {
              // The suburb follows the address unless the visitor chose one (a local page's own does not count).
              if (suggestion.suburb && (!values.suburb || values.suburb === start.values.suburb)) {
                set('suburb')(`${suggestion.suburb} ${suggestion.state ?? ''} ${suggestion.postcode ?? ''}`.trim());
                setPlace({ state: suggestion.state, postcode: suggestion.postcode });
              }
            }}
          />
        </div>
        {hydrated && Picker ? (
          <Picker.SlotPicker
            idPrefix={idPrefix}
            suburb={values.suburb}
            placeState={place.state}
            date={values.preferred_date}
            time={values.preferred_time}
            onChange={choose}
            onAdjust={adjust}
            errors={{ preferred_date: errors.preferred_date, preferred_time: errors.preferred_time }}
            refusal={refusal}
            onPick={pick}
          />
        ) : (
          <PlainSlotFields
            idPrefix={idPrefix}
            date={values.preferred_date}
            time={values.preferred_time}
            onChange={choose}
            errors={{ preferred_date: errors.preferred_date, preferred_time: errors.preferred_time }}
            refusal={refusal}
            onPick={pick}
          />
        )}
        <div className="field">
          <label htmlFor={`${idPrefix}-how_heard_about_us`} className="field__label">
            How did you hear about us? <span className="field__optional">(optional)</span>
          </label>
          <select
            id={`${idPrefix}-how_heard_about_us`}
            name="how_heard_about_us"
            className="field__select"
            value={values.how_heard_about_us}
            onChange={(e) => set('how_heard_about_us')(e.target.value)}
            {...aria('how_heard_about_us')}
          >
            <option value="">Select an option</option>
            {HOW_HEARD_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <FieldError id={errorId('how_heard_about_us')} message={errors.how_heard_about_us} />
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-referral_code`} className="field__label">
            Referral code <span className="field__optional">(optional)</span>
          </label>
          <input
            id={`${idPrefix}-referral_code`}
            name="referral_code"
            className="field__input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={REFERRAL_CODE_MAX_LENGTH}
            aria-describedby={`${idPrefix}-referral_code-hint`}
            value={referralCode}
            onChange={(e) => setReferralCode(e.target.value)}
          />
          <p id={`${idPrefix}-referral_code-hint`} className="field__hint">
            From your plumber, if you have one
          </p>
        </div>
        <div className="field booking-form__wide">
          <label htmlFor={`${idPrefix}-message`} className="field__label">
            Describe the problem <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={`${idPrefix}-message`}
            name="message"
            className="field__textarea"
            rows={4}
            required
            placeholder="e.g. slow-draining toilet, recurring blockage, tree roots in the yard"
            value={values.message}
            onChange={(e) => set('message')(e.target.value)}
            {...aria('message')}
          />
          <FieldError id={errorId('message')} message={errors.message} />
        </div>
      </div>
      <div className="booking-form__consent">
        <input
          id={`${idPrefix}-${MARKETING_CONSENT_FIELD}`}
          type="checkbox"
          name={MARKETING_CONSENT_FIELD}
          checked={marketingConsent}
          onChange={(event) => setMarketingConsent(event.target.checked)}
        />
        <label htmlFor={`${idPrefix}-${MARKETING_CONSENT_FIELD}`}>
          {MARKETING_CONSENT_LABEL} <span className="field__optional">(optional)</span>
        </label>
      </div>
      <button type="submit" className="button button--primary button--block booking-form__submit" disabled={busy}>
        {busy ? 'Submitting...' : 'Book My Clean & View'}
      </button>
      <p className="booking-form__note">{`Fixed price from ${INSPECTION_PRICE_INC_GST}, waived if you go ahead with relining. We'll call to confirm your appointment.`}</p>
    </form>
  );
}

async function fetchBooking(
  values: Values,
  referralCode: string,
  place: Pick<AddressSuggestion, 'state' | 'postcode'>,
  key: string,
  marketingConsent = false,
): Promise<void> {
  const body = {
    ...values,
    // Sent only when ticked (the form post sends the box only then too): nothing recorded otherwise.
    ...(marketingConsent ? { [MARKETING_CONSENT_FIELD]: true } : {}),
    how_heard_about_us: values.how_heard_about_us || undefined,
    // As typed (the server ignores spaces, dashes and case); always sent, so an empty field means no
    // code, no referral (the visitor removed the one offered, or had none): only a request without the
    // field falls back to the link's cookie.
    referral_code: referralCode.trim(),
    subject: BOOKING_SUBJECT,
    _gotcha: '',
    ...(place.state ? { state: place.state } : {}),
    ...(place.postcode ? { postcode: place.postcode } : {}),
  };
  await api<BookingCreated>('/bookings', { method: 'POST', headers: { 'Idempotency-Key': key }, body });
}
