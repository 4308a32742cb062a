import { formatCents, gstIncluded, lineCents, quoteLineProblems, quoteTotals, totalWithGst, type QuoteLine } from './quote-rules.js';

describe('GST included in a GST-inclusive amount (one eleventh, to the cent)', () => {
  it.each([
    [495_000, 45_000],
    [29_900, 2_718], // $299: 2,718.18… cents
    [1, 0],
    [5, 0], // 0.4545…
    [6, 1], // 0.5454…
    [11, 1],
    [0, 0],
    [100, 9], // 9.0909…
    [105, 10], // 9.5454…
  ])('%i cents → GST %i', (total, gst) => {
    expect(gstIncluded(total)).toBe(gst);
  });
});

describe('quote totals', () => {
  const line = (quantity: number, unitCents: number, kind: QuoteLine['kind'] = 'reline'): QuoteLine => ({ kind, description: 'Reline', quantity, unitCents });
  it.each<[string, QuoteLine[], number, number]>([
    ['12 m at $350 + 2 junctions at $300', [line(12, 35_000), line(2, 30_000, 'junction')], 480_000, 43_636],
    ['the issue example: $4,950.00', [line(1, 495_000, 'other')], 495_000, 45_000],
    ['a tenth of a metre leaves half a cent: rounded per line', [line(0.5, 33_333)], 16_667, 1_515],
    ['7.3 m at $412.15', [line(7.3, 41_215)], 300_870, 27_352],
  ])('%s', (_name, lines, total, gst) => {
    const totals = quoteTotals(lines);
    expect(totals.totalCents).toBe(total);
    expect(totals.gstCents).toBe(gst);
    expect(totals.exGstCents).toBe(total - gst);
    expect(totals.lineCents.reduce((sum, amount) => sum + amount, 0)).toBe(total);
  });

  it('rounds each line, not the sum of unrounded amounts', () => {
    expect(lineCents({ quantity: 0.5, unitCents: 1 })).toBe(1);
    expect(quoteTotals([line(0.5, 1), line(0.5, 1)]).totalCents).toBe(2);
  });

  it("shows every total with its GST ('Total $4,950.00 inc. GST (GST $450.00)')", () => {
    expect(totalWithGst(495_000)).toBe('Total $4,950.00 inc. GST (GST $450.00)');
    expect(formatCents(29_900)).toBe('$299.00');
  });
});

describe('quote line problems', () => {
  it('accepts good lines', () => {
    expect(quoteLineProblems([{ kind: 'reline', description: 'Reline 12 m', quantity: 12.5, unitCents: 35_000 }])).toEqual([]);
  });
  it.each<[string, unknown, string[]]>([
    ['no lines', [], ['lines']],
    ['not a list', 'x', ['lines']],
    [
      'everything wrong',
      [{ kind: 'dig', description: ' ', quantity: 0, unitCents: 1.5 }],
      ['lines.0.kind', 'lines.0.description', 'lines.0.quantity', 'lines.0.unitCents'],
    ],
    ['hundredths of a metre', [{ kind: 'reline', description: 'x', quantity: 1.25, unitCents: 100 }], ['lines.0.quantity']],
    ['a negative price', [{ kind: 'other', description: 'x', quantity: 1, unitCents: -1 }], ['lines.0.unitCents']],
  ])('%s', (_name, lines, fields) => {
    expect(quoteLineProblems(lines).map((problem) => problem.field)).toEqual(fields);
  });
});
