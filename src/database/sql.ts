import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

export interface QueryOptions {
  /**
   * Run as a named prepared statement (outside a transaction): each pooled connection parses and
   * plans it once, then only binds and executes it. Only for the few hot statements of a fixed text
   * (a booking, the job tracker): every distinct text stays prepared on every connection.
   */
  prepared?: boolean;
}

/** Statement names by text: the same text is the same prepared statement on every connection. */
const statementNames = new Map<string, string>();
const STATEMENT_NAME_LIMIT = 100;

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    if (statementNames.size < STATEMENT_NAME_LIMIT) statementNames.set(sql, name);
  }
  return name;
}

/**
 * Runs SQL and answers its rows, whatever the statement. (TypeORM's plain `query()` answers
 * `[rows, count]` for UPDATE/DELETE … RETURNING on PostgreSQL, and rows for everything else.)
 * Inside a transaction, pass its EntityManager so the statement joins the transaction.
 */
export async function queryRows<T>(executor: DataSource | EntityManager, sql: string, parameters: unknown[] = [], options: QueryOptions = {}): Promise<T[]> {
  const transactionRunner = executor instanceof EntityManager ? executor.queryRunner : undefined;
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  if (!transactionRunner && dataSource.driver instanceof PostgresDriver) {
    // Outside a transaction: straight to the driver's connection pool (TypeORM's query runner adds a
    // connection wrapper, event broadcasting and logging per call, a third of a simple read's CPU).
    const pool = dataSource.driver.master as Pool;
    const result = options.prepared ? await pool.query({ name: statementName(sql), text: sql, values: parameters }) : await pool.query(sql, parameters);
    return result.rows as T[];
  }
  const runner = transactionRunner ?? dataSource.createQueryRunner();
  try {
    const result = await runner.query(sql, parameters, true);
    return result.records as T[];
  } finally {
    if (!transactionRunner) await runner.release();
  }
}

/** Whether the database answers a trivial statement (health checks); never throws. */
export function databaseAnswers(dataSource: DataSource): Promise<boolean> {
  return dataSource.query('SELECT 1').then(
    () => true,
    () => false,
  );
}
