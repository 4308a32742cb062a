import { describe, expect, it } from '@jest/globals';
import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import { answerOf, ApiError } from '@relining/contracts/client/http';
import type { ReviewInvitation } from '@relining/contracts/api/reviews';
import {
  fieldErrorsOf,
  firstErrorField,
  initialReviewValues,
  failedReviewLink,
  openReviewLink,
  linkStateOfError,
  reviewApiPath,
  reviewFormErrors,
  reviewSubmissionOf,
  reviewTextCounter,
  starLabel,
  type ReviewFormValues,
} from './review-form';

const invitation = { firstName: 'Sarah', suburb: 'Brunswick', jobNumber: 'JOB-1042' };

function someValues(overrides: Partial<ReviewFormValues> = {}): ReviewFormValues {
  return { rating: 5, text: 'Quick, tidy and no digging.', firstName: 'Sarah', suburb: 'Brunswick', consent: true, ...overrides };
}

/** GET /api/reviews/{token}'s answer as the page turns it into its state (usePrefetched's found/failed). */
function linkStateOf(answer: { status: number; body: unknown }) {
  try {
    return openReviewLink(answerOf<ReviewInvitation>(answer));
  } catch (error) {
    return failedReviewLink(error);
  }
}

describe('the review form', () => {
  it('opens with the name and suburb of the job prefilled, no stars and consent unticked', () => {
    expect(initialReviewValues(invitation)).toEqual({ rating: null, text: '', firstName: 'Sarah', suburb: 'Brunswick', consent: false });
    expect(initialReviewValues({ ...invitation, suburb: null }).suburb).toBe('');
  });

  it('posts the rating as a number, the texts trimmed and consent as a boolean', () => {
    expect(reviewSubmissionOf(someValues({ text: '  Great job \n', firstName: ' Sarah ', suburb: ' Brunswick ', consent: false }))).toEqual({
      rating: 5,
      text: 'Great job',
      firstName: 'Sarah',
      suburb: 'Brunswick',
      consent: false,
    });
  });

  it('finds nothing wrong with a complete review, with or without consent and text', () => {
    expect(reviewFormErrors(someValues())).toEqual({});
    expect(reviewFormErrors(someValues({ text: '', suburb: '', consent: false }))).toEqual({});
  });

  it.each<[string, Partial<ReviewFormValues>, Record<string, string>]>([
    ['no stars', { rating: null }, { rating: REVIEW_MESSAGES.rating }],
    ['a review over 1,000 characters', { text: 'x'.repeat(1001) }, { text: REVIEW_MESSAGES.text }],
    ['no name', { firstName: '   ' }, { firstName: REVIEW_MESSAGES.firstName }],
    ['a name over 40 characters', { firstName: 'S'.repeat(41) }, { firstName: REVIEW_MESSAGES.firstNameLength }],
    ['a suburb over 60 characters', { suburb: 'B'.repeat(61) }, { suburb: REVIEW_MESSAGES.suburb }],
  ])('refuses %s with the server’s message', (_what, change, errors) => {
    expect(reviewFormErrors(someValues(change))).toEqual(errors);
  });

  it('counts 1,000 characters of review after trimming, as the server does', () => {
    expect(reviewFormErrors(someValues({ text: ` ${'x'.repeat(1000)} ` }))).toEqual({});
    expect(reviewTextCounter('')).toBe('0 / 1,000 characters');
    expect(reviewTextCounter(` ${'x'.repeat(1000)} `)).toBe('1,000 / 1,000 characters');
  });

  it('puts the focus on the first field with an error, in the form’s order', () => {
    expect(firstErrorField(reviewFormErrors(someValues({ rating: null, firstName: '' })))).toBe('rating');
    expect(firstErrorField(reviewFormErrors(someValues({ firstName: '', suburb: 'B'.repeat(61) })))).toBe('firstName');
    expect(firstErrorField({})).toBeUndefined();
  });

  it('shows the server’s field errors at their fields (the first for each), and ignores fields it does not have', () => {
    expect(
      fieldErrorsOf([
        { field: 'firstName', message: 'first' },
        { field: 'firstName', message: 'second' },
        { field: 'jobId', message: 'not a field of the form' },
        { field: 'consent', message: REVIEW_MESSAGES.consent },
      ]),
    ).toEqual({ firstName: 'first', consent: REVIEW_MESSAGES.consent });
  });

  it.each([
    [1, '1 star'],
    [2, '2 stars'],
    [5, '5 stars'],
  ])('labels radio %i "%s"', (stars, label) => {
    expect(starLabel(stars)).toBe(label);
  });
});

describe('the review link', () => {
  it('asks the reviews API for its token, encoded', () => {
    expect(reviewApiPath('Rv7-aB_3')).toBe('/reviews/Rv7-aB_3');
    expect(reviewApiPath('a/b')).toBe('/reviews/a%2Fb');
  });

  it('opens the form for a good link', () => {
    expect(linkStateOf({ status: 200, body: invitation })).toEqual({ kind: 'open', invitation });
  });

  it('says kindly that an unknown link is not valid, with the server’s message or the shared one', () => {
    expect(linkStateOf({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Custom words' } })).toEqual({
      kind: 'unknown',
      message: 'Custom words',
    });
    expect(linkStateOf({ status: 404, body: undefined })).toEqual({ kind: 'unknown', message: REVIEW_MESSAGES.linkUnknown });
  });

  it('thanks the customer for a link already used (410)', () => {
    expect(linkStateOf({ status: 410, body: { message: REVIEW_MESSAGES.linkUsed } })).toEqual({ kind: 'used', message: REVIEW_MESSAGES.linkUsed });
    expect(linkStateOf({ status: 410, body: {} })).toEqual({ kind: 'used', message: REVIEW_MESSAGES.linkUsed });
  });

  it('offers a retry for other failures, and leaves validation and network errors to the form', () => {
    expect(linkStateOf({ status: 500, body: { message: 'Internal' } })).toEqual({ kind: 'error' });
    expect(linkStateOfError(new ApiError(400, 'VALIDATION', 'Invalid', [{ field: 'rating', message: REVIEW_MESSAGES.rating }]))).toBeUndefined();
    expect(linkStateOfError(new ApiError(0, 'NETWORK', 'offline'))).toBeUndefined();
    expect(linkStateOfError(new Error('boom'))).toBeUndefined();
  });
});
