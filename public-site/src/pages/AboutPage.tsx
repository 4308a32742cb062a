import type { ReactNode } from 'react';
import { Accordion } from '../components/Accordion';
import { BookingButton } from '../components/BookingDialog';
import { HeroMedia } from '../components/HeroMedia';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { Artwork } from '../components/Artwork';
import { ArtFrame } from '../components/illustrations/ArtFrame';
import { useSiteContent } from '../lib/site-content';
import { formatAbn, yearsInBusinessText, type CompanyProfile, type PublishedImage } from '@relining/contracts/site-content';
import { ratingClaim } from '@relining/contracts/review-rules';
import { ReviewsSection } from '../components/Reviews';
import {
  ABOUT_FAQ,
  ABOUT_HERO_POINTS,
  ABOUT_STEPS,
  DIFFERENCES,
  ICONS,
  MISSION_PARAGRAPHS,
  MISSION_STATS,
  ratingStat,
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

/** Half the container from 768 px (two side by side), the full width on a phone. */
const CREW_IMAGE_SIZES = '(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw';

function CrewPicture({ photo, caption, children }: { photo: PublishedImage | undefined; caption: string; children: ReactNode }) {
  return (
    <figure className="crew__item">
      {photo ? <ResponsiveImage image={photo} sizes={CREW_IMAGE_SIZES} className="crew__photo" /> : <ArtFrame>{children}</ArtFrame>}
      <figcaption className="crew__caption">{photo?.caption ?? caption}</figcaption>
    </figure>
  );
}

/**
 * The business's credentials, each printed only when staff have entered it (issue 14: trust a
 * visitor can check). Empty when staff have entered none: the block is then left out.
 */
function credentialsOf(profile: CompanyProfile): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (profile.legalName) rows.push({ label: 'Registered name', value: profile.legalName });
  if (profile.abn) rows.push({ label: 'ABN', value: formatAbn(profile.abn) });
  for (const licence of profile.licences) rows.push({ label: `${licence.state} plumbing licence`, value: licence.number });
  if (profile.insurer || profile.insurancePolicy) {
    rows.push({
      label: 'Public liability insurance',
      value: [profile.insurer, profile.insurancePolicy && `policy ${profile.insurancePolicy}`].filter(Boolean).join(', '),
    });
  }
  const years = yearsInBusinessText(profile.establishedYear);
  if (years) rows.push({ label: 'Experience', value: years });
  if (profile.serviceHours) rows.push({ label: 'Service hours', value: profile.serviceHours });
  return rows;
}

/** spec §2 About page (/about): why Australians trust us, then mission, difference, steps, reviews and FAQ. */
export default function AboutPage() {
  const { profile, images, reviews } = useSiteContent();
  // The rating is computed from the published reviews (issue 20); nothing is claimed without any.
  const rating = ratingClaim(reviews);
  const stat = ratingStat(reviews.rating, rating);
  const credentials = credentialsOf(profile);
  return (
    <>
      <section className="hero hero--media content-hero" aria-labelledby="about-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">About Pipe Relining Australia</p>
            <h1 id="about-title" className="hero__title">
              Why Australians Trust Us With Their Pipes
            </h1>
            <p className="hero__lead">
              We fix broken, blocked and root-damaged pipes from the inside, without digging up your property. Homeowners, businesses and councils choose us for
              honest advice, fixed-price inspections and repairs that last.
            </p>
            <ul className="hero__points">
              {(rating ? [rating, ...ABOUT_HERO_POINTS] : ABOUT_HERO_POINTS).map((point) => (
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
          <HeroMedia slot="about.hero" />
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
            {(stat ? [stat, ...MISSION_STATS] : MISSION_STATS).map((stat) => (
              <li key={stat.label} className="content-stats__item">
                <span className="content-stats__value">{stat.value}</span> <span className="content-stats__label">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="our-people">
        <div className="container">
          <h2 id="our-people" className="section__title">
            Our People and Vans
          </h2>
          <div className="crew">
            <CrewPicture photo={images['about.team']} caption="Our relining crews are licensed plumbers, trained in trenchless repair.">
              <Artwork name="team" />
            </CrewPicture>
            <CrewPicture photo={images['about.vans']} caption="Every van carries its own jetter, CCTV camera and relining gear.">
              <Artwork name="vans" />
            </CrewPicture>
          </div>
          {credentials.length > 0 || profile.reviewLinks.length > 0 ? (
            <div className="credentials">
              <h3 id="our-credentials" className="credentials__title">
                Our Credentials
              </h3>
              {credentials.length > 0 ? (
                <dl className="credentials__list">
                  {credentials.map((row) => (
                    <div key={`${row.label}:${row.value}`} className="credentials__row">
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {profile.reviewLinks.length > 0 ? (
                <p className="credentials__links">
                  Read our reviews:{' '}
                  {profile.reviewLinks.map((link) => (
                    <a key={link.url} href={link.url} rel="noopener noreferrer" target="_blank">
                      {link.label}
                    </a>
                  ))}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>

      <section className="section" aria-labelledby="what-makes-us-different">
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

      <section className="section section--tinted" aria-labelledby="about-how-it-works">
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

      <ReviewsSection id="what-customers-say" title="What Customers Say" reviews={reviews.latest} summary={reviews} />

      {/* Tinted after the reviews, plain right after the tinted steps when there are none. */}
      <section className={reviews.latest.length > 0 ? 'section section--tinted' : 'section'} aria-labelledby="about-faq">
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
