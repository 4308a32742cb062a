import { useCallback, useEffect, useRef, useState } from 'react';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { api, errorMessage } from '@relining/contracts/client/http';
import { isRegion, type Region } from '@relining/contracts/regions';
import { describedBy, FieldError, PlainSlotFields, RefusalNote, refusalMessageId, type SlotFieldsProps } from './SlotFields';
import { dateChoices, dayLabel, daysToCover, DAYS_STEP, keptChoice, lastDay, laterDays, regionOfSuburb, timeLabel } from './slots';

export const SUBURB_FIRST = 'Choose your suburb first to see the times we can come';
export const NO_TIMES_LEFT = 'No times left that day';
const LOAD_FAILED = 'We could not load the times we can come.';

/** The region's open days and free slots (GET /api/availability), as far ahead as the form needs. */
interface Availability {
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
function useAvailability(region: Region | null, suburb: string, wanted: string): Availability {
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

interface SlotPickerProps extends SlotFieldsProps {
  /** The suburb as typed or picked: its state decides the region ('Toowong QLD 4066'). */
  suburb: string;
  /** The state of the suggestion picked, if any. */
  placeState: string | null;
  /** The choice as availability leaves it (a day no longer open, a time no longer free); not the visitor's. */
  onAdjust: (choice: { date: string; time: string }) => void;
}

/**
 * The booking form's date and time once the page is interactive (issue 16): the suburb comes first;
 * then a list of the region's open days ('Tue 1 Dec') and, for the chosen day, its free times labelled
 * with the site's zone ('9:00 AM AWST'). The fields keep their names and values (`preferred_date`
 * yyyy-MM-dd, `preferred_time` '9:00 AM'). A refused booking reloads the times. When they cannot be
 * loaded, the plain fields come back and the server decides.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { idPrefix, date, time, onChange, onAdjust, errors, refusal, onPick, suburb, placeState } = props;
  const region = regionOfSuburb(suburb) ?? (isRegion(placeState) ? placeState : null);
  const availability = useAvailability(region, suburb, date);
  const { answer, loading, error, canLoadMore, reload } = availability;

  // What was chosen (a draft, a date typed before the picker loaded, a refused time), as availability leaves it.
  useEffect(() => {
    if (!answer) return;
    const kept = keptChoice(answer, { date, time }, canLoadMore);
    if (kept.date !== date || kept.time !== time) onAdjust(kept);
  }, [answer, canLoadMore, date, time, onAdjust]);
  // A refused booking: the times as they are now.
  useEffect(() => {
    if (refusal) reload();
  }, [refusal, reload]);

  // 'Later dates' goes once the last days the server gives are asked for: the focus goes to the dates.
  const dateSelect = useRef<HTMLSelectElement>(null);
  const laterPressed = useRef(false);
  useEffect(() => {
    if (canLoadMore || !laterPressed.current) return;
    laterPressed.current = false;
    dateSelect.current?.focus();
  }, [canLoadMore]);

  const retry = (
    <>
      {' '}
      <button type="button" className="link-button" onClick={reload}>
        Try again
      </button>
    </>
  );
  if (error && !answer) {
    return (
      <PlainSlotFields
        {...props}
        note={
          <>
            {error} Choose a date and time, and we will confirm it or offer the nearest free time.{retry}
          </>
        }
      />
    );
  }

  const dateId = `${idPrefix}-preferred_date`;
  const timeId = `${idPrefix}-preferred_time`;
  const dateHintId = `${dateId}-hint`;
  const timeHintId = `${timeId}-hint`;
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
  const refusedDate = refusalMessageId(idPrefix, refusal, 'preferred_date');
  const refusedTime = refusalMessageId(idPrefix, refusal, 'preferred_time');

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
          aria-invalid={dateError || refusedDate ? true : undefined}
          aria-describedby={describedBy(dateError, refusedDate, dateHintId)}
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
          {error ? retry : null}
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
          aria-invalid={timeError || refusedTime ? true : undefined}
          aria-describedby={describedBy(timeError, refusedTime, !region ? dateHintId : full && timeHintId)}
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
      <RefusalNote idPrefix={idPrefix} refusal={refusal} onPick={onPick} />
    </>
  );
}
