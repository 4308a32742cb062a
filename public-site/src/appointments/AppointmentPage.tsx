import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { APPOINTMENT_MESSAGES, APPOINTMENT_STATUS_LABELS, type ManagedAppointment } from '@relining/contracts/api/appointments';
import { api, ApiError } from '@relining/contracts/client/http';
import { BookingButton } from '../components/BookingDialog';
import { Loading } from '../components/Loading';
import { COMPANY } from '../lib/site';
import { usePrefetched } from '../lib/use-prefetched';
import { bookingApiPath, closedMessageOf, greetingOf, placeOf } from './appointment';
import { CancelAppointment } from './CancelAppointment';
import { MoveAppointment } from './MoveAppointment';

type State = { kind: 'loading' } | { kind: 'found'; appointment: ManagedAppointment } | { kind: 'invalid' } | { kind: 'error' };

/** What the customer just did, or the server's word that it is too late for it. */
type Outcome = { kind: 'moved' } | { kind: 'cancelled' } | { kind: 'closed'; message: string };

const foundAppointment = (appointment: ManagedAppointment): State => ({ kind: 'found', appointment });
const failedAppointment = (error: unknown): State => (error instanceof ApiError && error.status === 404 ? { kind: 'invalid' } : { kind: 'error' });

const HEADING = 'Your Clean & View appointment';

/** The company's number, as a button to call it (what a customer who cannot change the booking online does). */
function CallButton() {
  return (
    <a href={COMPANY.phoneHref} className="button button--primary">
      Call {COMPANY.phone}
    </a>
  );
}

const phoneLink = <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>;

/**
 * Issue 16, the customer's booking link (/booking/{token}, in every appointment confirmation; noindex,
 * never cached): their appointment, and while it can still be changed online, moving it to another
 * free time or cancelling it with a reason. Rendered by the server with the appointment
 * (appointments/booking-page.ts), as the job-status page is with its job.
 */
export default function AppointmentPage() {
  const { token } = useParams<{ token: string }>();
  const path = bookingApiPath(token);
  // The entry script asked for the appointment as the page started (page-loaders.ts), or the server
  // sent it with the page: when it is here by the time this renders, the first render shows it.
  const [state, setState] = usePrefetched(path, foundAppointment, failedAppointment);
  const [outcome, setOutcome] = useState<Outcome>();

  // The result of a move or a cancellation takes the focus, so it is read out, and is brought into view.
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!outcome || !result.current) return;
    result.current.focus({ preventScroll: true });
    result.current.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  const update = useCallback(
    (appointment: ManagedAppointment, next: Outcome) => {
      setState({ kind: 'found', appointment });
      setOutcome(next);
    },
    [setState],
  );
  const onMoved = useCallback((appointment: ManagedAppointment) => update(appointment, { kind: 'moved' }), [update]);
  const onCancelled = useCallback((appointment: ManagedAppointment) => update(appointment, { kind: 'cancelled' }), [update]);
  // 409 NOT_CHANGEABLE: the forms go; the page says why. The appointment is read again for its status.
  const onClosed = useCallback(
    (message: string) => {
      setState((current) => (current.kind === 'found' ? { kind: 'found', appointment: { ...current.appointment, canChange: false } } : current));
      setOutcome({ kind: 'closed', message });
      api<ManagedAppointment>(path).then(
        (appointment) => setState((current) => (current.kind === 'found' ? { kind: 'found', appointment: { ...appointment, canChange: false } } : current)),
        () => undefined, // the page already says it cannot be changed
      );
    },
    [path, setState],
  );

  if (state.kind === 'loading') {
    return (
      <section className="container page narrow appointment--loading">
        <Loading label="Loading your appointment..." />
      </section>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <section className="container page narrow appointment">
        <h1>{HEADING}</h1>
        <p>{APPOINTMENT_MESSAGES.linkUnknown}</p>
        <div className="form-actions">
          <CallButton />
          <Link href="/" className="button button--secondary">
            Return to Home
          </Link>
        </div>
      </section>
    );
  }
  if (state.kind === 'error') {
    return (
      <section className="container page narrow appointment">
        <h1>{HEADING}</h1>
        <p role="alert">We could not load your appointment just now. Please refresh the page in a moment, or call us on {phoneLink}.</p>
      </section>
    );
  }

  const { appointment } = state;
  const cancelled = appointment.status === 'cancelled';
  return (
    <section className="container page narrow appointment">
      <h1>{HEADING}</h1>
      <p className="appointment__greeting">
        {greetingOf(appointment.firstName)} {cancelled ? 'here is the appointment you booked.' : 'here is your appointment.'}
      </p>
      {outcome ? (
        <div
          ref={result}
          tabIndex={-1}
          role={outcome.kind === 'closed' ? 'alert' : 'status'}
          className={`notice ${outcome.kind === 'closed' ? 'notice--error' : 'notice--success'} appointment__result`}
        >
          {outcome.kind === 'moved' ? (
            <p>
              {APPOINTMENT_MESSAGES.moved} Your new time: <strong>{appointment.label}</strong>.
            </p>
          ) : outcome.kind === 'cancelled' ? (
            <p>
              {APPOINTMENT_MESSAGES.cancelled} It was on <strong>{appointment.label}</strong>.
            </p>
          ) : (
            <>
              <p>{outcome.message}</p>
              <CallButton />
            </>
          )}
        </div>
      ) : null}
      <dl className="details appointment__details">
        <div className="details__row">
          <dt>When</dt>
          <dd>{appointment.label}</dd>
        </div>
        <div className="details__row">
          <dt>Where</dt>
          <dd>{placeOf(appointment)}</dd>
        </div>
        <div className="details__row">
          <dt>Status</dt>
          <dd>
            <span className={`appointment__status appointment__status--${appointment.status}`}>{APPOINTMENT_STATUS_LABELS[appointment.status]}</span>
          </dd>
        </div>
        {cancelled && appointment.cancelReason ? (
          <div className="details__row">
            <dt>Reason for cancelling</dt>
            <dd>{appointment.cancelReason}</dd>
          </div>
        ) : null}
      </dl>
      {appointment.canChange ? (
        <div className="appointment__changes">
          {/* A new time reloads the free times (the old one is free again, the new one taken). */}
          <MoveAppointment key={appointment.startsAt} token={token} appointment={appointment} onMoved={onMoved} onClosed={onClosed} />
          <CancelAppointment token={token} appointment={appointment} onCancelled={onCancelled} onClosed={onClosed} />
        </div>
      ) : outcome?.kind === 'cancelled' ? (
        <div className="appointment__closed">
          <p>Need a Clean & View after all? Book another time, or call us on {phoneLink}.</p>
          <BookingButton className="button button--secondary" label="Book another time" />
        </div>
      ) : outcome?.kind === 'closed' ? null : (
        <div className="notice notice--info appointment__closed">
          <p>{closedMessageOf(appointment)}</p>
          <CallButton />
        </div>
      )}
      {appointment.canChange ? (
        <aside className="questions" aria-labelledby="questions-heading">
          <h2 id="questions-heading">Have Questions?</h2>
          <p>Our team is happy to help with anything about your appointment. Call us on {COMPANY.phone} or send us an e-mail.</p>
          <a href={COMPANY.phoneHref} className="button button--primary">
            Contact Us
          </a>
        </aside>
      ) : null}
      <p>
        <Link href="/">Back to Home</Link>
      </p>
    </section>
  );
}
