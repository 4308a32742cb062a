import { useEffect, useRef, useState, type ReactNode } from 'react';
import { TIME_SLOTS, todayIn } from '@relining/contracts/booking-rules';
import { Field } from '../components/Field';
import type { NextSlot, Refusal } from './refusal';

/**
 * The booking form's 'Preferred date' and 'Preferred time' as they are prerendered and work without
 * JavaScript: a date input and every time (the server checks the day and the time that are posted).
 * Once the visitor interacts, SlotPicker.tsx takes over with the region's open days and free times.
 * Both show a refused booking's message and the next free slots (RefusalNote).
 */

export interface SlotFieldsProps {
  idPrefix: string;
  date: string;
  time: string;
  /** The visitor's own choice (a refusal's message goes with it). */
  onChange: (choice: { date: string; time: string }) => void;
  errors: { preferred_date?: string; preferred_time?: string };
  refusal: Refusal | undefined;
  onPick: (slot: NextSlot) => void;
}

/** A field's error, announced, as Field shows its own. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

export const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/** The id of a refusal's message, for the field it is about (undefined for the other field, or none). */
export const refusalMessageId = (idPrefix: string, refusal: Refusal | undefined, field: Refusal['field']) =>
  refusal?.field === field ? `${idPrefix}-slot-refusal-message` : undefined;

/**
 * A booking refused because its time was just taken (or cannot be booked): the server's message,
 * announced, and the next free slots as buttons that fill the date and time. The first of them takes
 * the focus; once one is picked, the time list does (the date list while its days load).
 */
export function RefusalNote({ idPrefix, refusal, onPick }: { idPrefix: string; refusal: Refusal | undefined; onPick: (slot: NextSlot) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refusal) first.current?.focus();
  }, [refusal]);
  if (!refusal) return null;
  const id = `${idPrefix}-slot-refusal`;
  return (
    <div className="booking-form__wide slot-refusal" id={id}>
      <p id={`${id}-message`} className="field__error" role="alert">
        {refusal.message}
      </p>
      {refusal.nextSlots.length > 0 ? (
        <>
          <p id={`${id}-choices`} className="field__hint">
            The next free times:
          </p>
          <ul className="slot-refusal__choices" aria-labelledby={`${id}-choices`}>
            {refusal.nextSlots.map((slot, index) => (
              <li key={`${slot.date} ${slot.time}`}>
                <button
                  type="button"
                  className="button button--secondary slot-refusal__choice"
                  ref={index === 0 ? first : undefined}
                  onClick={() => {
                    onPick(slot);
                    // After React has rendered the choice (this button is gone by then).
                    requestAnimationFrame(() => {
                      const time = document.getElementById(`${idPrefix}-preferred_time`) as HTMLSelectElement | null;
                      if (time && !time.disabled) time.focus();
                      else document.getElementById(`${idPrefix}-preferred_date`)?.focus();
                    });
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
  );
}

/**
 * The plain date input and every time: prerendered, before the picker has loaded, and when the times
 * cannot be loaded (`note` says so; the server still decides).
 */
export function PlainSlotFields({ idPrefix, date, time, onChange, errors, refusal, onPick, note }: SlotFieldsProps & { note?: ReactNode }) {
  const dateId = `${idPrefix}-preferred_date`;
  const timeId = `${idPrefix}-preferred_time`;
  const refusedDate = refusalMessageId(idPrefix, refusal, 'preferred_date');
  const refusedTime = refusalMessageId(idPrefix, refusal, 'preferred_time');
  // The date picker's lower bound ('today' in Melbourne), known only in the browser: worked out when the
  // visitor reaches the date field, as the first time-zone calculation costs the page tens of ms.
  const [clockReady, setClockReady] = useState(false);
  const readyClock = () => setClockReady(true);
  const today = clockReady ? todayIn('Australia/Melbourne') : undefined;
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
        aria-describedby={describedBy(errors.preferred_date && `${dateId}-error`, refusedDate)}
        {...(refusedDate ? { 'aria-invalid': true } : {})}
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
          {...(errors.preferred_time || refusedTime
            ? { 'aria-invalid': true as const, 'aria-describedby': describedBy(errors.preferred_time && `${timeId}-error`, refusedTime) }
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
      {note ? (
        <p className="booking-form__wide field__hint" role="status">
          {note}
        </p>
      ) : null}
      <RefusalNote idPrefix={idPrefix} refusal={refusal} onPick={onPick} />
    </>
  );
}
