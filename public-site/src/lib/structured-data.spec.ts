import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type PublishedReview, type ReviewsContent, type SiteContent } from '@relining/contracts/site-content';
import { computedRating } from '@relining/contracts/review-rules';
import { businessStructuredData } from './structured-data';
import { renderHeadTags } from './head';

/**
 * The JSON-LD the pages carry, checked against schema.org's types as Google's review snippets need
 * them (issue 20): only real schema.org types, ratings inside their scale, the count the site states,
 * every review with its author's name, its rating and an ISO date, and no rating without reviews.
 */

/** Every schema.org type the site's markup may use (each one defined at https://schema.org/<Type>). */
const SCHEMA_ORG_TYPES = new Set([
  'Plumber',
  'AggregateRating',
  'Review',
  'Rating',
  'Person',
  'Country',
  'City',
  'State',
  'AdministrativeArea',
  'PostalAddress',
  'Offer',
  'PriceSpecification',
  'EducationalOccupationalCredential',
]);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function aReview(overrides: Partial<PublishedReview> = {}): PublishedReview {
  return {
    id: 'r-1',
    rating: 5,
    text: 'Relined our sewer in a day without touching the garden.',
    firstName: 'Sarah',
    suburb: 'Brunswick',
    date: '2026-03-12',
    source: null,
    reply: null,
    ...overrides,
  };
}

function contentWith(reviews: PublishedReview[], latest: PublishedReview[] = reviews): SiteContent {
  const summary = computedRating(reviews.map((review) => review.rating));
  const content: ReviewsContent = { ...summary, latest, nearby: {} };
  return { ...DEFAULT_SITE_CONTENT, reviews: content };
}

type Node = Record<string, unknown>;

/** Every object in the data that names a '@type', the root included. */
function typedNodes(value: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const item of value) typedNodes(item, found);
  else if (value !== null && typeof value === 'object') {
    if ('@type' in value) found.push(value as Node);
    for (const child of Object.values(value)) typedNodes(child, found);
  }
  return found;
}

/** The problems of the data as Google's review-snippet rules read it; empty when it is valid. */
function structuredDataProblems(data: unknown, content: SiteContent): string[] {
  const problems: string[] = [];
  const root = data as Node;
  if (root['@context'] !== 'https://schema.org') problems.push(`@context is ${String(root['@context'])}`);
  for (const node of typedNodes(data)) {
    const type = node['@type'];
    if (typeof type !== 'string' || !SCHEMA_ORG_TYPES.has(type)) problems.push(`@type ${JSON.stringify(type)} is not an allowed schema.org type`);
    if (type === 'Rating' || type === 'AggregateRating') {
      const { ratingValue, bestRating, worstRating } = node as { ratingValue: unknown; bestRating: unknown; worstRating: unknown };
      if (bestRating !== 5 || worstRating !== 1) problems.push(`${type} scale is ${String(worstRating)}..${String(bestRating)}, not 1..5`);
      if (typeof ratingValue !== 'number' || ratingValue < Number(worstRating) || ratingValue > Number(bestRating)) {
        problems.push(`${type} ratingValue ${String(ratingValue)} is outside ${String(worstRating)}..${String(bestRating)}`);
      }
    }
    if (type === 'AggregateRating' && node.reviewCount !== content.reviews.count) {
      problems.push(`reviewCount ${String(node.reviewCount)} is not the published count ${content.reviews.count}`);
    }
    if (type === 'Review') {
      const author = node.author as Node | undefined;
      if (author?.['@type'] !== 'Person' || typeof author.name !== 'string' || author.name.trim() === '') problems.push('a Review has no author name');
      if ((node.reviewRating as Node | undefined)?.['@type'] !== 'Rating') problems.push('a Review has no reviewRating');
      if (typeof node.datePublished !== 'string' || !ISO_DAY.test(node.datePublished)) problems.push(`datePublished ${String(node.datePublished)} is not ISO`);
    }
  }
  if (root.review !== undefined && root.aggregateRating === undefined) problems.push('reviews without an aggregateRating');
  return problems;
}

describe('the business structured data (JSON-LD)', () => {
  const reviews = [
    aReview({ id: 'r-1', rating: 5, date: '2026-03-12' }),
    aReview({ id: 'r-2', rating: 4, firstName: 'Mark', suburb: null, date: '2026-02-01', text: '' }),
    aReview({ id: 'r-3', rating: 5, source: 'Google', date: '2025-11-30', reply: { text: 'Thanks Priya!', date: '2025-12-01' } }),
    aReview({ id: 'r-4', rating: 3, firstName: 'Lee', date: '2025-10-02' }),
  ];

  it('states the rating computed from the published reviews, and marks up the reviews the page shows', () => {
    const content = contentWith(reviews, reviews.slice(0, 3));
    const sut = businessStructuredData(content, content.reviews.latest);

    expect(structuredDataProblems(sut, content)).toEqual([]);
    expect(sut.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 4, bestRating: 5, worstRating: 1 });
    expect(sut.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Sarah' },
        datePublished: '2026-03-12',
        reviewBody: 'Relined our sewer in a day without touching the garden.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      // No text: no empty reviewBody.
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Mark' },
        datePublished: '2026-02-01',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'Sarah' }, datePublished: '2025-11-30' }),
    ]);
  });

  it('carries the rating but no reviews on a page that shows none', () => {
    const content = contentWith(reviews);
    const sut = businessStructuredData(content);

    expect(structuredDataProblems(sut, content)).toEqual([]);
    expect(sut.aggregateRating).toMatchObject({ reviewCount: 4 });
    expect(sut).not.toHaveProperty('review');
  });

  it('claims no rating and marks up no review when none is published', () => {
    const content = contentWith([]);
    const sut = businessStructuredData(content, []);

    expect(structuredDataProblems(sut, content)).toEqual([]);
    expect(sut).not.toHaveProperty('aggregateRating');
    expect(sut).not.toHaveProperty('review');
    expect(sut).toMatchObject({ '@context': 'https://schema.org', '@type': 'Plumber', name: 'Pipe Relining Australia' });
  });

  it('survives the trip through JSON as the page embeds it', () => {
    const content = contentWith(reviews, reviews);
    const sut = JSON.parse(JSON.stringify(businessStructuredData(content, content.reviews.latest))) as unknown;

    expect(structuredDataProblems(sut, content)).toEqual([]);
    expect(typedNodes(sut).filter((node) => node['@type'] === 'Review')).toHaveLength(4);
  });

  // The checker itself: each rule catches what it is there for (a check that cannot fail proves nothing).
  it.each<[string, (data: Node) => void, RegExp]>([
    ['a type schema.org does not define', (data) => (data['@type'] = 'PipeRelinerBusiness'), /not an allowed schema.org type/],
    ['a rating above its best', (data) => ((data.aggregateRating as Node).ratingValue = 5.2), /outside 1..5/],
    ['a count other than the published one', (data) => ((data.aggregateRating as Node).reviewCount = 80), /not the published count 4/],
    ['a review without its author', (data) => delete ((data.review as Node[])[0] as Node).author, /no author name/],
    ['a review without its rating', (data) => delete ((data.review as Node[])[0] as Node).reviewRating, /no reviewRating/],
    ['a date that is not ISO', (data) => (((data.review as Node[])[0] as Node).datePublished = '12/03/2026'), /is not ISO/],
    ['reviews without a rating', (data) => delete data.aggregateRating, /reviews without an aggregateRating/],
  ])('finds %s', (_what, spoil, problem) => {
    const content = contentWith(reviews, reviews);
    const data = JSON.parse(JSON.stringify(businessStructuredData(content, content.reviews.latest))) as Node;
    spoil(data);
    expect(structuredDataProblems(data, content).join('\n')).toMatch(problem);
  });

  describe('as the page head carries it (the renderer the build and the server use)', () => {
    const origin = 'https://www.example.com.au';
    const jsonLdOf = (headTags: string): unknown => {
      const blocks = [...headTags.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
      expect(blocks).toHaveLength(1);
      return JSON.parse(blocks[0]![1]!);
    };
    const homeHead = {
      path: '/',
      title: 'Home',
      description: 'Home',
      structuredData: (content: SiteContent) => businessStructuredData(content, content.reviews.latest),
    };

    it('embeds valid JSON-LD with the rating and reviews, and the site address', () => {
      const content = contentWith(reviews, reviews.slice(0, 3));
      const data = jsonLdOf(renderHeadTags(homeHead, origin, content)) as Node;

      expect(structuredDataProblems(data, content)).toEqual([]);
      expect(data.url).toBe(`${origin}/`);
      expect(data.review).toHaveLength(3);
    });

    it('keeps a review text that tries to close the element inside the data', () => {
      const hostile = aReview({ text: '</script><script>alert(1)</script>' });
      const content = contentWith([hostile]);
      const headTags = renderHeadTags(homeHead, origin, content);

      expect(headTags).not.toContain('<script>alert(1)');
      expect((jsonLdOf(headTags) as { review: { reviewBody: string }[] }).review[0]!.reviewBody).toBe(hostile.text);
    });
  });
});
