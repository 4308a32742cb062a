import { BookingOffer } from '../booking/BookingOffer';
import { INSPECTION_PRICE_FROM, WARRANTY } from '@relining/contracts/business';
import { BookingButton } from '../components/BookingDialog';
import { HeroMedia } from '../components/HeroMedia';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { Artwork } from '../components/Artwork';
import { ArtFrame } from '../components/illustrations/ArtFrame';
import { cctvArtworkName, type CctvKind } from '../components/illustrations/artwork-catalogue';
import { useSiteContent } from '../lib/site-content';
import type { PublishedImage } from '@relining/contracts/site-content';
import { ratingClaim } from '@relining/contracts/review-rules';
import { ReviewsSection } from '../components/Reviews';
import { TrackYourJob } from '../jobs/TrackYourJob';
import { COMPANY } from '../lib/site';
import { HOW_IT_WORKS } from './home-content';

/** The artwork of each How It Works step, in order (preparation, diagnosis, trenchless repair). */
const STEP_ART = ['step-clean', 'step-cctv', 'step-reline'] as const;

/** The defect each default before-and-after pair shows (the spec's examples, in order), and where along the line. */
const PAIR_ART: readonly { kind: CctvKind; distance: string }[] = [
  { kind: 'crack', distance: '12.4 m' },
  { kind: 'roots', distance: '7.8 m' },
  { kind: 'collapse', distance: '18.2 m' },
];

/** Each side: a third of the container beside the text on desktop, half the width on a tablet, the full width on a phone. */
const PAIR_IMAGE_SIZES = '(min-width: 1280px) 390px, (min-width: 861px) 30vw, (min-width: 521px) 45vw, 100vw';

function PairSide({ photo, index, after }: { photo: PublishedImage | null; index: number; after: boolean }) {
  const art = PAIR_ART[index % PAIR_ART.length]!;
  return (
    <figure className="before-after__item">
      {photo ? (
        <ResponsiveImage image={photo} sizes={PAIR_IMAGE_SIZES} className="before-after__photo" />
      ) : (
        <ArtFrame>
          <Artwork name={cctvArtworkName(after ? 'lined' : art.kind, art.distance)} />
        </ArtFrame>
      )}
      <figcaption className={after ? 'before-after__label before-after__label--after' : 'before-after__label'}>{after ? 'After' : 'Before'}</figcaption>
    </figure>
  );
}

/** spec §2 Home page, top to bottom. */
export function HomePage() {
  const content = useSiteContent();
  // The rating is computed from the published reviews (issue 20); nothing is claimed without any.
  const rating = ratingClaim(content.reviews);
  return (
    <>
      <section className="hero hero--media" aria-labelledby="home-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">Trenchless pipe relining · {COMPANY.serviceArea}</p>
            <h1 id="home-title" className="hero__title">
              Fix Your Broken Pipes Without Digging Up Your Property
            </h1>
            <p className="hero__lead">
              {`Our fixed-price Clean & View inspection jets your drains clean and films them with a CCTV camera, then gives you a detailed report and recommendations. ${INSPECTION_PRICE_FROM}, and the fee is waived if you go ahead with relining.`}
            </p>
            <ul className="hero__points">
              <li>No digging: repairs through existing access points</li>
              <li>Most jobs done in a day</li>
              <li>{`${WARRANTY.guarantee}; liners last 50+ years`}</li>
              <li>Sewer and stormwater pipes</li>
              {rating ? <li>{rating}</li> : null}
            </ul>
            <div className="hero__actions">
              <BookingButton />
              <a className="button button--ghost" href={COMPANY.phoneHref}>
                Call {COMPANY.phone}
              </a>
            </div>
          </div>
          <HeroMedia slot="home.hero" />
        </div>
      </section>

      <section className="section" id="how-it-works" aria-labelledby="how-it-works-title">
        <div className="container">
          <h2 id="how-it-works-title" className="section__title">
            How It Works
          </h2>
          <ol className="steps">
            {HOW_IT_WORKS.map((step, index) => {
              const art = STEP_ART[index]!;
              return (
                <li key={step.title} className="steps__item steps__item--art">
                  <ArtFrame className="steps__art">
                    <Artwork name={art} />
                  </ArtFrame>
                  <span className="steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" id="book" aria-labelledby="offer-title">
        <BookingOffer
          titleId="offer-title"
          title="Book Your Clean & View Inspection"
          lead="Find out exactly what is wrong with your pipes before you spend a cent on repairs."
          form={{ idPrefix: 'home-booking' }}
        />
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
            {content.pairs.map(({ title, description, before, after }, index) => (
              <li key={`${index}-${title}`} className="card before-after-example">
                <div className="before-after">
                  <PairSide photo={before} index={index} after={false} />
                  <PairSide photo={after} index={index} after />
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

      <ReviewsSection id="testimonials-title" title="What Our Customers Say" reviews={content.reviews.latest} summary={content.reviews} />

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
