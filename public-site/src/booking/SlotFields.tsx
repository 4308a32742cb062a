import { useCallback, useEffect, useRef, useState } from 'react';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { TIME_SLOTS, todayIn } from '@relining/contracts/booking-rules';
import type { Region } from '@relining/contracts/regions';
import { api, errorMessage } from '@relining/contracts/client/http';
import { Field } from '../components/Field';
import { dateChoices, dayLabel, daysToCover, DAYS_STEP, lastDay, laterDays, timeLabel, type NextSlot } from './slots';

export const SUBURB_FIRST = 'Choose your suburb first to see the times we can come';
export const NO_TIMES_LEFT = 'No times left that day';
const LOAD_FAILED = 'We could not load the times we can come.';

/** The region's open days and free slots (GET /api/availability), as far ahead as the form needs. */
export interface Availability {
  /** The answer for the current region (kept while later days load). */
  answer: AvailabilityAnswer | undefined;
  loading: boolean;
  /** Why the last request failed (the server's message, or ours). */
  error: string | undefined;
  /** How many days are asked for, from today in the region. */
  days: number;
  /** Later days can still be asked for. */
  canLoadMore: boolean;
  later: () => void;
  /** Asks again (after a refused booking, or a failed request). */
  reload: () => void;
}

/**
 * Availability for `region` (null: none asked for), from today there: DAYS_STEP days, more on 'Later
 * dates', and as many as it takes to show `wanted` (a date kept from a draft or offered by a refusal).
 * `suburb` is what the server is asked about (it reads the state from it).
 */
export function useAvailability(region: Region | null, suburb: string, wanted: string): Availability {
  const [span, setSpan] = useState<{ region: Region | null; days: number }>({ region: null, days: DAYS_STEP });
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<{ region: Region; key: string; answer: AvailabilityAnswer }>();
  const [failed, setFailed] = useState<{ key: string; message: string }>();
  const asked = useRef(suburb);
  useEffect(() => {
    asked.current = suburb;
  }, [suburb]);

  const days = span.region === region ? span.days : DAYS_STEP;
  const answer = region && loaded?.region === region ? loaded.answer : undefined;
  const key = region ? `${region}|${days}|${reloads}` : '';

  useEffect(() => {
    if (!region) return;
    const controller = new AbortController();
    // A moment's grace: typing a postcode after the state asks once, not once a keystroke.
    const timer = setTimeout(() => {
      api<AvailabilityAnswer>(`/availability?suburb=${encodeURIComponent(asked.current.trim())}&days=${days}`, { signal: controller.signal }).then(
        (value) => {
          setLoaded({ region, key, answer: value });
          setFailed(undefined);
        },
        (error: unknown) => {
          if ((error as Error | null)?.name === 'AbortError') return;
          setFailed({ key, message: errorMessage(error, LOAD_FAILED) });
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [region, days, key]);

  // A wanted date past the days shown: ask for enough days to show it (never fewer than before).
  useEffect(() => {
    if (!answer || !region) return;
    const needed = daysToCover(answer, wanted, days);
    if (needed > days) setSpan({ region, days: needed });
  }, [answer, region, wanted, days]);

  const later = useCallback(() => setSpan({ region, days: laterDays(days) }), [region, days]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return {
    answer,
    loading: region !== null && loaded?.key !== key && failed?.key !== key,
    error: region && failed?.key === key ? failed.message : undefined,
    days,
    canLoadMore: days < AVAILABILITY_DAYS_MAX,
    later,
    reload,
  };
}

/** A booking refused by the server (409 SLOT_TAKEN, 400 SLOT_CLOSED): its message and the next free slots. */
export interface Refusal {
  field: 'preferred_date' | 'preferred_time';
  message: string;
  nextSlots: NextSlot[];
}

interface SlotFieldsProps {
  idPrefix: string;
  /** Before hydration (and when availability cannot be had): a plain date input and every time. */
  plain: boolean;
  /** The suburb's region; null until a suburb with its state is chosen. */
  region: Region | null;
  availability: Availability;
  date: string;
  time: string;
  onChange: (choice: { date: string; time: string }) => void;
  errors: { preferred_date?: string; preferred_time?: string };
  refusal: Refusal | undefined;
  onPick: (slot: NextSlot) => void;
}

/** A field's error, announced, as Field shows its own. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The booking form's 'Preferred date' and 'Preferred time' (issue 16). Prerendered (and without
 * JavaScript) a date input and every time, as the server checks what is posted. Once hydrated, the
 * suburb comes first; then a list of the region's open days and, for the chosen day, its free times,
 * labelled with the site's zone ('9:00 AM AWST'). The fields keep their names and values
 * (`preferred_date` yyyy-MM-dd, `preferred_time` '9:00 AM').
 */
export function SlotFields({ idPrefix, plain, region, availability, date, time, onChange, errors, refusal, onPick }: SlotFieldsProps) {
  const dateId = `${idPrefix}-preferred_date`;
  const timeId = `${idPrefix}-preferred_time`;
  const dateHintId = `${dateId}-hint`;
  const timeHintId = `${timeId}-hint`;
  const refusalId = `${idPrefix}-slot-refusal`;
  const { answer, loading, error, canLoadMore } = availability;

  // The first choice a refusal offers takes the focus (its message is announced); after a choice, the time.
  const firstChoice = useRef<HTMLButtonElement>(null);
  const timeSelect = useRef<HTMLSelectElement>(null);
  const focusTime = useRef(false);
  const dateSelect = useRef<HTMLSelectElement>(null);
  const laterPressed = useRef(false);
  useEffect(() => {
    if (refusal) firstChoice.current?.focus();
  }, [refusal]);
  // 'Later dates' goes once the last days the server gives are asked for: the focus goes to the dates.
  useEffect(() => {
    if (canLoadMore || !laterPressed.current) return;
    laterPressed.current = false;
    dateSelect.current?.focus();
  }, [canLoadMore]);
  useEffect(() => {
    if (focusTime.current && timeSelect.current && !timeSelect.current.disabled) {
      focusTime.current = false;
      timeSelect.current.focus();
    }
  });

  // The date picker's lower bound ('today' in Melbourne), known only in the browser: worked out when the
  // visitor reaches the date field, as the first time-zone calculation costs the page tens of ms.
  const [clockReady, setClockReady] = useState(false);
  const readyClock = () => setClockReady(true);
  const today = clockReady ? todayIn('Australia/Melbourne') : undefined;

  const refusalProblem = (field: Refusal['field']) => (refusal?.field === field ? `${refusalId}-message` : undefined);
  const retry = error ? (
    <>
      {' '}
      <button type="button" className="link-button" onClick={availability.reload}>
        Try again
      </button>
    </>
  ) : null;

  const refused = refusal ? (
    <div className="booking-form__wide slot-refusal" id={refusalId}>
      <p id={`${refusalId}-message`} className="field__error" role="alert">
        {refusal.message}
      </p>
      {refusal.nextSlots.length > 0 ? (
        <>
          <p id={`${refusalId}-choices`} className="field__hint">
            The next free times:
          </p>
          <ul className="slot-refusal__choices" aria-labelledby={`${refusalId}-choices`}>
            {refusal.nextSlots.map((slot, index) => (
              <li key={`${slot.date} ${slot.time}`}>
                <button
                  type="button"
                  className="button button--secondary slot-refusal__choice"
                  ref={index === 0 ? firstChoice : undefined}
                  onClick={() => {
                    focusTime.current = true;
                    onPick(slot);
                  }}
                >
                  {slot.label}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  ) : null;

  if (plain) {
    return (
      <>
        <Field
          id={dateId}
          label="Preferred date"
          name="preferred_date"
          type="date"
          required
          min={today}
          onFocus={readyClock}
          onPointerDown={readyClock}
          value={date}
          onChange={(event) => onChange({ date: event.target.value, time })}
          error={errors.preferred_date}
          aria-describedby={describedBy(errors.preferred_date && `${dateId}-error`, refusalProblem('preferred_date'))}
          {...(refusalProblem('preferred_date') ? { 'aria-invalid': true } : {})}
        />
        <div className="field">
          <label htmlFor={timeId} className="field__label">
            Preferred time <span aria-hidden="true">*</span>
          </label>
          <select
            id={timeId}
            name="preferred_time"
            className="field__select"
            required
            value={time}
            onChange={(event) => onChange({ date, time: event.target.value })}
            {...(errors.preferred_time || refusalProblem('preferred_time')
              ? { 'aria-invalid': true as const, 'aria-describedby': describedBy(errors.preferred_time && `${timeId}-error`, refusalProblem('preferred_time')) }
              : {})}
          >
            <option value="">Select a time</option>
            {TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
          <FieldError id={`${timeId}-error`} message={errors.preferred_time} />
        </div>
        {error ? (
          <p className="booking-form__wide field__hint" role="status">
            {error} Choose a date and time, and we will confirm it or offer the nearest free time.{retry}
          </p>
        ) : null}
        {refused}
      </>
    );
  }

  const choices = answer ? dateChoices(answer) : [];
  const chosen = choices.find((choice) => choice.date === date);
  const times = chosen?.times ?? [];
  const full = chosen !== undefined && times.length === 0;
  const dateHint = !region
    ? SUBURB_FIRST
    : !answer
      ? 'Finding the times we can come…'
      : loading
        ? 'Loading more dates…'
        : choices.length === 0
          ? `No free days up to ${dayLabel(lastDay(answer))}.`
          : `Showing the days we can come, up to ${dayLabel(lastDay(answer))}.`;
  const timePlaceholder = !region || !answer ? 'Select a time' : !chosen ? 'Select a date first' : full ? NO_TIMES_LEFT : 'Select a time';
  const dateError = errors.preferred_date ? `${dateId}-error` : undefined;
  const timeError = errors.preferred_time ? `${timeId}-error` : undefined;

  return (
    <>
      <div className="field">
        <label htmlFor={dateId} className="field__label">
          Preferred date<span aria-hidden="true"> *</span>
        </label>
        <select
          id={dateId}
          name="preferred_date"
          className="field__select"
          required
          disabled={!answer}
          ref={dateSelect}
          value={date}
          onChange={(event) => {
            const next = choices.find((choice) => choice.date === event.target.value);
            onChange({ date: event.target.value, time: next?.times.includes(time) ? time : '' });
          }}
          aria-invalid={dateError || refusalProblem('preferred_date') ? true : undefined}
          aria-describedby={describedBy(dateError, refusalProblem('preferred_date'), dateHintId)}
        >
          <option value="">{region && !answer ? 'Loading dates…' : 'Select a date'}</option>
          {choices.map((choice) => (
            <option key={choice.date} value={choice.date}>
              {choice.times.length > 0 ? choice.label : `${choice.label} (no times left)`}
            </option>
          ))}
        </select>
        <p id={dateHintId} className="field__hint" aria-live="polite">
          {dateHint}
          {error ? ` ${error}` : null}
          {retry}
        </p>
        {answer && canLoadMore ? (
          <button
            type="button"
            className="link-button slot-fields__later"
            // Never disabled while loading: a disabled button would lose the keyboard's focus.
            onClick={() => {
              if (loading) return;
              // The last step: the button goes, and the focus with it.
              laterPressed.current = laterDays(availability.days) >= AVAILABILITY_DAYS_MAX;
              availability.later();
            }}
          >
            Later dates
          </button>
        ) : null}
        <FieldError id={`${dateId}-error`} message={errors.preferred_date} />
      </div>
      <div className="field">
        <label htmlFor={timeId} className="field__label">
          Preferred time <span aria-hidden="true">*</span>
        </label>
        <select
          id={timeId}
          name="preferred_time"
          className="field__select"
          required
          disabled={!answer || times.length === 0}
          value={time}
          onChange={(event) => onChange({ date, time: event.target.value })}
          ref={timeSelect}
          aria-invalid={timeError || refusalProblem('preferred_time') ? true : undefined}
          aria-describedby={describedBy(timeError, refusalProblem('preferred_time'), !region ? dateHintId : full && timeHintId)}
        >
          <option value="">{timePlaceholder}</option>
          {answer && chosen
            ? times.map((slot) => (
                <option key={slot} value={slot}>
                  {timeLabel(slot, answer.timeZone, chosen.date)}
                </option>
              ))
            : null}
        </select>
        {full ? (
          <p id={timeHintId} className="field__hint" role="status">
            {NO_TIMES_LEFT}
          </p>
        ) : null}
        <FieldError id={`${timeId}-error`} message={errors.preferred_time} />
      </div>
      {refused}
    </>
  );
}
