import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../../database/sql.js';
import { TEMPLATE_CATALOGUE, type TemplateKey } from './template-catalogue.js';
import { renderEmail, type EmailButton, type RenderedEmail } from './template-renderer.js';

/** Reads the staff-edited templates and renders them. */
@Injectable()
export class TemplatesService {
  /**
   * Renders the stored template `key` with these values, inside the caller's transaction. A template
   * missing from the table (a database seeded by an older version) falls back to its default wording.
   */
  async render(
    manager: EntityManager,
    key: TemplateKey,
    variables: Readonly<Record<string, string>>,
    button?: EmailButton,
  ): Promise<RenderedEmail> {
    const definition = TEMPLATE_CATALOGUE[key];
    const [stored] = await queryRows<{ subject: string; body: string }>(manager, `SELECT subject, body FROM email_templates WHERE key = $1`, [key]);
    return renderEmail({
      subject: stored?.subject ?? definition.subject,
      body: stored?.body ?? definition.body,
      variables,
      linkVariables: definition.linkVariables,
      button,
    });
  }
}
