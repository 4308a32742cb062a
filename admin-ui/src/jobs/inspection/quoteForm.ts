import type { QuoteChange, QuoteRecord } from '@relining/contracts/api/inspections';
import type { PriceList } from '@relining/contracts/quote-proposal';
import { lineCents, type QuoteLine, type QuoteLineKind } from '@relining/contracts/quote-rules';
import { numberOf } from './reportForm';

/**
 * The quote editor's and the price list's forms (issue 17) as plain data. Staff type prices in
 * dollars ('550', '1,234.50', or with a dollar sign); the API keeps integer cents. Fields keep the contract's names
 * (a line's `unitCents` holds the dollars typed) so its messages ('lines.0.unitCents') land on them.
 */

export const QUOTE_LINE_KINDS: Record<QuoteLineKind, string> = {
  reline: 'Reline',
  junction: 'Junction',
  access: 'Access',
  other: 'Other',
};

const DOLLARS = /^(-)?(\d*)(?:\.(\d{1,2}))?$/;

/**
 * Dollars as typed, in cents: '550' → 55000, '1,234.5' → 123450, '0.99' with a dollar sign → 99. NaN for anything
 * else (empty, letters, more than two decimals), which the contract refuses with its message. Read
 * from the digits, never through a float multiplication ('19.99' × 100 is 1998.9999…).
 */
export function centsOfDollars(text: string): number {
  const match = DOLLARS.exec(text.replace(/[,\s]/g, '').replace(/^(-?)\$/, (_sign, minus: string) => minus));
  if (!match) return Number.NaN;
  const [, minus, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return Number.NaN;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** Cents as a dollars box shows them: 55000 → '550.00' (no '$' or separators, so it edits cleanly). */
export function dollarsOfCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** 'yyyy-MM-dd' plus whole days (calendar arithmetic in UTC, so no zone can shift it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How long a new quote stays open unless staff say otherwise. */
export const QUOTE_VALID_DAYS = 30;

export interface QuoteLineDraft {
  kind: QuoteLineKind;
  description: string;
  quantity: string;
  /** Dollars as typed. */
  unitCents: string;
}

export interface QuoteDraft {
  lines: QuoteLineDraft[];
  validUntil: string;
  notes: string;
}

export const draftOfLine = (line: QuoteLine): QuoteLineDraft => ({
  kind: line.kind,
  description: line.description,
  quantity: Number.isFinite(line.quantity) ? String(line.quantity) : '',
  unitCents: dollarsOfCents(line.unitCents),
});

export const newLine = (): QuoteLineDraft => ({ kind: 'other', description: '', quantity: '1', unitCents: '' });

/** The form for a quote: its lines, or none yet; valid for 30 days from today when it has no date. */
export function draftOfQuote(quote: Pick<QuoteRecord, 'lines' | 'validUntil' | 'notes'>, today: string): QuoteDraft {
  return {
    lines: quote.lines.map(draftOfLine),
    validUntil: quote.validUntil ?? addDays(today, QUOTE_VALID_DAYS),
    notes: quote.notes ?? '',
  };
}

export const lineOfDraft = (line: QuoteLineDraft): QuoteLine => ({
  kind: line.kind,
  description: line.description.trim(),
  quantity: numberOf(line.quantity),
  unitCents: centsOfDollars(line.unitCents),
});

/** The quote as PUT takes it; empty notes are none. */
export function quoteChangeOf(draft: QuoteDraft): QuoteChange {
  return { lines: draft.lines.map(lineOfDraft), validUntil: draft.validUntil, notes: draft.notes.trim() === '' ? null : draft.notes.trim() };
}

/**
 * Amounts while staff type: each line's (null while its quantity or price is not a number yet) and
 * the total of those that are, for `totalWithGst`.
 */
export function liveAmounts(lines: readonly QuoteLineDraft[]): { lineCents: Array<number | null>; totalCents: number } {
  const amounts = lines.map((draft) => {
    const line = lineOfDraft(draft);
    return Number.isFinite(line.quantity) && Number.isFinite(line.unitCents) ? lineCents(line) : null;
  });
  return { lineCents: amounts, totalCents: amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0) };
}

/**
 * Which version the editor shows: 'Version 2 — published 26/11/2026', 'Draft of version 3' (with the
 * one the customer sees), or 'Not saved yet'. `formatDay` writes the date (the console's display zone).
 */
export function quoteVersionText(
  quote: Pick<QuoteRecord, 'version' | 'state' | 'publishedVersion' | 'publishedAt'>,
  formatDay: (instant: string) => string,
): string {
  if (quote.version === 0) return 'Not saved yet';
  const published = quote.publishedVersion > 0 && quote.publishedAt ? `Version ${quote.publishedVersion} — published ${formatDay(quote.publishedAt)}` : null;
  if (quote.version > quote.publishedVersion)
    return published ? `Draft of version ${quote.version} (the customer sees ${published})` : `Draft of version ${quote.version}`;
  return published ?? `Version ${quote.version}`;
}

// ---------------------------------------------------------------------------------------------
// The price list

export interface PriceListDraft {
  /** `centsPerMetre` holds the dollars typed. */
  relinePerMetre: Array<{ maxDiameterMm: string; centsPerMetre: string }>;
  junctionCents: string;
  accessCents: string;
}

export function draftOfPriceList(prices: PriceList): PriceListDraft {
  return {
    relinePerMetre: prices.relinePerMetre.map((band) => ({ maxDiameterMm: String(band.maxDiameterMm), centsPerMetre: dollarsOfCents(band.centsPerMetre) })),
    junctionCents: dollarsOfCents(prices.junctionCents),
    accessCents: dollarsOfCents(prices.accessCents),
  };
}

export function priceListOf(draft: PriceListDraft): PriceList {
  return {
    relinePerMetre: draft.relinePerMetre.map((band) => ({ maxDiameterMm: numberOf(band.maxDiameterMm), centsPerMetre: centsOfDollars(band.centsPerMetre) })),
    junctionCents: centsOfDollars(draft.junctionCents),
    accessCents: centsOfDollars(draft.accessCents),
  };
}
