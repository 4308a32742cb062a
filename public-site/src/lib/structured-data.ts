import type { AggregateRating, Plumber, Review, WithContext } from 'schema-dts';
import { INSPECTION_PRICE_FROM, INSPECTION_PRICE_FROM_DOLLARS } from '@relining/contracts/business';
import { formatAbn, type PublishedReview, type ReviewsContent, type SiteContent } from '@relining/contracts/site-content';
import { COMPANY } from './site';

/** The business as search engines read it: a schema.org Plumber (a LocalBusiness), never a plain string. */
export type BusinessStructuredData = Exclude<WithContext<Plumber>, string>;

/** The scale every rating on the site uses: 1 to 5 stars. */
const BEST_RATING = 5;
const WORST_RATING = 1;

/**
 * The rating the site states, for search engines: computed from the published reviews (issue 20),
 * absent when none is published (nothing claimed that the reviews do not back).
 */
export function aggregateRatingOf(reviews: ReviewsContent): AggregateRating | undefined {
  if (reviews.rating === null || reviews.count < 1) return undefined;
  return { '@type': 'AggregateRating', ratingValue: reviews.rating, reviewCount: reviews.count, bestRating: BEST_RATING, worstRating: WORST_RATING };
}

/** A review a page shows, as schema.org Review: who wrote it (the name they chose), when, what and how many stars. */
export function reviewOf(review: PublishedReview): Review {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.firstName },
    datePublished: review.date,
    ...(review.text ? { reviewBody: review.text } : {}),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: BEST_RATING, worstRating: WORST_RATING },
  };
}

/**
 * The business for search engines (schema.org Plumber): the public details, from the company profile
 * only what staff have entered, the rating computed from the published reviews, and the reviews the
 * page itself shows (`shownReviews`: the home and about pages their latest, a local page its nearby
 * ones); markup for reviews the page does not show would break the review-snippet rules.
 */
export function businessStructuredData(content: SiteContent, shownReviews: readonly PublishedReview[] = []): BusinessStructuredData {
  const { profile } = content;
  const sameAs = [...profile.socialLinks, ...profile.reviewLinks].map((link) => link.url);
  const aggregateRating = aggregateRatingOf(content.reviews);
  return {
    '@context': 'https://schema.org',
    '@type': 'Plumber',
    name: COMPANY.name,
    ...(profile.legalName ? { legalName: profile.legalName } : {}),
    ...(profile.abn ? { taxID: `ABN ${formatAbn(profile.abn)}` } : {}),
    ...(profile.establishedYear ? { foundingDate: String(profile.establishedYear) } : {}),
    url: '/',
    telephone: COMPANY.phone,
    email: COMPANY.email,
    priceRange: INSPECTION_PRICE_FROM,
    areaServed: { '@type': 'Country', name: 'Australia' },
    address: { '@type': 'PostalAddress', addressCountry: 'AU' },
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(profile.licences.length > 0
      ? {
          hasCredential: profile.licences.map((licence) => ({
            '@type': 'EducationalOccupationalCredential' as const,
            credentialCategory: 'license',
            name: `${licence.state} plumbing licence`,
            identifier: licence.number,
          })),
        }
      : {}),
    ...(aggregateRating ? { aggregateRating } : {}),
    ...(aggregateRating && shownReviews.length > 0 ? { review: shownReviews.map(reviewOf) } : {}),
    makesOffer: {
      '@type': 'Offer',
      name: 'Clean & View CCTV drain inspection',
      price: INSPECTION_PRICE_FROM_DOLLARS,
      priceCurrency: 'AUD',
      // Consumer prices include GST, as the pages say.
      priceSpecification: { '@type': 'PriceSpecification', price: INSPECTION_PRICE_FROM_DOLLARS, priceCurrency: 'AUD', valueAddedTaxIncluded: true },
      description: 'High-pressure water-jet clean and CCTV camera inspection with a detailed report; the fee is waived if you go ahead with relining.',
    },
  };
}
