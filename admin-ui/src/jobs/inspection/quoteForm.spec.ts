import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRICE_LIST, priceListProblems } from '@relining/contracts/quote-proposal';
import { quoteLineProblems, totalWithGst } from '@relining/contracts/quote-rules';
import {
  addDays,
  centsOfDollars,
  dollarsOfCents,
  draftOfPriceList,
  draftOfQuote,
  liveAmounts,
  priceListOf,
  quoteChangeOf,
  quoteVersionText,
} from './quoteForm';

describe('centsOfDollars', () => {
  it.each([
    ['550', 55_000],
    ['550.5', 55_050],
    ['550.50', 55_050],
    ['19.99', 1_999],
    ['0.07', 7],
    ['.5', 50],
    ['$1,234.56', 123_456],
    [' 4 950 ', 495_000],
    ['0', 0],
    ['-5', -500],
    ['-$5.25', -525],
  ])('reads %j as %d cents', (text, cents) => {
    expect(centsOfDollars(text)).toBe(cents);
  });

  it.each(['', '   ', '.', '$', '12.345', 'abc', '1.2.3', '5-', '1e3'])('refuses %j (NaN, which the contract names)', (text) => {
    expect(centsOfDollars(text)).toBeNaN();
  });
});

describe('dollarsOfCents', () => {
  it.each([
    [55_000, '550.00'],
    [55_050, '550.50'],
    [7, '0.07'],
    [0, '0.00'],
    [-525, '-5.25'],
  ])('writes %d cents as %j', (cents, text) => {
    expect(dollarsOfCents(cents)).toBe(text);
  });

  it('goes back to the same cents for every amount up to $1,000', () => {
    for (let cents = 0; cents <= 100_000; cents += 1) expect(centsOfDollars(dollarsOfCents(cents))).toBe(cents);
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and a leap day', () => {
    expect(addDays('2026-11-26', 30)).toBe('2026-12-26');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-15', 30)).toBe('2028-03-16');
  });
});

describe('the quote form', () => {
  it('is valid for 30 days from today when the quote has no date yet', () => {
    expect(draftOfQuote({ lines: [], validUntil: null, notes: null }, '2026-11-26')).toEqual({ lines: [], validUntil: '2026-12-26', notes: '' });
  });

  it('keeps a saved date and turns lines into what the boxes hold and back', () => {
    const lines = [
      { kind: 'reline' as const, description: 'Reline 12.5 m', quantity: 12.5, unitCents: 65_000 },
      { kind: 'access' as const, description: 'Access', quantity: 1, unitCents: 35_000 },
    ];
    const draft = draftOfQuote({ lines, validUntil: '2027-01-10', notes: 'Pits by others' }, '2026-11-26');
    expect(draft.lines[0]).toEqual({ kind: 'reline', description: 'Reline 12.5 m', quantity: '12.5', unitCents: '650.00' });
    expect(quoteChangeOf(draft)).toEqual({ lines, validUntil: '2027-01-10', notes: 'Pits by others' });
  });

  it('sends empty notes as none and lets the contract name a price typed wrong', () => {
    const change = quoteChangeOf({
      lines: [{ kind: 'other', description: ' Skip bin ', quantity: '1', unitCents: '12.345' }],
      validUntil: '2027-01-10',
      notes: '  ',
    });
    expect(change.notes).toBeNull();
    expect(change.lines[0]?.description).toBe('Skip bin');
    expect(quoteLineProblems(change.lines)).toEqual([{ field: 'lines.0.unitCents', message: 'The price must be whole cents from $0 to $100,000' }]);
  });

  it('totals the lines that are numbers while staff type, rounding each line to the cent', () => {
    const amounts = liveAmounts([
      { kind: 'reline', description: 'a', quantity: '12.5', unitCents: '650' },
      { kind: 'junction', description: 'b', quantity: '', unitCents: '450' },
      { kind: 'other', description: 'c', quantity: '0.3', unitCents: '0.05' },
    ]);
    expect(amounts.lineCents).toEqual([812_500, null, 2]);
    expect(totalWithGst(amounts.totalCents)).toBe('Total $8,125.02 inc. GST (GST $738.64)');
  });
});

describe('quoteVersionText', () => {
  const day = (instant: string) => instant.slice(0, 10);
  it.each([
    [{ version: 0, state: 'draft' as const, publishedVersion: 0, publishedAt: null }, 'Not saved yet'],
    [{ version: 1, state: 'draft' as const, publishedVersion: 0, publishedAt: null }, 'Draft of version 1'],
    [{ version: 2, state: 'published' as const, publishedVersion: 2, publishedAt: '2026-11-26T01:00:00Z' }, 'Version 2 — published 2026-11-26'],
    [
      { version: 3, state: 'draft' as const, publishedVersion: 2, publishedAt: '2026-11-26T01:00:00Z' },
      'Draft of version 3 (the customer sees Version 2 — published 2026-11-26)',
    ],
  ])('%j reads %j', (quote, text) => {
    expect(quoteVersionText(quote, day)).toBe(text);
  });
});

describe('the price list form', () => {
  it('shows the default list in dollars and reads it back unchanged', () => {
    const draft = draftOfPriceList(DEFAULT_PRICE_LIST);
    expect(draft.relinePerMetre[0]).toEqual({ maxDiameterMm: '100', centsPerMetre: '550.00' });
    expect(draft.junctionCents).toBe('450.00');
    expect(priceListOf(draft)).toEqual(DEFAULT_PRICE_LIST);
  });

  it('leaves an empty box for the contract to name', () => {
    const draft = { ...draftOfPriceList(DEFAULT_PRICE_LIST), accessCents: '' };
    expect(priceListProblems(priceListOf(draft))).toEqual([{ field: 'accessCents', message: 'The price must be whole cents from $0 to $100,000' }]);
  });
});
