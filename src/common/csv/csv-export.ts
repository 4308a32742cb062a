import { Transform, type Readable } from 'node:stream';
import type { ArrayCursor } from '../../database/array-cursor.js';
import { csvLine } from './csv.js';

/** Lines are gathered into chunks of about this many characters before they are written out. */
const CSV_CHUNK_CHARS = 64 * 1024;

/** How an export ended: every row sent, or the download stopped (or failed) after `rows`. */
export interface CsvExportOutcome {
  rows: number;
  complete: boolean;
}

/**
 * The one CSV exporter of the console's lists: the rows of a database cursor (arrays of text, in the
 * header's order) as CSV (`csvLine`: every cell quoted, formula starts neutralised), streamed in
 * chunks of ~64 KB. No row cap; memory stays flat. The cursor's connection is released when the
 * download ends or stops, and `finished` is told how many rows went out (the audit trail records it).
 */
export function streamCsvExport(cursor: ArrayCursor, header: readonly string[], finished?: (outcome: CsvExportOutcome) => void): Readable {
  const { rows, release } = cursor;
  let ended = false;
  let count = 0;
  let told = false;
  const tell = (complete: boolean): void => {
    if (told) return;
    told = true;
    finished?.({ rows: count, complete });
  };
  let chunk = `${csvLine(header)}\n`;
  const csv = new Transform({
    writableObjectMode: true,
    transform(row: Array<string | null>, _encoding, done) {
      count += 1;
      chunk += `${csvLine(row)}\n`;
      if (chunk.length < CSV_CHUNK_CHARS) return done();
      const out = chunk;
      chunk = '';
      done(null, out);
    },
    flush(done) {
      done(null, chunk || undefined);
    },
  });
  rows.on('error', (error) => {
    release(error);
    csv.destroy(error);
    tell(false);
  });
  rows.on('end', () => {
    ended = true;
    release();
  });
  csv.on('end', () => tell(true));
  csv.on('close', () => {
    // The download stopped before the last row: the cursor goes, and its connection is not reused.
    if (!ended) {
      rows.destroy();
      release(new Error('download stopped'));
    }
    tell(ended);
  });
  return rows.pipe(csv);
}
