import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { DATABASE_URL } from './database-url.js';
import { migrateAndSeed } from './migrate.js';
import type { ProductData } from './product-data.js';
import { TableChanges } from './table-changes.js';

export { DATABASE_URL };

/**
 * TypeORM on the provisioned database; the schema is migrated and seeded before any module uses it.
 * TableChanges: this instance's session listening for changes of the tables kept in memory.
 */
@Module({})
export class DatabaseModule {
  static forRoot(url: string, product: ProductData): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(url),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await migrateAndSeed(dataSource, product);
            return dataSource;
          },
        }),
      ],
      providers: [{ provide: DATABASE_URL, useValue: url }, TableChanges],
      exports: [DATABASE_URL, TableChanges],
    };
  }
}
