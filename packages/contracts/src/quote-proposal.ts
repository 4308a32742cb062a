import type { PipeSection } from './inspection-report.js';
import { MAX_PRICE_CENTS, PRICE_RANGE_MESSAGE, type QuoteLine } from './quote-rules.js';

/**
 * The price list staff edit in the console (issue 17): GST-inclusive rates in cents. Relining is
 * priced per metre by pipe diameter band; a junction reinstatement and the access work per item.
 */
export interface PriceList {
  /** Rate per metre of relining for pipes up to `maxDiameterMm`, the bands in increasing order. */
  relinePerMetre: Array<{ maxDiameterMm: number; centsPerMetre: number }>;
  junctionCents: number;
  /** Setting up access to the pipe (a pit, a clean-out), once per relined section. */
  accessCents: number;
}

/** The rate per metre for a diameter: the first band that takes it; null when none does (staff price it). */
export function relineRate(prices: PriceList, diameterMm: number): number | null {
  return prices.relinePerMetre.find((band) => diameterMm <= band.maxDiameterMm)?.centsPerMetre ?? null;
}

/**
 * The lines a report proposes for its quote: for each section recommended 'reline N m', N metres at the
 * section's rate, one junction reinstatement per junction the staff counted on it (`junctions`, by
 * section index), and its access work. Staff adjust the lines before publishing. A section whose
 * diameter no band takes gets a line at no price for staff to price (never a guess).
 */
export function proposeQuoteLines(sections: readonly PipeSection[], prices: PriceList, junctions: Readonly<Record<number, number>> = {}): QuoteLine[] {
  const lines: QuoteLine[] = [];
  sections.forEach((section, index) => {
    if (section.recommendation.kind !== 'reline' || !section.recommendation.metres) return;
    const where = `${section.from} → ${section.to}`;
    lines.push({
      kind: 'reline',
      description: `Reline ${section.recommendation.metres} m of ${section.diameterMm} mm pipe, ${where}`,
      quantity: section.recommendation.metres,
      unitCents: relineRate(prices, section.diameterMm) ?? 0,
    });
    const count = junctions[index] ?? section.junctions ?? 0;
    if (count > 0) lines.push({ kind: 'junction', description: `Junction reinstatement, ${where}`, quantity: count, unitCents: prices.junctionCents });
    lines.push({ kind: 'access', description: `Access and set-up, ${where}`, quantity: 1, unitCents: prices.accessCents });
  });
  return lines;
}

/**
 * The price list until staff set their own (GST-inclusive cents): relining per metre in three
 * diameter bands (up to 100, 150 and 225 mm), a junction reinstatement, access and set-up.
 */
export const DEFAULT_PRICE_LIST: PriceList = {
  relinePerMetre: [
    { maxDiameterMm: 100, centsPerMetre: 55_000 },
    { maxDiameterMm: 150, centsPerMetre: 65_000 },
    { maxDiameterMm: 225, centsPerMetre: 85_000 },
  ],
  junctionCents: 45_000,
  accessCents: 35_000,
};

/** Every problem with a price list as staff save it (field, message). */
export function priceListProblems(input: unknown): Array<{ field: string; message: string }> {
  const list = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: Array<{ field: string; message: string }> = [];
  const cents = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_PRICE_CENTS;
  if (!Array.isArray(list.relinePerMetre) || list.relinePerMetre.length === 0 || list.relinePerMetre.length > 20) {
    problems.push({ field: 'relinePerMetre', message: 'Give between 1 and 20 diameter bands' });
  } else {
    let previous = 0;
    list.relinePerMetre.forEach((raw, index) => {
      const band = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const max = band.maxDiameterMm;
      if (!Number.isInteger(max) || (max as number) <= previous || (max as number) > 1_500) {
        problems.push({ field: `relinePerMetre.${index}.maxDiameterMm`, message: 'Bands go up in whole millimetres, up to 1,500' });
      } else previous = max as number;
      if (!cents(band.centsPerMetre))
        problems.push({ field: `relinePerMetre.${index}.centsPerMetre`, message: PRICE_RANGE_MESSAGE.replace('The price', 'The rate') });
    });
  }
  if (!cents(list.junctionCents)) problems.push({ field: 'junctionCents', message: PRICE_RANGE_MESSAGE });
  if (!cents(list.accessCents)) problems.push({ field: 'accessCents', message: PRICE_RANGE_MESSAGE });
  return problems;
}
