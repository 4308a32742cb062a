import type { EntityManager } from 'typeorm';
import { TEMPLATE_CATALOGUE } from './template-catalogue.js';

/** The digest of a wording in SQL: the subject's length keeps subject and body apart. */
const digest = (subject: string, body: string) => `md5(length(${subject})::text || ':' || ${subject} || ${body})`;

/**
 * Stores the default wording of every template that has no stored copy yet, and brings a stored copy
 * staff never changed up to today's default: the defaults print the business constants (fees, phone,
 * warranty), so a copy seeded before a change of them would contradict the pages. Each row keeps the
 * digest of the default it was given; a row whose wording no longer matches it is staff's own and is
 * never overwritten. A row stored before the digest existed is adopted only if it holds today's default.
 */
export async function seedEmailTemplates(manager: EntityManager): Promise<void> {
  const definitions = Object.values(TEMPLATE_CATALOGUE);
  await manager.query(
    `INSERT INTO email_templates AS t (key, subject, body, default_digest)
     SELECT d.key, d.subject, d.body, ${digest('d.subject', 'd.body')}
     FROM unnest($1::text[], $2::text[], $3::text[]) AS d(key, subject, body)
     ON CONFLICT (key) DO UPDATE
       SET subject = EXCLUDED.subject,
           body = EXCLUDED.body,
           default_digest = EXCLUDED.default_digest,
           updated_at = CASE WHEN t.subject = EXCLUDED.subject AND t.body = EXCLUDED.body THEN t.updated_at ELSE now() END
       WHERE t.default_digest IS DISTINCT FROM EXCLUDED.default_digest
         AND ${digest('t.subject', 't.body')} IN (t.default_digest, EXCLUDED.default_digest)`,
    [definitions.map((d) => d.key), definitions.map((d) => d.subject), definitions.map((d) => d.body)],
  );
}
