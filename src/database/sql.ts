import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Runs SQL and answers its rows, whatever the statement. (TypeORM's plain `query()` answers
 * `[rows, count]` for UPDATE/DELETE … RETURNING on PostgreSQL, and rows for everything else.)
 * Inside a transaction, pass its EntityManager so the statement joins the transaction.
 */
export async function queryRows<T>(executor: DataSource | EntityManager, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const transactionRunner = executor instanceof EntityManager ? executor.queryRunner : undefined;
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  if (!transactionRunner && dataSource.driver instanceof PostgresDriver) {
    // Outside a transaction: straight to the driver's connection pool (TypeORM's query runner adds a
    // connection wrapper, event broadcasting and logging per call, a third of a simple read's CPU).
    const result = await (dataSource.driver.master as Pool).query(sql, parameters);
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
