import { describe, expect, it } from '@jest/globals';
import { reviewDateLabel, reviewSourceLabel, starsLabel, starsText } from './reviews';

describe('how a published review reads', () => {
  it.each([
    [5, '5 out of 5 stars', '★★★★★'],
    [4, '4 out of 5 stars', '★★★★☆'],
    [1, '1 out of 5 stars', '★☆☆☆☆'],
  ])('%i stars: read as %s, drawn as %s', (rating, label, drawn) => {
    expect(starsLabel(rating)).toBe(label);
    expect(starsText(rating)).toBe(drawn);
  });

  it.each([
    ['2026-03-12', '12 March 2026'],
    ['2026-01-01', '1 January 2026'],
    ['2025-12-31', '31 December 2025'],
    ['not a day', 'not a day'],
  ])('writes %s as %s, the same day in every zone', (day, label) => {
    expect(reviewDateLabel(day)).toBe(label);
  });

  it.each([
    [null, 'Verified customer'],
    ['Google', 'Review on Google'],
  ])('names source %s as %s', (source, label) => {
    expect(reviewSourceLabel(source)).toBe(label);
  });
});
