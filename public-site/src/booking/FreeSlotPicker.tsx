import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AVAILABILITY_DAYS_MAX, type AvailabilityAnswer } from '@relining/contracts/availability';
import { api, errorMessage } from '@relining/contracts/client/http';
import { describedBy, FieldError, RefusalNote, refusalMessageId, type SlotFieldsProps } from './SlotParts';
import { dateChoices, dayLabel, daysToCover, DAYS_STEP, keptChoice, lastDay, laterDays, timeLabel } from './slots';

export const NO_TIMES_LEFT = 'No times left that day';
const LOAD_FAILED = 'We could not load the times we can come.';

/**
 * Where a picker's free times come from (issue 16): a region's availability (GET /api/availability
 * for the booking form's suburb) or a booking link's own (GET /api/booking/:token/availability).
 */
export interface AvailabilitySource {
  /** What is asked about (a region, a booking link): another key starts again from DAYS_STEP days. */
  key: string;
  /** The API path of `days` days of open days and free slots, from today in the region. */
  path: (days: number) => string;
  /** A moment's grace before asking (a suburb being typed asks once, not once a keystroke). */
  delayMs?: number;
}

/** A region's open days and free slots, as far ahead as the picker needs. */
interface Availability {
  /** The answer for the current source (kept while later days load). */
  answer: AvailabilityAnswer | undefined;
  loading: boolean;
  /** Why the last request failed (the server's message, or ours). */
  error: string | undefined;
  /** How many days are asked for, from today in the region. */
  days: number;
  /** Later days can still be asked for. */
  canLoadMore: boolean;
  later: () => void;
  /** Asks again (after a refused time, or a failed request). */
  reload: () => void;
}

/**
 * Availability from `source` (null: nothing to ask about yet): DAYS_STEP days, more on 'Later dates',
 * and as many as it takes to show `wanted` (a date kept from a draft or offered by a refusal).
 */
function useAvailability(source: AvailabilitySource | null, wanted: string): Availability {
  const sourceKey = source?.key ?? null;
  const [span, setSpan] = useState<{ key: string | null; days: number }>({ key: null, days: DAYS_STEP });
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<{ sourceKey: string; key: string; answer: AvailabilityAnswer }>();
  const [failed, setFailed] = useState<{ key: string; message: string }>();
  // The latest way to ask (the suburb as typed now): a new one asks again only when its key changes.
  const asked = useRef(source);
  useEffect(() => {
    asked.current = source;
  });

  const days = span.key === sourceKey ? span.days : DAYS_STEP;
  const answer = sourceKey !== null && loaded?.sourceKey === sourceKey ? loaded.answer : undefined;
  const key = sourceKey === null ? '' : `${sourceKey}|${days}|${reloads}`;

  useEffect(() => {
    if (sourceKey === null || !asked.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!asked.current) return;
      api<AvailabilityAnswer>(asked.current.path(days), { signal: controller.signal }).then(
        (value) => {
          setLoaded({ sourceKey, key, answer: value });
          setFailed(undefined);
        },
        (error: unknown) => {
          if ((error as Error | null)?.name === 'AbortError') return;
          setFailed({ key, message: errorMessage(error, LOAD_FAILED) });
        },
      );
    }, asked.current.delayMs ?? 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sourceKey, days, key]);

  // A wanted date past the days shown: ask for enough days to show it (never fewer than before).
  useEffect(() => {
    if (!answer || sourceKey === null) return;
    const needed = daysToCover(answer, wanted, days);
    if (needed > days) setSpan({ key: sourceKey, days: needed });
  }, [answer, sourceKey, wanted, days]);

  const later = useCallback(() => setSpan({ key: sourceKey, days: laterDays(days) }), [sourceKey, days]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return {
    answer,
    loading: sourceKey !== null && loaded?.key !== key && failed?.key !== key,
    error: sourceKey !== null && failed?.key === key ? failed.message : undefined,
    days,
    canLoadMore: days < AVAILABILITY_DAYS_MAX,
    later,
    reload,
  };
}

export interface FreeSlotPickerProps extends SlotFieldsProps {
  /** Where the free times come from; null while there is nothing to ask about (no suburb yet). */
  source: AvailabilitySource | null;
  /** The date list's hint while `source` is null. */
  waiting: string;
  /** The two lists' labels ('Preferred date', 'Preferred time'). */
  labels: { date: string; time: string };
  /** The choice as availability leaves it (a day no longer open, a time no longer free); not the visitor's. */
  onAdjust: (choice: { date: string; time: string }) => void;
  /** What stands in for the lists when the times cannot be loaded: `error` says why, `retry` asks again. */
  unavailable: (error: string, retry: ReactNode) => ReactNode;
}

/**
 * A date list of the open days ('Tue 1 Dec', 'Later dates' for more) and, for the chosen day, a list
 * of its free times labelled with the site's zone ('9:00 AM AWST') (issue 16). The fields are named
 * `preferred_date` (yyyy-MM-dd) and `preferred_time` ('9:00 AM'). A refusal shows its message and the
 * next free slots (RefusalNote), and reloads the times. Used by the booking form (SlotPicker.tsx) and
 * by the booking link's 'Move appointment'.
 */
export function FreeSlotPicker(props: FreeSlotPickerProps) {
  const { idPrefix, date, time, onChange, onAdjust, errors, refusal, onPick, source, waiting, labels, unavailable } = props;
  const availability = useAvailability(source, date);
  const { answer, loading, error, canLoadMore, reload } = availability;

  // What was chosen (a draft, a date typed before the picker loaded, a refused time), as availability leaves it.
  useEffect(() => {
    if (!answer) return;
    const kept = keptChoice(answer, { date, time }, canLoadMore);
    if (kept.date !== date || kept.time !== time) onAdjust(kept);
  }, [answer, canLoadMore, date, time, onAdjust]);
  // A refused time: the times as they are now.
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
  if (error && !answer) return <>{unavailable(error, retry)}</>;

  const dateId = `${idPrefix}-preferred_date`;
  const timeId = `${idPrefix}-preferred_time`;
  const dateHintId = `${dateId}-hint`;
  const timeHintId = `${timeId}-hint`;
  const choices = answer ? dateChoices(answer) : [];
  const chosen = choices.find((choice) => choice.date === date);
  const times = chosen?.times ?? [];
  const full = chosen !== undefined && times.length === 0;
  const dateHint = !source
    ? waiting
    : !answer
      ? 'Finding the times we can come…'
      : loading
        ? 'Loading more dates…'
        : choices.length === 0
          ? `No free days up to ${dayLabel(lastDay(answer))}.`
          : `Showing the days we can come, up to ${dayLabel(lastDay(answer))}.`;
  const timePlaceholder = !source || !answer ? 'Select a time' : !chosen ? 'Select a date first' : full ? NO_TIMES_LEFT : 'Select a time';
  const dateError = errors.preferred_date ? `${dateId}-error` : undefined;
  const timeError = errors.preferred_time ? `${timeId}-error` : undefined;
  const refusedDate = refusalMessageId(idPrefix, refusal, 'preferred_date');
  const refusedTime = refusalMessageId(idPrefix, refusal, 'preferred_time');

  return (
    <>
      <div className="field">
        <label htmlFor={dateId} className="field__label">
          {labels.date} <span aria-hidden="true">*</span>
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
          <option value="">{source && !answer ? 'Loading dates…' : 'Select a date'}</option>
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
          {labels.time} <span aria-hidden="true">*</span>
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
          aria-describedby={describedBy(timeError, refusedTime, !source ? dateHintId : full && timeHintId)}
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
