import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { migrateAndSeed } from '../database/migrate.js';
import { productData } from '../product-data.js';
import { provisionDatabase } from '../database/provision-database.js';
import { adminCreatedMessage, createOrPromoteAdmin } from '../modules/auth/admin-accounts.js';

const USAGE = `Usage: npm run admin:create -- --email admin@example.com.au [--password '<12 to 128 characters>']

Creates an admin account, or makes an existing account admin. Without --password it prints a one-time
link (valid 24 hours) to set the password. Works whether or not the server is running, on the embedded
database (DATA_DIR) or the one DATABASE_URL points at.`;

/** `npm run admin:create`: the first admin (admins are otherwise only invited by admins). */
async function main(): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help || !values.email) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const database = await provisionDatabase(config, () => undefined);
  const dataSource = await new DataSource(dataSourceOptions(database.url, 'admin-create')).initialize();
  try {
    await migrateAndSeed(dataSource, productData);
    const result = await dataSource.transaction((manager) => createOrPromoteAdmin(manager, values.email!, values.password));
    process.stdout.write(adminCreatedMessage(config.publicBaseUrl, values.email!, result));
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await dataSource.destroy();
    await database.release();
  }
}

process.exitCode = await main();
