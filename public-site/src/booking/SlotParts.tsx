import { useEffect, useRef } from 'react';
import type { NextSlot, Refusal } from './refusal';

/**
 * What every way of choosing a Clean & View time shows about a choice (issue 16): a field's error, and
 * a refused time's message with the next free slots. Shared by the booking form's plain fields
 * (SlotFields.tsx), its picker (SlotPicker.tsx) and the booking link's 'Move appointment'
 * (appointments/MoveAppointment.tsx); small, in the site's frame (vite.config.ts), so the booking link
 * page does not fetch the home page's code for it.
 */

/** A date and time being chosen, the field errors and refusal they show, and what picking does. */
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
 * A time refused because it was just taken (or cannot be booked): the server's message, announced,
 * and the next free slots as buttons that fill the date and time. The first of them takes
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
