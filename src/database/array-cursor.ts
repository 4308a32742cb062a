import type { Readable } from 'node:stream';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Rows of a cursor, as arrays of text, and the way to give its connection back. */
export interface ArrayCursor {
  rows: Readable;
  release: (error?: Error) => void;
}

/**
 * Runs a query through a database cursor (1,000 rows at a time, each row an array in select order):
 * memory stays flat however many rows there are. The caller releases the connection when it has read
 * the rows or stops (`streamCsvExport` does both).
 */
export async function openArrayCursor(dataSource: DataSource, sql: string, parameters: readonly unknown[]): Promise<ArrayCursor> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const client: PoolClient = await pool.connect();
  const rows = client.query(new QueryStream(sql, [...parameters], { batchSize: 1_000, rowMode: 'array' }));
  let released = false;
  return {
    rows,
    release: (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    },
  };
}

/** A list query (filter and sort applied, no paging) opened as a cursor. */
export function openQueryCursor(dataSource: DataSource, query: SelectQueryBuilder<ObjectLiteral>): Promise<ArrayCursor> {
  const [sql, parameters] = query.getQueryAndParameters();
  return openArrayCursor(dataSource, sql, parameters);
}
