import { describe, expect, it } from '@jest/globals';
import { SERVICE_AREAS } from '@relining/contracts/service-areas';
import { serviceAreaHead, serviceAreaStructuredData } from './service-area-head';
import { serviceAreaTimeZoneName } from './service-area-time';

const melbourne = SERVICE_AREAS.find((area) => area.slug === 'melbourne')!;

describe('the local pages’ head and markup (issue 20)', () => {
  it('gives every area its own title and description, naming the area and its state', () => {
    const heads = SERVICE_AREAS.map(serviceAreaHead);
    expect(new Set(heads.map((head) => head.title)).size).toBe(SERVICE_AREAS.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(SERVICE_AREAS.length);
    expect(serviceAreaHead(melbourne)).toEqual({
      path: '/pipe-relining/melbourne',
      title: 'Pipe Relining Melbourne | No-Dig Drain Repairs | Pipe Relining Australia',
      description: expect.stringContaining('Melbourne, Victoria'),
    });
    // What search results show whole.
    for (const head of heads) expect(head.description.length).toBeLessThanOrEqual(180);
  });

  it.each([
    ['melbourne', 'Melbourne time (AEDT/AEST)'],
    ['gold-coast', 'Queensland time (AEST, no daylight saving)'],
    ['darwin', 'Darwin time (ACST)'],
    ['perth', 'Perth time (AWST)'],
  ])('names %s’s time zone for people: %s', (slug, name) => {
    expect(serviceAreaTimeZoneName(SERVICE_AREAS.find((area) => area.slug === slug)!)).toBe(name);
  });

  it('names every area’s time zone', () => {
    for (const area of SERVICE_AREAS) expect(serviceAreaTimeZoneName(area)).toMatch(/ time \(A[CEW]/);
  });

  it('serves the City in its State, and states the computed rating only when reviews are published', () => {
    expect(serviceAreaStructuredData(melbourne, { rating: null, count: 0, nearby: {} })).not.toHaveProperty('aggregateRating');
    expect(serviceAreaStructuredData(melbourne, { rating: 4.9, count: 83, nearby: {} })).toMatchObject({
      '@type': 'LocalBusiness',
      url: '/pipe-relining/melbourne',
      areaServed: { '@type': 'City', name: 'Melbourne', containedInPlace: { '@type': 'State', name: 'Victoria' } },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.9, bestRating: 5, worstRating: 1, reviewCount: 83 },
    });
    expect(serviceAreaStructuredData(melbourne, { rating: 4.9, count: 83, nearby: {} })).not.toHaveProperty('review');
  });

  it('marks up the nearby reviews the page shows as schema.org Reviews', () => {
    const review = { id: 'r1', rating: 5, text: 'Relined in a day', firstName: 'Sam', suburb: 'Richmond', date: '2026-03-05', source: null, reply: null };
    const data = serviceAreaStructuredData(melbourne, { rating: 5, count: 1, nearby: { melbourne: [review], perth: [{ ...review, id: 'r2' }] } });
    expect(data.review).toEqual([
      expect.objectContaining({
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Sam' },
        datePublished: '2026-03-05',
        reviewRating: expect.objectContaining({ '@type': 'Rating', ratingValue: 5 }),
      }),
    ]);
  });
});
