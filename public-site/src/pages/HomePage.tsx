import { BookingForm } from '../booking/BookingForm';
import { INSPECTION_PRICE, WARRANTY } from '@relining/contracts/business';
import { BookingButton } from '../components/BookingDialog';
import { BEFORE_AFTER_EXAMPLES } from '../components/illustrations/PipeIllustrations';
import { TrackYourJob } from '../jobs/TrackYourJob';
import { COMPANY } from '../lib/site';
import { HOW_IT_WORKS, OFFER_POINTS, TESTIMONIALS } from './home-content';

const Stars = () => (
  <div className="stars" role="img" aria-label="5 out of 5 stars">
    ★★★★★
  </div>
);

/** spec §2 Home page, top to bottom. */
export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">Trenchless pipe relining · {COMPANY.serviceArea}</p>
          <h1 id="home-title" className="hero__title">
            Fix Your Broken Pipes Without Digging Up Your Property
          </h1>
          <p className="hero__lead">
            {`Our fixed-price Clean & View inspection jets your drains clean and films them with a CCTV camera, then gives you a detailed report and recommendations. From ${INSPECTION_PRICE}, and the fee is waived if you go ahead with relining.`}
          </p>
          <ul className="hero__points">
            <li>No digging: repairs through existing access points</li>
            <li>Most jobs done in a day</li>
            <li>{`${WARRANTY.guarantee}; liners last 50+ years`}</li>
            <li>Sewer and stormwater pipes</li>
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

      <section className="section" id="how-it-works" aria-labelledby="how-it-works-title">
        <div className="container">
          <h2 id="how-it-works-title" className="section__title">
            How It Works
          </h2>
          <ol className="steps">
            {HOW_IT_WORKS.map((step, index) => (
              <li key={step.title} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" id="book" aria-labelledby="offer-title">
        <div className="container offer">
          <div className="offer__intro">
            <p className="offer__price">
              From <strong>{INSPECTION_PRICE}</strong>
            </p>
            <h2 id="offer-title">Book Your Clean &amp; View Inspection</h2>
            <p>Find out exactly what is wrong with your pipes before you spend a cent on repairs.</p>
            <ul className="checklist">
              {OFFER_POINTS.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <p>
              Prefer to talk? Call <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>.
            </p>
          </div>
          <div className="panel offer__form">
            <BookingForm idPrefix="home-booking" />
          </div>
        </div>
      </section>

      <section className="section" id="job-tracker" aria-labelledby="job-tracker-title">
        <div className="container">
          <h2 id="job-tracker-title" className="section__title">
            Track Your Job, Every Step of the Way
          </h2>
          <p className="section__lead">
            From the booking to the finished reline, your private tracking page shows where your job is up to, and we e-mail you at each stage.
          </p>
          <TrackYourJob />
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="before-after-title">
        <div className="container">
          <h2 id="before-after-title" className="section__title">
            Before &amp; After
          </h2>
          <ul className="before-after-list">
            {BEFORE_AFTER_EXAMPLES.map(({ title, description, Before, After }) => (
              <li key={title} className="card before-after-example">
                <div className="before-after">
                  <figure className="before-after__item">
                    <Before />
                    <figcaption className="before-after__label">Before</figcaption>
                  </figure>
                  <figure className="before-after__item">
                    <After />
                    <figcaption className="before-after__label before-after__label--after">After</figcaption>
                  </figure>
                </div>
                <div className="before-after-example__text">
                  <h3>{title}</h3>
                  <p>{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <h2 id="testimonials-title" className="section__title">
            What Our Customers Say
          </h2>
          <ul className="cards">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name} className="card">
                <figure className="testimonial testimonial--plain">
                  <Stars />
                  <blockquote>
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption>
                    <strong>{testimonial.name}</strong>, {testimonial.location}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="cta" aria-labelledby="home-cta-title">
        <div className="container cta__inner">
          <h2 id="home-cta-title">Ready to Fix Your Pipes Without Digging?</h2>
          <p>
            Book your Clean &amp; View today or call us on{' '}
            <a className="cta__phone" href={COMPANY.phoneHref}>
              {COMPANY.phone}
            </a>
            .
          </p>
          <BookingButton />
        </div>
      </section>
    </>
  );
}

export default HomePage;
