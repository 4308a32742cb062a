import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { csvCell, csvLine } from './booking-csv.js';

/** RFC 4180, as a spreadsheet reads one record: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseRecord(line: string): string[] {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    let cell = '';
    if (line[at] === '"') {
      at += 1;
      for (;;) {
        const quote = line.indexOf('"', at);
        if (quote === -1) throw new Error(`unterminated quoted cell in ${JSON.stringify(line)}`);
        cell += line.slice(at, quote);
        if (line[quote + 1] === '"') {
          cell += '"';
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
    } else {
      const comma = line.indexOf(',', at);
      const end = comma === -1 ? line.length : comma;
      cell = line.slice(at, end);
      if (/["\r\n]/.test(cell)) throw new Error(`unquoted cell with a quote or line break in ${JSON.stringify(line)}`);
      at = end;
    }
    cells.push(cell);
    if (at === line.length) return cells;
    if (line[at] !== ',') throw new Error(`text after a quoted cell in ${JSON.stringify(line)}`);
    at += 1;
  }
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];
/** Cells people type, and cells meant to run in a spreadsheet (=HYPERLINK, DDE, +/- arithmetic, @functions). */
const cell = fc.oneof(
  nastyString(30),
  fc.tuple(fc.constantFrom(...FORMULA_START, ' =', '"=', "'="), nastyString(20)).map(([start, rest]) => start + rest),
  fc.constantFrom('=HYPERLINK("http://evil.example","x")', '=cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '+61 400 000 000', '-1', '\t=1', '\r\n=1'),
);
const maybeCell = fc.oneof({ weight: 5, arbitrary: cell }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, '') });

describe('bookings CSV (properties)', () => {
  it('a record reads back cell for cell, formula-looking cells as text behind a leading apostrophe', () => {
    check(
      fc.property(fc.array(maybeCell, { minLength: 1, maxLength: 8 }), (values) => {
        const expected = values.map((value) => (!value ? '' : FORMULA_START.includes(value[0]!) ? `'${value}` : value));
        expect(parseRecord(csvLine(values))).toEqual(expected);
      }),
      200,
    );
  });

  it('no cell can start a formula when a spreadsheet opens the file', () => {
    check(
      fc.property(cell, (value) => {
        const [read] = parseRecord(csvCell(value));
        expect(FORMULA_START).not.toContain(read![0]);
      }),
      200,
    );
  });

  it('writes exactly what csv-stringify with the formula guard wrote (the previous export), for any cells', () => {
    const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    check(
      fc.property(fc.array(fc.oneof(cell, fc.constant(null)), { minLength: 1, maxLength: 6 }), (values) => {
        expect(csvLine(values)).toBe(stringify([values], { cast: { string: guard } }).replace(/\n$/, ''));
      }),
      250,
    );
  });

  it('only a cell with a comma, quote or line break is quoted', () => {
    check(
      fc.property(cell, (value) => {
        const written = csvCell(value);
        expect(written.startsWith('"')).toBe(/[",\n\r]/.test(value));
      }),
      250,
    );
  });
});
