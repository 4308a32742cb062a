import { useState, type ReactNode } from 'react';
import { TIME_SLOTS, todayIn } from '@relining/contracts/booking-rules';
import { Field } from '../components/Field';
import { describedBy, FieldError, RefusalNote, refusalMessageId, type SlotFieldsProps } from './SlotParts';

/**
 * The booking form's 'Preferred date' and 'Preferred time' as they are prerendered and work without
 * JavaScript: a date input and every time (the server checks the day and the time that are posted).
 * Once the visitor interacts, SlotPicker.tsx takes over with the region's open days and free times.
 * Both show a refused booking's message and the next free slots (RefusalNote, in SlotParts.tsx).
 */

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
