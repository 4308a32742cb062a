import { BookingButton } from '../components/BookingDialog';
import { COMPANY } from '../lib/site';

/** The landing page. Its sections (how it works, booking form, tracker, examples, reviews) grow with the site. */
export function HomePage() {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Trenchless pipe relining · {COMPANY.serviceArea}</p>
        <h1 className="hero__title">Fix Your Broken Pipes Without Digging Up Your Property</h1>
        <p className="hero__lead">
          Our fixed-price Clean &amp; View inspection jets your drains clean and films them with a CCTV camera, then gives you a
          detailed report and recommendations. From $299, and the fee is waived if you go ahead with relining.
        </p>
        <ul className="hero__points">
          <li>No digging: repairs through existing access points</li>
          <li>Most jobs done in a day</li>
          <li>25-year guarantee; liners last 50+ years</li>
          <li>Rated 4.9 out of 5 from 80+ reviews</li>
        </ul>
        <div className="hero__actions">
          <BookingButton />
          <a className="button button--ghost" href={COMPANY.phoneHref}>
            Call {COMPANY.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
