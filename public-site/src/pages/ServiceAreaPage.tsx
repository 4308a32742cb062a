import type { ComponentType } from 'react';
import { INSPECTION_PRICE_FROM, WARRANTY } from '@relining/contracts/business';
import { ratingClaim } from '@relining/contracts/review-rules';
import { findServiceArea, SERVICE_AREAS, serviceAreaPath, type ServiceArea } from '@relining/contracts/service-areas';
import { NEARBY_REVIEWS_SHOWN, type PublishedReview } from '@relining/contracts/site-content';
import { BookingOffer } from '../booking/BookingOffer';
import { HeroMedia } from '../components/HeroMedia';
import { ReviewList } from '../components/Reviews';
import { useSiteContent } from '../lib/site-content';
import { COMPANY } from '../lib/site';
import type { AreaSuburbs } from './service-area/area-suburbs';
import { stateNameOf } from './service-area/service-area-head';
import { serviceAreaTimeZoneName } from './service-area/service-area-time';

/** The area's newest good published reviews (content.reviews.nearby), in the site's one review card. */
function NearbyReviews({ area, reviews }: { area: ServiceArea; reviews: readonly PublishedReview[] }) {
  return (
    <section className="section section--unsized" aria-labelledby="area-reviews-title">
      <div className="container">
        <h2 id="area-reviews-title" className="section__title">
          {`What customers around ${area.name} say`}
        </h2>
        <ReviewList reviews={reviews.slice(0, NEARBY_REVIEWS_SHOWN)} />
      </div>
    </section>
  );
}

/**
 * A local page (issue 20, `/pipe-relining/<slug>`): the area's own heading, the offer, the suburbs
 * served (its own list only, a chunk of its own), the local time zone and phone, nearby reviews, the
 * booking form with the area's centre suburb chosen, and the other areas.
 */
function ServiceAreaPage({ area, suburbs }: { area: ServiceArea; suburbs: AreaSuburbs }) {
  const { profile, reviews } = useSiteContent();
  const rating = ratingClaim(reviews);
  const nearby = reviews.nearby[area.slug] ?? [];
  const state = stateNameOf(area);
  const others = SERVICE_AREAS.filter((other) => other.slug !== area.slug);
  return (
    <>
      <section className="hero hero--media content-hero" aria-labelledby="area-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">{`No-dig drain repairs · ${area.name}, ${state}`}</p>
            <h1 id="area-title" className="hero__title">
              {`Pipe relining in ${area.name}`}
            </h1>
            <p className="hero__lead">
              {`Cracked, leaking or root-damaged drains in ${area.name}? We reline them from the inside, through the access points you already have: no digging up your garden, driveway or floors. Start with a fixed-price Clean & View, a jet clean and CCTV camera inspection with a report: ${INSPECTION_PRICE_FROM}, waived if you go ahead with relining.`}
            </p>
            <ul className="hero__points">
              <li>{`Serving ${suburbs.all.length} suburbs across ${area.name}`}</li>
              <li>Most jobs done in a day</li>
              <li>{`${WARRANTY.guarantee}; liners last 50+ years`}</li>
              {rating ? <li>{rating}</li> : null}
            </ul>
            <div className="hero__actions">
              <a className="button button--primary" href="#book">
                Book a Clean &amp; View
              </a>
              <a className="button button--ghost" href={COMPANY.phoneHref}>
                Call {COMPANY.phone}
              </a>
            </div>
          </div>
          <HeroMedia />
        </div>
      </section>

      <section className="section" aria-labelledby="area-suburbs-title">
        <div className="container area">
          <div>
            <h2 id="area-suburbs-title" className="section__title section__title--left">
              {`Suburbs we service in ${area.name}`}
            </h2>
            <ul className="area__suburbs" aria-label={`Main suburbs of ${area.name}`}>
              {suburbs.main.map((suburb) => (
                <li key={suburb}>{suburb}</li>
              ))}
            </ul>
            <details className="area__all">
              <summary>{`All ${suburbs.all.length} suburbs we service in ${area.name}`}</summary>
              <ul className="area__list">
                {suburbs.all.map((suburb) => (
                  <li key={suburb}>{suburb}</li>
                ))}
              </ul>
            </details>
          </div>
          <aside className="panel area__facts" aria-labelledby="area-facts-title">
            <h2 id="area-facts-title" className="area__facts-title">{`Your local team in ${area.name}`}</h2>
            <dl>
              <dt>Phone</dt>
              <dd>
                <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
              </dd>
              <dt>Time zone</dt>
              <dd>{serviceAreaTimeZoneName(area)}</dd>
              {profile.serviceHours ? (
                <>
                  <dt>Service hours</dt>
                  <dd>{profile.serviceHours}</dd>
                </>
              ) : null}
              <dt>Area</dt>
              <dd>{`${area.name} and surrounds, ${state}`}</dd>
            </dl>
          </aside>
        </div>
      </section>

      {nearby.length > 0 ? <NearbyReviews area={area} reviews={nearby} /> : null}

      <section className="section section--tinted" id="book" aria-labelledby="area-offer-title">
        <BookingOffer
          titleId="area-offer-title"
          title={`Book a Clean & View in ${area.name}`}
          lead={`Tell us where the problem is and when suits you: we confirm your appointment by phone, in ${serviceAreaTimeZoneName(area)}.`}
          form={{ idPrefix: 'area-booking', initialSuburb: { suburb: area.centre.suburb, state: area.region, postcode: area.centre.postcode } }}
        />
      </section>

      <section className="section" aria-labelledby="other-areas-title">
        <div className="container">
          <h2 id="other-areas-title" className="section__title">
            Other areas we service
          </h2>
          <ul className="area__others">
            {others.map((other) => (
              <li key={other.slug}>
                <a href={serviceAreaPath(other)}>{`Pipe relining ${other.name}`}</a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

const pages = new Map<string, ComponentType>();

/**
 * The page of one area with its own suburbs (a small chunk per area, src/pages/service-area/suburbs/
 * <slug>.json): page-loaders.ts calls this once this page's code is here. The map of the areas' lists
 * lives in this chunk, not in the entry script every page loads.
 */
export async function loadServiceAreaPage(slug: string): Promise<{ default: ComponentType }> {
  const suburbs = (await import(`./service-area/suburbs/${slug}.json`)) as { default: AreaSuburbs };
  return { default: serviceAreaPageOf(slug, suburbs.default) };
}

/** The page of one area with its suburbs: one component per area, kept. */
export function serviceAreaPageOf(slug: string, suburbs: AreaSuburbs): ComponentType {
  const area = findServiceArea(slug);
  if (!area) throw new Error(`No service area ${slug}`);
  let page = pages.get(slug);
  if (!page) {
    const Page = () => <ServiceAreaPage area={area} suburbs={suburbs} />;
    Page.displayName = `ServiceAreaPage(${slug})`;
    pages.set(slug, (page = Page));
  }
  return page;
}
