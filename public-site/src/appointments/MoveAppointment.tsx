import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { ManagedAppointment, MoveAppointmentRequest } from '@relining/contracts/api/appointments';
import { todayIn } from '@relining/contracts/booking-rules';
import { api, errorMessage } from '@relining/contracts/client/http';
import { FreeSlotPicker, type AvailabilitySource } from '../booking/FreeSlotPicker';
import type { NextSlot, Refusal } from '../booking/refusal';
import {
  bookingApiPath,
  bookingAvailabilityPath,
  moveFieldErrorsOf,
  moveProblems,
  moveRefusalOf,
  notChangeableMessageOf,
  type SlotErrors,
} from './appointment';

const ID = 'move';
const MOVE_FAILED = 'We could not move your appointment just now. Please try again, or call us.';

const focusField = (field: keyof SlotErrors) => document.getElementById(`${ID}-${field}`)?.focus();

/**
 * 'Move appointment': the region's free times from the booking link (the booking form's picker), and
 * 'Move to this time'. A time taken meanwhile (409 SLOT_TAKEN) says so and offers the next free ones
 * as buttons; 409 NOT_CHANGEABLE hands over to the page (`onClosed`).
 */
export function MoveAppointment({
  token,
  appointment,
  onMoved,
  onClosed,
}: {
  token: string;
  appointment: ManagedAppointment;
  onMoved: (appointment: ManagedAppointment) => void;
  onClosed: (message: string) => void;
}) {
  const [choice, setChoice] = useState({ date: '', time: '' });
  const [errors, setErrors] = useState<SlotErrors>({});
  const [refusal, setRefusal] = useState<Refusal>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // From today in the appointment's region (its own zone, wherever the customer reads the page).
  const { timeZone } = appointment;
  const source = useMemo<AvailabilitySource>(
    () => ({ key: token, path: (days) => bookingAvailabilityPath(token, todayIn(timeZone), days) }),
    [token, timeZone],
  );

  const adjust = useCallback((next: { date: string; time: string }) => setChoice(next), []);
  const choose = useCallback((next: { date: string; time: string }) => {
    setChoice(next);
    setRefusal(undefined);
    setErrors({});
    setFailure(undefined);
  }, []);
  const pick = useCallback((slot: NextSlot) => choose({ date: slot.date, time: slot.time }), [choose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = moveProblems(choice, appointment);
    const field = (Object.keys(problems) as Array<keyof SlotErrors>)[0];
    if (field) {
      setErrors(problems);
      focusField(field);
      return;
    }
    setErrors({});
    setRefusal(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      const request: MoveAppointmentRequest = { date: choice.date, time: choice.time };
      const moved = await api<ManagedAppointment>(`${bookingApiPath(token)}/move`, { method: 'POST', body: request });
      setBusy(false);
      onMoved(moved);
    } catch (error) {
      setBusy(false);
      // 409 SLOT_TAKEN, 400 SLOT_CLOSED: the appointment stays where it was. The message, the times as
      // they are now and the next free ones (RefusalNote takes the focus).
      const refused = moveRefusalOf(error);
      if (refused) {
        setRefusal(refused);
        return;
      }
      const closed = notChangeableMessageOf(error);
      if (closed) {
        onClosed(closed);
        return;
      }
      const fieldErrors = moveFieldErrorsOf(error);
      const wrong = (Object.keys(fieldErrors) as Array<keyof SlotErrors>)[0];
      if (wrong) {
        setErrors(fieldErrors);
        focusField(wrong);
        return;
      }
      // 429 and the like: the server's message; unreachable: ours.
      setFailure(errorMessage(error, MOVE_FAILED));
    }
  }

  return (
    <section className="appointment__section" aria-labelledby={`${ID}-heading`}>
      <h2 id={`${ID}-heading`}>Move appointment</h2>
      <p className="field__hint">Choose a new date and time from the times we can come.</p>
      <form className="appointment__form" method="post" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="booking-form__grid">
          <FreeSlotPicker
            idPrefix={ID}
            source={source}
            waiting="Finding the times we can come…"
            labels={{ date: 'New date', time: 'New time' }}
            date={choice.date}
            time={choice.time}
            onChange={choose}
            onAdjust={adjust}
            errors={errors}
            refusal={refusal}
            onPick={pick}
            unavailable={(error, retry) => (
              <p className="booking-form__wide field__error" role="alert">
                {error} Please try again in a moment, or call us.{retry}
              </p>
            )}
          />
        </div>
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Moving...' : 'Move to this time'}
        </button>
      </form>
    </section>
  );
}
