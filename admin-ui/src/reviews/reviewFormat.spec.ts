import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@relining/contracts/client/http';
import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import { REVIEW_STATUS_CHOICES, areaName, excerpt, importSummary, reviewSourceLabel } from './reviewFormat';
import { problemList, problemText } from './reviewProblems';

describe("reviewSourceLabel: where a review came from, in staff's words", () => {
  it.each([
    [{ source: null, verified: true }, 'Verified job'],
    [{ source: 'Google', verified: false }, 'Google'],
    [{ source: 'Facebook', verified: true }, 'Facebook'],
    [{ source: null, verified: false }, 'Unknown source'],
  ])('%j → %s', (review, label) => {
    expect(reviewSourceLabel(review)).toBe(label);
  });
});

describe('importSummary', () => {
  it.each([
    [{ imported: 2, duplicates: 0 }, 'Imported 2 reviews (0 were already there)'],
    [{ imported: 1, duplicates: 1 }, 'Imported 1 review (1 was already there)'],
    [{ imported: 0, duplicates: 3 }, 'Imported 0 reviews (3 were already there)'],
  ])('%j → %s', (result, text) => {
    expect(importSummary(result)).toBe(text);
  });
});

describe('excerpt', () => {
  it('keeps a short text whole, its spaces tidied', () => {
    expect(excerpt('  Great   job,\nthanks ')).toBe('Great job, thanks');
  });
  it('cuts a long text at a word and marks the cut', () => {
    const text = 'The crew arrived on time and relined the whole sewer line without digging up the garden at all';
    const cut = excerpt(text, 40);
    expect(cut).toBe('The crew arrived on time and relined the…');
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });
  it('is empty for no text', () => {
    expect(excerpt(null)).toBe('');
  });
});

describe('the status choices and areas', () => {
  it('offers the contracts’ statuses with their labels, pending first', () => {
    expect(REVIEW_STATUS_CHOICES).toEqual([
      { id: 'pending', name: 'Waiting for moderation' },
      { id: 'published', name: 'Published' },
      { id: 'hidden', name: 'Hidden' },
    ]);
  });
  it('names an area by its slug', () => {
    expect(areaName('gold-coast')).toBe('Gold Coast');
    expect(areaName('nowhere')).toBe('nowhere');
    expect(areaName(null)).toBeNull();
  });
});

describe("problemText: the server's refusal in its own words", () => {
  it('gives the message of a refusal to publish without consent', () => {
    const error = new ApiError(409, 'NO_CONSENT', REVIEW_MESSAGES.publishWithoutConsent, [], {
      message: REVIEW_MESSAGES.publishWithoutConsent,
    });
    expect(problemText(error)).toBe(REVIEW_MESSAGES.publishWithoutConsent);
  });
  it("lists an import's row errors after the message", () => {
    const body = {
      message: 'The file has 2 rows with problems: nothing was imported',
      errors: [
        { field: 'row 3 rating', message: 'Please choose a rating from 1 to 5 stars' },
        { field: 'source', message: 'Please name the source' },
      ],
    };
    const error = new ApiError(400, 'VALIDATION_FAILED', body.message, body.errors, body);
    expect(problemList(error)).toEqual(['Row 3, rating: Please choose a rating from 1 to 5 stars', 'Please name the source']);
    expect(problemText(error)).toBe(`${body.message} Row 3, rating: Please choose a rating from 1 to 5 stars Please name the source`);
  });
  it('falls back when the server was not reached', () => {
    expect(problemText(new Error('boom'))).toBe('Please try again.');
  });
});
