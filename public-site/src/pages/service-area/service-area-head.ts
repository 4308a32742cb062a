import type { LocalBusiness, WithContext } from 'schema-dts';
import { INSPECTION_PRICE_FROM, INSPECTION_PRICE_INC_GST } from '@relining/contracts/business';
import { REGIONS } from '@relining/contracts/regions';
import { serviceAreaPath, type ServiceArea } from '@relining/contracts/service-areas';
import { NEARBY_REVIEWS_SHOWN, type ReviewsContent } from '@relining/contracts/site-content';
import { reviewOf } from '../../lib/structured-data';
import type { PageHead } from '../../lib/head';
import { COMPANY } from '../../lib/site';

/** The state an area is in, by name ('Victoria'). */
export function stateNameOf(area: Pick<ServiceArea, 'region'>): string {
  return REGIONS[area.region].name;
}

/** A local page's title and description: unique per area, naming the area (and its state). */
export function serviceAreaHead(area: ServiceArea): Pick<PageHead, 'path' | 'title' | 'description'> {
  return {
    path: serviceAreaPath(area),
    title: `Pipe Relining ${area.name} | No-Dig Drain Repairs | Pipe Relining Australia`,
    description: `No-dig pipe relining in ${area.name}, ${stateNameOf(area)}: cracked, leaking and root-damaged drains fixed without digging. Clean & View CCTV inspection from ${INSPECTION_PRICE_INC_GST}.`,
  };
}

/**
 * The local page's schema.org LocalBusiness: the business, the area it serves there (a City in its
 * State), and the rating computed from the published reviews when there are any (issue 20).
 */
export function serviceAreaStructuredData(area: ServiceArea, reviews: Pick<ReviewsContent, 'rating' | 'count' | 'nearby'>) {
  const nearby = (reviews.nearby[area.slug] ?? []).slice(0, NEARBY_REVIEWS_SHOWN);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: COMPANY.name,
    // The page's path: the site's address is put in front of it (lib/head.ts).
    url: serviceAreaPath(area),
    telephone: COMPANY.phone,
    email: COMPANY.email,
    priceRange: INSPECTION_PRICE_FROM,
    address: { '@type': 'PostalAddress', addressRegion: area.region, addressCountry: 'AU' },
    areaServed: { '@type': 'City', name: area.name, containedInPlace: { '@type': 'State', name: stateNameOf(area) } },
    ...(reviews.rating !== null && reviews.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.rating, bestRating: 5, worstRating: 1, reviewCount: reviews.count } }
      : {}),
    // The reviews the page shows (its nearby ones), as review snippets.
    ...(nearby.length > 0 ? { review: nearby.map(reviewOf) } : {}),
  } satisfies WithContext<LocalBusiness>;
}
