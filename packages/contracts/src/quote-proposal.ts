import type { PipeSection } from './inspection-report.js';
import type { QuoteLine } from './quote-rules.js';

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
 * diameter no band takes gets a line at $0 for staff to price (never a guess).
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
    const count = junctions[index] ?? 0;
    if (count > 0) lines.push({ kind: 'junction', description: `Junction reinstatement, ${where}`, quantity: count, unitCents: prices.junctionCents });
    lines.push({ kind: 'access', description: `Access and set-up, ${where}`, quantity: 1, unitCents: prices.accessCents });
  });
  return lines;
}
