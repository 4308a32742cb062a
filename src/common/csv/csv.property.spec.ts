import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { csvCell, csvLine, csvSafeText } from './csv.js';

/** RFC 4180, as a spreadsheet reads one record with `separator`: quoted cells may hold separators, quotes (doubled) and line breaks. */
function parseRecord(line: string, separator = ','): string[] {
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
      const next = line.indexOf(separator, at);
      const end = next === -1 ? line.length : next;
      cell = line.slice(at, end);
      at = end;
    }
    cells.push(cell);
    if (at === line.length) return cells;
    if (line[at] !== separator) throw new Error(`text after a quoted cell in ${JSON.stringify(line)}`);
    at += 1;
  }
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];
/** What a reader could take as the start of a cell: after stripping the spaces and quotes it skips. */
const startsFormula = (segment: string) => FORMULA_START.includes(segment.replace(/^[ "]+/, '')[0] ?? '');

/** Cells people type, and cells meant to run in a spreadsheet (=HYPERLINK, DDE, +/- arithmetic, @functions), also hidden after a separator. */
const formula = fc.tuple(fc.constantFrom(...FORMULA_START, ' =', '"=', '  +'), nastyString(12)).map(([start, rest]) => start + rest);
const cell = fc.oneof(
  nastyString(30),
  formula,
  fc.tuple(nastyString(10), fc.constantFrom(',', ';', '\n', '\r\n', ', ', '; "'), formula).map((parts) => parts.join('')),
  fc.constantFrom(
    '=HYPERLINK("http://evil.example","x")',
    "=cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '+61 400 000 000',
    '-1',
    '\t=1',
    '\r\n=1',
    'ok;=1+1',
    'ok,-2+3',
  ),
);
const maybeCell = fc.oneof({ weight: 5, arbitrary: cell }, { weight: 1, arbitrary: fc.constantFrom(null, undefined, '') });

describe('CSV writer (properties)', () => {
  it('every field is quoted, and a record reads back cell for cell (the guard only adds apostrophes)', () => {
    check(
      fc.property(fc.array(maybeCell, { minLength: 1, maxLength: 8 }), (values) => {
        const line = csvLine(values);
        const read = parseRecord(line);
        expect(read).toHaveLength(values.length);
        read.forEach((value, index) => {
          const original = values[index] ?? '';
          expect(value.replaceAll("'", '')).toBe(original.replaceAll("'", ''));
          expect(value.length - original.length).toBeGreaterThanOrEqual(0);
        });
        // Every field quoted: the record is quoted cells joined by commas, nothing in between.
        expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      }),
      200,
    );
  });

  it('no cell can start a formula when a spreadsheet opens the file, however it splits it (, ; or line breaks, with or without quotes)', () => {
    check(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 4 }), (values) => {
        const line = csvLine(values);
        // A reader that honours the quotes: each cell, and each piece of it a reader splitting on ; or a line break would make.
        for (const value of parseRecord(line)) {
          for (const piece of value.split(/[,;\n]/)) expect(startsFormula(piece)).toBe(false);
        }
        // A reader that ignores the quotes, or loses track of them (a ; reader on a , file): any piece of the raw line.
        for (const piece of line.split(/[,;\n]/)) expect(startsFormula(piece)).toBe(false);
      }),
      300,
    );
  });

  it('leaves a cell with no formula start untouched', () => {
    check(
      fc.property(nastyString(30), (value) => {
        fc.pre(!/(^|[,;\r\n])[ "]*[=+\-@\t\r]/.test(value));
        expect(parseRecord(csvCell(value))).toEqual([value]);
      }),
      200,
    );
  });

  it('writes a cell exactly as the full guard does, whether or not it takes the plain-text shortcut', () => {
    const guarded = (value: string): string => `"${csvSafeText(value).replaceAll('"', '""')}"`;
    check(
      fc.property(
        fc.oneof(nastyString(30), fc.string({ maxLength: 30 }), fc.constantFrom('2026-01-02 10:11:12', '80.00', 'R-000123', ' =1', '-5', 'a;b', 'Tab\there')),
        (value) => {
          fc.pre(value !== '');
          expect(csvCell(value)).toBe(guarded(value));
        },
      ),
      500,
    );
  });
});
