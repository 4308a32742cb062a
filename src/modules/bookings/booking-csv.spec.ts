import { stringify } from 'csv-stringify/sync';
import { csvCell, csvLine } from './booking-csv.js';

/** What the export wrote before, with csv-stringify: the reference the fast path must match byte for byte. */
function reference(values: Array<string | null>): string {
  const csvSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  return stringify([values], { cast: { string: csvSafe } }).replace(/\n$/, '');
}

describe('bookings CSV', () => {
  const cells: Array<string | null> = [
    null,
    '',
    'Zoe Adams',
    '=HYPERLINK("http://evil")',
    '+61 400 000 000',
    '-5',
    '@SUM(A1)',
    '\tindented',
    '\rcarriage',
    'Blocked drain, water backing up',
    'She said "soon"',
    'two\nlines',
    'ends with\r\n',
    "O'Brien",
    'Ünïcødé — 🚰',
    ' spaced ',
    ',',
    '"',
  ];

  it.each(cells.map((cell) => [cell]))('%j is written as csv-stringify wrote it', (cell) => {
    expect(csvCell(cell)).toBe(reference([cell]));
  });

  it('joins a record as csv-stringify did', () => {
    expect(csvLine(cells)).toBe(reference(cells));
    expect(csvLine(['a', null, 'b'])).toBe('a,,b');
  });
});
