import { describe, expect, it } from '@jest/globals';
import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import {
  areaOfPostcode,
  asksForReview,
  firstNameOf,
  IMPORT_MESSAGES,
  importFingerprint,
  importRow,
  isWellFormedToken,
  newReviewToken,
  parseImportDate,
  placeOfAddress,
  reviewRequestDueAt,
  reviewTokenHash,
  toReply,
  toReviewStatus,
  withdrawsReviewRequest,
  type JobChangeForRequest,
} from './review.rules.js';

describe('asksForReview: a job that reached completed, not archived, with an e-mail, asks once', () => {
  const base: JobChangeForRequest = { status: 'completed', archived: false, customerEmail: 'sam@example.com.au', changeKind: 'stage' };
  it.each<[string, Partial<JobChangeForRequest>, boolean]>([
    ['moved to completed', {}, true],
    ['made at completed', { changeKind: 'created' }, true],
    ['moved to scheduled', { status: 'scheduled' }, false],
    ['moved to accepted', { status: 'accepted' }, false],
    ['booked', { status: 'booked' }, false],
    ['completed but archived', { archived: true }, false],
    ['archiving a completed job', { changeKind: 'archived' }, false],
    ['restoring a completed job', { changeKind: 'restored' }, true],
    ['restoring a scheduled job', { changeKind: 'restored', status: 'scheduled' }, false],
    ['completed without an e-mail', { customerEmail: '  ' }, false],
    ['completed with no e-mail at all', { customerEmail: null }, false],
  ])('%s → %s', (_case, change, expected) => {
    expect(asksForReview({ ...base, ...change })).toBe(expected);
  });
});

describe('withdrawsReviewRequest: archiving withdraws a request not sent yet', () => {
  it.each([
    ['archived', true],
    ['restored', false],
    ['stage', false],
    ['created', false],
  ] as const)('%s → %s', (changeKind, expected) => {
    expect(withdrawsReviewRequest({ changeKind })).toBe(expected);
  });
});

describe('reviewRequestDueAt: whole days after completion', () => {
  it.each([
    [0, '2026-11-27T01:00:00.000Z'],
    [2, '2026-11-29T01:00:00.000Z'],
    [7, '2026-12-04T01:00:00.000Z'],
  ])('%i days → %s', (days, expected) => {
    expect(reviewRequestDueAt(new Date('2026-11-27T01:00:00.000Z'), days).toISOString()).toBe(expected);
  });
});

describe('firstNameOf', () => {
  it.each([
    ['Sarah Johnson', 'Sarah'],
    ['  Mei  Lin ', 'Mei'],
    ['Cher', 'Cher'],
    ['', 'there'],
  ])('%j → %j', (name, expected) => {
    expect(firstNameOf(name)).toBe(expected);
  });
});

describe('placeOfAddress: the suburb and postcode at the end of a typed address', () => {
  it.each<[string | null, { suburb: string | null; postcode: string | null }]>([
    ['12 Station Street, Richmond VIC 3121', { suburb: 'Richmond', postcode: '3121' }],
    ['8 Harbour Road, Manly NSW 2095', { suburb: 'Manly', postcode: '2095' }],
    ['1 Smith St, Darwin City NT 0800', { suburb: 'Darwin City', postcode: '0800' }],
    ['45 Jacaranda Avenue, Toowong qld 4066 ', { suburb: 'Toowong', postcode: '4066' }],
    ['Unit 2, 10 High St, Kew East VIC 3102', { suburb: 'Kew East', postcode: '3102' }],
    ['10 High St Perth 6000', { suburb: null, postcode: '6000' }],
    ['Behind the shed', { suburb: null, postcode: null }],
    [null, { suburb: null, postcode: null }],
  ])('%j', (address, expected) => {
    expect(placeOfAddress(address)).toEqual(expected);
  });
});

describe('areaOfPostcode: the service area a review is nearby', () => {
  it.each([
    ['3121', 'melbourne'],
    ['2095', 'sydney'],
    ['0800', 'darwin'],
    ['4217', 'gold-coast'],
    ['2640', null],
    [null, null],
    ['abc', null],
  ])('%j → %j', (postcode, expected) => {
    expect(areaOfPostcode(postcode)).toBe(expected);
  });
});

describe('review link secrets', () => {
  it('makes 256-bit base64url secrets, different each time, stored as their sha256', () => {
    const [one, two] = [newReviewToken(), newReviewToken()];
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
    expect(reviewTokenHash(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(reviewTokenHash(one)).not.toBe(reviewTokenHash(two));
    expect(isWellFormedToken(one)).toBe(true);
  });

  it.each(['', 'short', 'x'.repeat(100), 'has space in it and is long enough', '../../etc/passwd/aaaaaaaaaaaaaaaaaa'])(
    'refuses %j without a look-up',
    (token) => {
      expect(isWellFormedToken(token)).toBe(false);
    },
  );
});

describe('toReviewStatus and toReply: what staff send', () => {
  it.each([
    ['pending', 'pending'],
    ['published', 'published'],
    ['hidden', 'hidden'],
    ['deleted', undefined],
    [1, undefined],
    [null, undefined],
  ])('status %j → %j', (value, expected) => {
    expect(toReviewStatus(value)).toBe(expected);
  });

  it.each<[unknown, ReturnType<typeof toReply>]>([
    [undefined, { kind: 'keep' }],
    [null, { kind: 'set', reply: null }],
    ['', { kind: 'set', reply: null }],
    ['   ', { kind: 'set', reply: null }],
    ['  Thanks!  ', { kind: 'set', reply: 'Thanks!' }],
    ['x'.repeat(1000), { kind: 'set', reply: 'x'.repeat(1000) }],
    ['x'.repeat(1001), { kind: 'invalid' }],
    [42, { kind: 'invalid' }],
  ])('reply %j → %j', (value, expected) => {
    expect(toReply(value)).toEqual(expected);
  });
});

describe('parseImportDate: yyyy-mm-dd or d/m/yyyy (Australian order), real days only', () => {
  it.each([
    ['2025-03-14', '2025-03-14'],
    ['14/3/2025', '2025-03-14'],
    ['04/03/2025', '2025-03-04'],
    [' 1/12/2024 ', '2024-12-01'],
    ['31/02/2025', null],
    ['2025-02-29', null],
    ['2024-02-29', '2024-02-29'],
    ['3/14/2025', null],
    ['14-03-2025', null],
    ['2025/03/14', null],
    ['14/3/25', null],
    ['', null],
    [undefined, null],
    ['1/1/1800', null],
  ])('%j → %j', (value, expected) => {
    expect(parseImportDate(value)).toBe(expected);
  });
});

describe('importRow: one CSV row, or its problems named by row and field', () => {
  const today = '2026-11-27';
  const good = { rating: '5', text: 'Great job', name: 'Priya', suburb: 'Fitzroy', postcode: '3065', date: '2025-03-14', source: 'Google' };

  it('reads a good row: area from its postcode, the fingerprint from source, name, date and text', () => {
    const outcome = importRow(good, 2, undefined, today);
    expect(outcome.problems).toEqual([]);
    expect(outcome.review).toEqual({
      rating: 5,
      text: 'Great job',
      firstName: 'Priya',
      suburb: 'Fitzroy',
      postcode: '3065',
      area: 'melbourne',
      source: 'Google',
      date: '2025-03-14',
      fingerprint: importFingerprint({ source: 'Google', firstName: 'Priya', date: '2025-03-14', text: 'Great job' }),
    });
  });

  it.each<[string, Record<string, string>, string | undefined, Array<{ field: string; message: string }>]>([
    ['a rating of 0', { rating: '0' }, undefined, [{ field: 'row 3 rating', message: REVIEW_MESSAGES.rating }]],
    ['a rating of 4.5', { rating: '4.5' }, undefined, [{ field: 'row 3 rating', message: REVIEW_MESSAGES.rating }]],
    ['no rating', { rating: '' }, undefined, [{ field: 'row 3 rating', message: REVIEW_MESSAGES.rating }]],
    ['no name', { name: ' ' }, undefined, [{ field: 'row 3 name', message: IMPORT_MESSAGES.name }]],
    ['a long name', { name: 'n'.repeat(41) }, undefined, [{ field: 'row 3 name', message: REVIEW_MESSAGES.firstNameLength }]],
    ['a long text', { text: 't'.repeat(1001) }, undefined, [{ field: 'row 3 text', message: REVIEW_MESSAGES.text }]],
    ['a bad postcode', { postcode: '30650' }, undefined, [{ field: 'row 3 postcode', message: IMPORT_MESSAGES.postcode }]],
    ['a bad date', { date: '2025-13-01' }, undefined, [{ field: 'row 3 date', message: IMPORT_MESSAGES.date }]],
    ['a future date', { date: '2027-01-01' }, undefined, [{ field: 'row 3 date', message: IMPORT_MESSAGES.futureDate }]],
    ['no source anywhere', { source: '' }, undefined, [{ field: 'row 3 source', message: IMPORT_MESSAGES.source }]],
    ['no source in the row, one for the file', { source: '' }, 'Facebook', []],
    ['a long source', { source: 's'.repeat(61) }, undefined, [{ field: 'row 3 source', message: IMPORT_MESSAGES.sourceLength }]],
    [
      'several problems',
      { rating: 'five', date: 'yesterday' },
      undefined,
      [
        { field: 'row 3 rating', message: REVIEW_MESSAGES.rating },
        { field: 'row 3 date', message: IMPORT_MESSAGES.date },
      ],
    ],
  ])('%s', (_case, change, defaultSource, expected) => {
    expect(importRow({ ...good, ...change }, 3, defaultSource, today).problems).toEqual(expected);
  });

  it('keeps the Northern Territory’s leading zero a spreadsheet dropped, and takes no postcode', () => {
    expect(importRow({ ...good, postcode: '810' }, 2, undefined, today).review).toMatchObject({ postcode: '0810', area: 'darwin' });
    expect(importRow({ ...good, postcode: '' }, 2, undefined, today).review).toMatchObject({ postcode: null, area: null });
  });

  it('sees the same review whatever the case and spacing, and another when any of source, name, date or text differs', () => {
    const one = importFingerprint({ source: 'Google', firstName: 'Priya', date: '2025-03-14', text: 'Great  job' });
    expect(importFingerprint({ source: ' google', firstName: 'PRIYA', date: '2025-03-14', text: 'great job ' })).toBe(one);
    expect(importFingerprint({ source: 'Facebook', firstName: 'Priya', date: '2025-03-14', text: 'Great job' })).not.toBe(one);
    expect(importFingerprint({ source: 'Google', firstName: 'Priya', date: '2025-03-15', text: 'Great job' })).not.toBe(one);
    expect(importFingerprint({ source: 'Google', firstName: 'Priyanka', date: '2025-03-14', text: 'Great job' })).not.toBe(one);
  });
});
