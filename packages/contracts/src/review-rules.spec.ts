import { describe, expect, it } from '@jest/globals';
import { computedRating, moderationProblem, parseConsent, ratingClaim, ratingFigure, REVIEW_MESSAGES, reviewSubmissionProblems } from './review-rules.js';

describe('ratingClaim', () => {
  it.each([
    [4.9, 83, 'Rated 4.9 out of 5 from 83 reviews'],
    [4.8, 129, 'Rated 4.8 out of 5 from 129 reviews'],
    [5, 1, 'Rated 5.0 out of 5 from 1 review'],
    [null, 0, null],
    [4.9, 0, null],
  ])('%s from %s reviews → %s', (rating, count, claim) => expect(ratingClaim({ rating, count })).toBe(claim));

  it('has a form without "Rated"', () => {
    expect(ratingFigure({ rating: 4.9, count: 84 })).toBe('4.9 out of 5 from 84 reviews');
    expect(ratingFigure({ rating: null, count: 0 })).toBeNull();
  });
});

describe('computedRating', () => {
  it.each([
    [[], null, 0],
    [[5], 5, 1],
    [[5, 4], 4.5, 2],
    [[5, 5, 4], 4.7, 3],
    [[...Array(75).fill(5), ...Array(8).fill(4)], 4.9, 83],
    [[1, 2], 1.5, 2],
  ])('%j → %s from %s', (ratings, rating, count) => expect(computedRating(ratings)).toEqual({ rating, count }));
});

describe('reviewSubmissionProblems', () => {
  const valid = { rating: 5, text: 'Great job', firstName: 'Sarah', suburb: 'Richmond', consent: true };
  it('accepts a full review, a form post and a stars-only review', () => {
    expect(reviewSubmissionProblems(valid)).toEqual([]);
    expect(reviewSubmissionProblems({ rating: '4', firstName: 'Sam', consent: 'on' })).toEqual([]);
    expect(reviewSubmissionProblems({ rating: 1, firstName: 'Sam' })).toEqual([]);
  });
  it.each([
    [{ rating: 0 }, 'rating', REVIEW_MESSAGES.rating],
    [{ rating: 6 }, 'rating', REVIEW_MESSAGES.rating],
    [{ rating: 4.5 }, 'rating', REVIEW_MESSAGES.rating],
    [{ rating: 'five' }, 'rating', REVIEW_MESSAGES.rating],
    [{ text: 'x'.repeat(1001) }, 'text', REVIEW_MESSAGES.text],
    [{ text: 42 }, 'text', REVIEW_MESSAGES.text],
    [{ firstName: '  ' }, 'firstName', REVIEW_MESSAGES.firstName],
    [{ firstName: 'x'.repeat(41) }, 'firstName', REVIEW_MESSAGES.firstNameLength],
    [{ suburb: 'x'.repeat(61) }, 'suburb', REVIEW_MESSAGES.suburb],
    [{ consent: 'maybe' }, 'consent', REVIEW_MESSAGES.consent],
  ])('%j → %s', (change, field, message) => {
    expect(reviewSubmissionProblems({ ...valid, ...change })).toEqual([{ field, message }]);
  });
});

describe('parseConsent', () => {
  it.each([
    [true, true],
    ['on', true],
    ['yes', true],
    [undefined, false],
    ['', false],
    ['false', false],
    [false, false],
    ['perhaps', undefined],
    [3, undefined],
  ])('%j → %s', (value, answer) => expect(parseConsent(value)).toBe(answer));
});

describe('moderationProblem', () => {
  it.each([
    [true, 'published', null],
    [false, 'published', REVIEW_MESSAGES.publishWithoutConsent],
    [false, 'hidden', null],
    [false, 'pending', null],
  ] as const)('consent %s → %s: %s', (consent, next, problem) => expect(moderationProblem({ consent }, next)).toBe(problem));
});
