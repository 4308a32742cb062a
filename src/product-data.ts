import type { DataSource } from 'typeorm';
import type { ProductData } from './database/product-data.js';
import { seedLocalities } from './modules/addresses/localities.seed.js';
import { TEMPLATE_CATALOGUE } from './modules/templates/template-catalogue.js';
import { seedEmailTemplates } from './modules/templates/templates.seed.js';

/**
 * Rows the product needs on every database. Each seed inserts only what is missing, so running it at
 * every start never overwrites what staff changed.
 */
async function seedDatabase(dataSource: DataSource): Promise<void> {
  await seedEmailTemplates(dataSource.manager);
  await seedLocalities(dataSource.manager);
}

/**
 * What the product's modules put in every database, handed to database/ by the composition root
 * (the server, the CLIs, the tests), so that database/ names no module.
 */
export const productData: ProductData = {
  seed: seedDatabase,
  defaultTemplates: Object.values(TEMPLATE_CATALOGUE).map(({ key, subject, body }) => ({ key, subject, body })),
};
