import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../ormconfig.js';
import { loadConfig } from '../config/app-config.js';

/**
 * For the TypeORM CLI (`npm run migration:generate`): needs DATABASE_URL, e.g. the URL of a scratch
 * database on the embedded server.
 */
const config = loadConfig(process.env);
if (!config.databaseUrl) {
  throw new Error('Set DATABASE_URL to the database the TypeORM CLI should compare the entities with.');
}
export default new DataSource(dataSourceOptions(config.databaseUrl, 'typeorm-cli'));
