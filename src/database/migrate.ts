import type { DataSource } from 'typeorm';
import type { ProductData } from './product-data.js';

/** One constant lock id: only one process migrates a database at a time (TypeORM takes no lock itself). */
export const MIGRATION_LOCK_ID = 727_245_301;

/**
 * Brings the schema up to date and seeds the rows the product needs, under a PostgreSQL advisory lock
 * so two server instances (or test workers) starting together never run the same migration twice.
 */
export async function migrateAndSeed(dataSource: DataSource, product: ProductData, log: (message: string) => void = () => undefined): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      for (const migration of applied) log(`applied migration ${migration.name}`);
      await product.seed(dataSource);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await runner.release();
  }
}
