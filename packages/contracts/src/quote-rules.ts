/**
 * Quotes (issue 17): lines in integer cents, every total GST-inclusive with the GST shown. Prices on
 * the price list and on lines are GST-inclusive, as Australian consumer prices are shown; the GST in
 * a GST-inclusive amount is one eleventh of it, rounded to the cent (DESIGN §6: `Math.round(total / 11)`).
 */
import { formatMoney } from './business.js';

/** The most one unit (or one metre) may cost, in cents. */
export const MAX_PRICE_CENTS = 10_000_000;

export const PRICE_RANGE_MESSAGE = `The price must be whole cents from ${formatMoney(0)} to ${formatMoney(MAX_PRICE_CENTS / 100)}`;

export type QuoteLineKind = 'reline' | 'junction' | 'access' | 'other';

export interface QuoteLine {
  kind: QuoteLineKind;
  description: string;
  /** Metres for a reline, a count for anything else; whole numbers or tenths. */
  quantity: number;
  /** GST-inclusive price of one unit, in cents. */
  unitCents: number;
}

export interface QuoteTotals {
  /** Each line's amount (quantity × unit, rounded to the cent), in order. */
  lineCents: number[];
  /** GST-inclusive total. */
  totalCents: number;
  /** The GST included in the total. */
  gstCents: number;
  /** The total without GST. */
  exGstCents: number;
}

/** The GST included in a GST-inclusive amount of cents. */
export function gstIncluded(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/** A line's amount: quantity × unit price, rounded to the cent (a tenth of a metre × a rate can leave half cents). */
export function lineCents(line: Pick<QuoteLine, 'quantity' | 'unitCents'>): number {
  return Math.round(line.quantity * line.unitCents);
}

export function quoteTotals(lines: readonly QuoteLine[]): QuoteTotals {
  const amounts = lines.map(lineCents);
  const totalCents = amounts.reduce((sum, amount) => sum + amount, 0);
  const gstCents = gstIncluded(totalCents);
  return { lineCents: amounts, totalCents, gstCents, exGstCents: totalCents - gstCents };
}

const CENTS = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Cents as dollars and cents, e.g. 495000 → four thousand nine hundred and fifty dollars, with the dollar sign and thousands separator. */
export function formatCents(cents: number): string {
  return CENTS.format(cents / 100);
}

/** 'Total {amount} inc. GST (GST {one eleventh})': how every quote total is shown (the example: 495000 cents). */
export function totalWithGst(totalCents: number): string {
  return `Total ${formatCents(totalCents)} inc. GST (GST ${formatCents(gstIncluded(totalCents))})`;
}

/** Every problem with a quote's lines as staff save them (field, message). */
export function quoteLineProblems(lines: unknown): Array<{ field: string; message: string }> {
  if (!Array.isArray(lines) || lines.length === 0) return [{ field: 'lines', message: 'A quote needs at least one line' }];
  const problems: Array<{ field: string; message: string }> = [];
  lines.forEach((raw, index) => {
    const line = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const at = (name: string) => `lines.${index}.${name}`;
    if (!['reline', 'junction', 'access', 'other'].includes(line.kind as string))
      problems.push({ field: at('kind'), message: 'Choose reline, junction, access or other' });
    if (typeof line.description !== 'string' || !line.description.trim() || line.description.length > 300) {
      problems.push({ field: at('description'), message: 'Describe the line (up to 300 characters)' });
    }
    const quantity = line.quantity;
    if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0 || quantity > 1000 || Math.round(quantity * 10) !== quantity * 10) {
      problems.push({ field: at('quantity'), message: 'The quantity must be above 0 and at most 1,000, in tenths at most' });
    }
    if (!Number.isInteger(line.unitCents) || (line.unitCents as number) < 0 || (line.unitCents as number) > MAX_PRICE_CENTS) {
      problems.push({ field: at('unitCents'), message: PRICE_RANGE_MESSAGE });
    }
  });
  return problems;
}
