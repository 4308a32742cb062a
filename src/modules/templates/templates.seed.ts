import type { EntityManager } from 'typeorm';
import { TEMPLATE_CATALOGUE } from './template-catalogue.js';

/** Inserts the default wording of every template that has no stored copy yet; never overwrites staff edits. */
export async function seedEmailTemplates(manager: EntityManager): Promise<void> {
  const definitions = Object.values(TEMPLATE_CATALOGUE);
  await manager.query(
    `INSERT INTO email_templates (key, subject, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (key) DO NOTHING`,
    [definitions.map((d) => d.key), definitions.map((d) => d.subject), definitions.map((d) => d.body)],
  );
}
