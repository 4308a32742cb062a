import type { DataSourceOptions } from 'typeorm';
import { entities } from './src/entities.js';
import { migrations } from './src/database/migrations/index.js';

/** The TypeORM options, shared by the server, the tests and the migration CLI. Schema changes come only from migrations. */
export function dataSourceOptions(url: string, applicationName = 'pipe-relining'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    logging: false,
    extra: {
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: applicationName,
    },
  };
}
