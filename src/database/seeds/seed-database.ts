import type { DataSource } from 'typeorm';
import { seedLocalities } from '../../modules/addresses/localities.seed.js';
import { seedEmailTemplates } from '../../modules/templates/templates.seed.js';

/**
 * Rows the product needs on every database. Each seed inserts only what is missing, so running it at
 * every start never overwrites what staff changed.
 */
export async function seedDatabase(dataSource: DataSource): Promise<void> {
  await seedEmailTemplates(dataSource.manager);
  await seedLocalities(dataSource.manager);
}
