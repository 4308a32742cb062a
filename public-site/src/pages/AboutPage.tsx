import { Accordion } from '../components/Accordion';
import { BookingButton } from '../components/BookingDialog';
import {
  ABOUT_FAQ,
  ABOUT_HERO_POINTS,
  ABOUT_STEPS,
  ABOUT_TESTIMONIALS,
  DIFFERENCES,
  ICONS,
  MISSION_PARAGRAPHS,
  MISSION_STATS,
  type IconName,
} from './content/about-and-no-dig';

function CardIcon({ name }: { name: IconName }) {
  return (
    <svg
      aria-hidden="true"
      className="content-card__icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** spec §2 About page (/about): why Australians trust us, then mission, difference, steps, reviews and FAQ. */
export default function AboutPage() {
  return (
    <>
      <section className="hero hero--compact content-hero" aria-labelledby="about-title">
        <div className="container">
          <p className="hero__eyebrow">About Pipe Relining Australia</p>
          <h1 id="about-title" className="hero__title">
            Why Australians Trust Us With Their Pipes
          </h1>
          <p className="hero__lead">
            We fix broken, blocked and root-damaged pipes from the inside, without digging up your property. Homeowners, businesses and councils choose us for
            honest advice, fixed-price inspections and repairs that last.
          </p>
          <ul className="hero__points">
            {ABOUT_HERO_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <div className="hero__actions">
            <BookingButton />
            <a href="#our-mission" className="button button--ghost">
              Our Mission
            </a>
          </div>
        </div>
      </section>

      <section id="our-mission" className="section" aria-labelledby="our-mission-title">
        <div className="container narrow">
          <h2 id="our-mission-title" className="section__title">
            Our Mission
          </h2>
          {MISSION_PARAGRAPHS.map((paragraph) => (
            <p key={paragraph} className="content-lead">
              {paragraph}
            </p>
          ))}
          <ul className="content-stats">
            {MISSION_STATS.map((stat) => (
              <li key={stat.label} className="content-stats__item">
                <span className="content-stats__value">{stat.value}</span> <span className="content-stats__label">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="what-makes-us-different">
        <div className="container">
          <h2 id="what-makes-us-different" className="section__title">
            What Makes Us Different
          </h2>
          <ul className="cards">
            {DIFFERENCES.map((card) => (
              <li key={card.title} className="card">
                <CardIcon name={card.icon} />
                <h3>{card.title}</h3>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-how-it-works">
        <div className="container">
          <h2 id="about-how-it-works" className="section__title">
            How It Works
          </h2>
          <ol className="steps">
            {ABOUT_STEPS.map((step, index) => (
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

      <section className="section section--tinted" aria-labelledby="what-customers-say">
        <div className="container">
          <h2 id="what-customers-say" className="section__title">
            What Customers Say
          </h2>
          <ul className="cards">
            {ABOUT_TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="testimonial content-testimonial">
                  <div className="stars" role="img" aria-label="5 out of 5 stars">
                    ★★★★★
                  </div>
                  <blockquote>
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption>
                    <strong>{testimonial.name}</strong>, {testimonial.role}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-faq">
        <div className="container narrow">
          <h2 id="about-faq" className="section__title">
            Frequently Asked Questions
          </h2>
          <Accordion items={ABOUT_FAQ} />
        </div>
      </section>

      <section className="cta" aria-labelledby="about-cta">
        <div className="container cta__inner">
          <h2 id="about-cta">See what’s happening inside your pipes</h2>
          <p>
            Book a fixed-price Clean &amp; View: a high-pressure water-jet clean, a CCTV camera inspection and a detailed report. The fee is waived if you go
            ahead with relining.
          </p>
          <BookingButton />
        </div>
      </section>
    </>
  );
}
