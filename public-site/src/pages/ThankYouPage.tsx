import { Link } from 'wouter';
import { BOOKING_MESSAGES } from '@relining/contracts/booking-rules';
import { COMPANY } from '../lib/site';

/** Where a booking sent without JavaScript lands (the form's redirect target, spec §3). */
export default function ThankYouPage() {
  return (
    <section className="container page narrow center" aria-labelledby="thank-you-title">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="64" height="64">
        <circle cx="12" cy="12" r="11" fill="#15803d" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="thank-you-title">{BOOKING_MESSAGES.successTitle}</h1>
      <p>{BOOKING_MESSAGES.successPanel}</p>
      <p>
        We have e-mailed you a copy of your request. If it's urgent, call us on <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
      </p>
      <p className="form-actions center-actions">
        <Link href="/" className="button button--primary">
          Return to Home
        </Link>
        <Link href="/why-no-dig" className="button button--secondary">
          How no-dig relining works
        </Link>
      </p>
    </section>
  );
}
