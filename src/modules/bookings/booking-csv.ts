/**
 * The bookings export's CSV, one line at a time, exactly as csv-stringify wrote it (RFC 4180 with the
 * product's formula guard), but for rows the database driver hands over as arrays of text: at a million
 * rows, building no object per row or cell halves the export's time and most of its garbage.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\n\r]/;

/**
 * One cell: empty for null; a value a spreadsheet would run as a formula (starting with = + - @, a tab
 * or a carriage return) is written as text with a leading '; a value holding a quote, a comma or a line
 * break is quoted, its quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, without its line break. */
export function csvLine(values: ReadonlyArray<string | null | undefined>): string {
  let line = csvCell(values[0]);
  for (let i = 1; i < values.length; i += 1) line += `,${csvCell(values[i])}`;
  return line;
}
