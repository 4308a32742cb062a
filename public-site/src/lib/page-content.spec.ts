import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT, type PublishedReview } from '@relining/contracts/site-content';
import { contentForPage } from './page-content';

const review = (id: string): PublishedReview => ({
  id,
  rating: 5,
  text: 'Relined in a day',
  firstName: 'Sam',
  suburb: 'Richmond',
  date: '2026-03-05',
  source: null,
  reply: null,
});
const content = {
  ...DEFAULT_SITE_CONTENT,
  reviews: { rating: 5, count: 3, latest: [review('a')], nearby: { melbourne: [review('m')], perth: [review('p')] } },
};

describe('contentForPage', () => {
  it('gives a local page its own area’s nearby reviews only', () => {
    expect(contentForPage('/pipe-relining/melbourne', content).reviews).toEqual({
      rating: 5,
      count: 3,
      latest: [review('a')],
      nearby: { melbourne: [review('m')] },
    });
  });

  it('gives every other page the rating and the latest reviews, and no area’s', () => {
    for (const path of ['/', '/about', '/job-status/abc', '/pipe-relining']) {
      expect(contentForPage(path, content).reviews).toEqual({ rating: 5, count: 3, latest: [review('a')], nearby: {} });
    }
  });

  it('gives an area without reviews none', () => {
    expect(contentForPage('/pipe-relining/darwin', content).reviews.nearby).toEqual({});
  });
});
