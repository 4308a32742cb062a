import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CustomerCancelRequest, ManagedAppointment } from '@relining/contracts/api/appointments';
import { api, errorMessage } from '@relining/contracts/client/http';
import { FieldError } from '../booking/SlotParts';
import { bookingApiPath, cancelReasonProblem, notChangeableMessageOf, reasonErrorOf } from './appointment';

const ID = 'cancel';
const CANCEL_FAILED = 'We could not cancel your appointment just now. Please try again, or call us.';

/**
 * 'Cancel appointment': a reason (required, as the server checks it), then a confirm step saying what
 * is cancelled ('Cancel my appointment' or 'Keep my appointment'). 409 NOT_CHANGEABLE hands over to
 * the page (`onClosed`).
 */
export function CancelAppointment({
  token,
  appointment,
  onCancelled,
  onClosed,
}: {
  token: string;
  appointment: ManagedAppointment;
  onCancelled: (appointment: ManagedAppointment) => void;
  onClosed: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  // Where the focus goes when the step changes: the question when it appears, back to the button
  // that asked it when the customer keeps the appointment.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (confirming ? question.current : start.current)?.focus();
  }, [confirming]);

  const step = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };

  const refuse = (message: string) => {
    setError(message);
    setConfirming(false);
    field.current?.focus();
  };

  function review(event: FormEvent) {
    event.preventDefault();
    const problem = cancelReasonProblem(reason);
    if (problem) return refuse(problem);
    setError(undefined);
    setFailure(undefined);
    step(true);
  }

  async function cancel() {
    if (busy) return;
    const problem = cancelReasonProblem(reason);
    if (problem) return refuse(problem);
    setFailure(undefined);
    setBusy(true);
    try {
      const request: CustomerCancelRequest = { reason: reason.trim() };
      const cancelled = await api<ManagedAppointment>(`${bookingApiPath(token)}/cancel`, { method: 'POST', body: request });
      setBusy(false);
      onCancelled(cancelled);
    } catch (failed) {
      setBusy(false);
      const closed = notChangeableMessageOf(failed);
      if (closed) return onClosed(closed);
      const reasonError = reasonErrorOf(failed);
      if (reasonError) return refuse(reasonError);
      // 429 and the like: the server's message; unreachable: ours. The question stays, to try again.
      setFailure(errorMessage(failed, CANCEL_FAILED));
    }
  }

  const errorId = `${ID}-reason-error`;
  return (
    <section className="appointment__section" aria-labelledby={`${ID}-heading`}>
      <h2 id={`${ID}-heading`}>Cancel appointment</h2>
      <form className="appointment__form" method="post" onSubmit={review} noValidate aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${ID}-reason`} className="field__label">
            Why are you cancelling? <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={`${ID}-reason`}
            ref={field}
            name="reason"
            className="field__textarea"
            rows={3}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error && !cancelReasonProblem(event.target.value)) setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <FieldError id={errorId} message={error} />
        </div>
        {confirming ? (
          <div className="appointment__confirm" role="group" aria-labelledby={`${ID}-question`}>
            <p id={`${ID}-question`} ref={question} tabIndex={-1}>
              Cancel your Clean & View on <strong>{appointment.label}</strong>? This cannot be undone online.
            </p>
            <div className="form-actions">
              <button type="button" className="button button--primary" onClick={() => void cancel()} disabled={busy}>
                {busy ? 'Cancelling...' : 'Cancel my appointment'}
              </button>
              <button type="button" className="button button--secondary" onClick={() => step(false)} disabled={busy}>
                Keep my appointment
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" ref={start} className="button button--secondary appointment__start">
            Cancel appointment
          </button>
        )}
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
      </form>
    </section>
  );
}
