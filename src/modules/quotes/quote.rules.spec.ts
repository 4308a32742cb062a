import { acceptProblems, isCalendarDate, isExpired, publicQuoteState, quoteChangeProblems } from './quote.rules.js';

const LINE = { kind: 'reline', description: 'Reline 6 m', quantity: 6, unitCents: 55_000 };

describe('quote rules', () => {
  it.each([
    ['2026-11-26', '2026-11-26', false],
    ['2026-11-27', '2026-11-26', false],
    ['2026-11-25', '2026-11-26', true],
  ])('valid until %s on %s: expired %s', (validUntil, today, expired) => {
    expect(isExpired(validUntil, today)).toBe(expired);
  });

  it.each([
    [false, false, 'open'],
    [false, true, 'declined'],
    [true, false, 'accepted'],
    [true, true, 'accepted'],
  ] as const)('accepted %s, latest version declined %s → %s', (accepted, declined, state) => {
    expect(publicQuoteState(accepted, declined)).toBe(state);
  });

  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2026-2-28', false],
    [20260228, false],
  ])('%j is a calendar date: %s', (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
  });

  it('takes today as valid-until, refuses yesterday', () => {
    expect(quoteChangeProblems({ lines: [LINE], validUntil: '2026-11-26' }, '2026-11-26')).toEqual([]);
    expect(quoteChangeProblems({ lines: [LINE], validUntil: '2026-11-25' }, '2026-11-26')).toEqual([
      { field: 'validUntil', message: 'The valid-until date must be today or later' },
    ]);
  });

  it.each([
    [{ fullName: 'Sam Owner', agree: true, version: 1 }, []],
    [{ fullName: ' S ', agree: true, version: 1 }, ['fullName']],
    [{ fullName: 'x'.repeat(201), agree: true, version: 1 }, ['fullName']],
    [{ fullName: 'Sam Owner', agree: 'true', version: 1 }, ['agree']],
    [{ fullName: 'Sam Owner', agree: true, version: 1.5 }, ['version']],
    [{ fullName: 'Sam Owner', agree: true, version: 1, mediaConsent: 'yes' }, ['mediaConsent']],
  ])('acceptance %j → problems with %j', (body, fields) => {
    expect(acceptProblems(body).map((problem) => problem.field)).toEqual(fields);
  });
});
