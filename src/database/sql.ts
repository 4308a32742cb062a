import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs SQL and answers its rows, whatever the statement. (TypeORM's plain `query()` answers
 * `[rows, count]` for UPDATE/DELETE … RETURNING on PostgreSQL, and rows for everything else.)
 * Inside a transaction, pass its EntityManager so the statement joins the transaction.
 */
export async function queryRows<T>(executor: DataSource | EntityManager, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const transactionRunner = executor instanceof EntityManager ? executor.queryRunner : undefined;
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  const runner = transactionRunner ?? dataSource.createQueryRunner();
  try {
    const result = await runner.query(sql, parameters, true);
    return result.records as T[];
  } finally {
    if (!transactionRunner) await runner.release();
  }
}
