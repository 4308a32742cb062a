import { Accordion } from '../components/Accordion';
import { INSPECTION_PRICE_INC_GST } from '@relining/contracts/business';
import { BookingButton } from '../components/BookingDialog';
import { HeroMedia } from '../components/HeroMedia';
import { useSiteContent } from '../lib/site-content';
import { ratingClaim } from '@relining/contracts/review-rules';
import { COMPARISON_INTRO, COMPARISON_ROWS, ICONS, NO_DIG_BENEFITS, noDigFaq, type IconName } from './content/about-and-no-dig';

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

/** spec §2 No-dig page (/why-no-dig): traditional repair against relining, benefits, FAQ and a call to action. */
export default function WhyNoDigPage() {
  const { reviews } = useSiteContent();
  return (
    <>
      <section className="hero hero--media content-hero" aria-labelledby="no-dig-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">Why no-dig pipe relining</p>
            <h1 id="no-dig-title" className="hero__title">
              No Digging. No Drama. Just Smart Pipe Repair.
            </h1>
            <p className="hero__lead">
              We repair cracked, leaking and root-damaged sewer and stormwater pipes from the inside, through the access points you already have. No trenches,
              no ruined gardens or driveways, and most jobs are done in a day.
            </p>
            <div className="hero__actions">
              <BookingButton label="Book Your Fast Pipe Inspection" />
              <a href="#how-no-dig-compares" className="button button--ghost">
                Learn How It Works
              </a>
            </div>
          </div>
          <HeroMedia slot="why-no-dig.hero" />
        </div>
      </section>

      <section id="how-no-dig-compares" className="section" aria-labelledby="comparison-title">
        <div className="container narrow">
          <h2 id="comparison-title" className="section__title">
            Traditional Repair vs the No-Dig Method
          </h2>
          <p className="content-lead">{COMPARISON_INTRO}</p>
          <table className="comparison">
            <caption>How traditional pipe repair compares with no-dig pipe relining</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Aspect</span>
                </th>
                <th scope="col">Traditional repair</th>
                <th scope="col" className="comparison__ours">
                  No-dig relining
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON_ROWS.map((row) => (
                <tr key={row.aspect}>
                  <th scope="row">{row.aspect}</th>
                  <td>{row.traditional}</td>
                  <td className="comparison__ours">{row.noDig}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="no-dig-benefits">
        <div className="container">
          <h2 id="no-dig-benefits" className="section__title">
            Why Choose No-Dig?
          </h2>
          <ul className="cards">
            {NO_DIG_BENEFITS.map((card) => (
              <li key={card.title} className="card">
                <CardIcon name={card.icon} />
                <h3>{card.title}</h3>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="no-dig-faq">
        <div className="container narrow">
          <h2 id="no-dig-faq" className="section__title">
            Frequently Asked Questions
          </h2>
          <Accordion items={noDigFaq(ratingClaim(reviews))} />
        </div>
      </section>

      <section className="cta" aria-labelledby="no-dig-cta">
        <div className="container cta__inner">
          <h2 id="no-dig-cta">Book a free pipe inspection</h2>
          <p>
            {`Our Clean & View inspection is from ${INSPECTION_PRICE_INC_GST}, and the fee is waived if you go ahead with relining, so the inspection costs you nothing when we fix your pipe.`}
          </p>
          <BookingButton />
        </div>
      </section>
    </>
  );
}
