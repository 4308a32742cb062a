import type { PipeSection } from './inspection-report.js';
import { proposeQuoteLines, relineRate, type PriceList } from './quote-proposal.js';
import { quoteTotals } from './quote-rules.js';

const PRICES: PriceList = {
  relinePerMetre: [
    { maxDiameterMm: 100, centsPerMetre: 35_000 },
    { maxDiameterMm: 150, centsPerMetre: 45_000 },
  ],
  junctionCents: 30_000,
  accessCents: 25_000,
};

const section = (overrides: Partial<PipeSection>): PipeSection => ({
  from: 'Boundary trap',
  to: 'Kitchen junction',
  material: 'vitrified_clay',
  diameterMm: 100,
  lengthM: 12,
  observations: [],
  structuralGrade: 4,
  serviceGrade: 3,
  recommendation: { kind: 'reline', metres: 12 },
  ...overrides,
});

describe('relineRate', () => {
  it.each([
    [90, 35_000],
    [100, 35_000],
    [101, 45_000],
    [150, 45_000],
    [225, null],
  ])('%i mm → %s cents a metre', (diameter, rate) => {
    expect(relineRate(PRICES, diameter)).toBe(rate);
  });
});

describe('proposeQuoteLines', () => {
  it('proposes the relining, the junctions and the access of each section to reline, nothing for the others', () => {
    const lines = proposeQuoteLines(
      [
        section({}),
        section({ from: 'Kitchen junction', to: 'Laundry', recommendation: { kind: 'monitor' } }),
        section({ from: 'Pit', to: 'Sewer', diameterMm: 150, recommendation: { kind: 'reline', metres: 6.5 } }),
      ],
      PRICES,
      { 0: 2 },
    );
    expect(lines).toEqual([
      { kind: 'reline', description: 'Reline 12 m of 100 mm pipe, Boundary trap → Kitchen junction', quantity: 12, unitCents: 35_000 },
      { kind: 'junction', description: 'Junction reinstatement, Boundary trap → Kitchen junction', quantity: 2, unitCents: 30_000 },
      { kind: 'access', description: 'Access and set-up, Boundary trap → Kitchen junction', quantity: 1, unitCents: 25_000 },
      { kind: 'reline', description: 'Reline 6.5 m of 150 mm pipe, Pit → Sewer', quantity: 6.5, unitCents: 45_000 },
      { kind: 'access', description: 'Access and set-up, Pit → Sewer', quantity: 1, unitCents: 25_000 },
    ]);
    // $4,200 + $600 + $250 + $2,925 + $250 = $8,225.00 inc. GST (GST $747.73).
    expect(quoteTotals(lines)).toMatchObject({ totalCents: 822_500, gstCents: 74_773 });
  });

  it('leaves a diameter no band takes at $0 for staff to price, never a guess', () => {
    expect(proposeQuoteLines([section({ diameterMm: 300 })], PRICES)[0]).toMatchObject({ kind: 'reline', unitCents: 0 });
  });

  it('proposes nothing for a report with nothing to reline', () => {
    expect(proposeQuoteLines([section({ recommendation: { kind: 'clean' } })], PRICES)).toEqual([]);
  });
});
