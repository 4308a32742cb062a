import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TEMPLATE_CATALOGUE, type TemplateKey } from './template-catalogue.js';
import { renderEmail, type EmailButton, type RenderedEmail } from './template-renderer.js';
import { findTemplateProblems } from './template-syntax.js';
import { TemplatesRepository } from './templates.repository.js';

/** Reads the staff-edited templates and renders them. */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(private readonly repository: TemplatesRepository) {}

  /**
   * Renders the stored template `key` with these values, inside the caller's transaction. A template
   * missing from the table (a database seeded by an older version) or failing the template checks
   * falls back to its default wording.
   */
  async render(
    manager: EntityManager,
    key: TemplateKey,
    variables: Readonly<Record<string, string>>,
    button?: EmailButton,
    wording?: { subject: string; body: string },
  ): Promise<RenderedEmail> {
    const definition = TEMPLATE_CATALOGUE[key];
    // A draft under test: renderEmail checks it again and refuses anything but declared variables.
    if (wording) return renderEmail({ ...wording, variables, linkVariables: definition.linkVariables, button });
    const stored = await this.repository.findWording(manager, key);
    // Saving checks every template; one that reached the table some other way is never run: the
    // default wording goes out instead, and the operator is told.
    const usable =
      stored &&
      findTemplateProblems(stored.subject, definition.variables, 'subject').length === 0 &&
      findTemplateProblems(stored.body, definition.variables, 'body').length === 0;
    if (stored && !usable) {
      this.logger.warn({ template: key }, `The stored e-mail template "${key}" does not pass the template checks; its default wording was sent instead`);
    }
    return renderEmail({
      subject: usable ? stored.subject : definition.subject,
      body: usable ? stored.body : definition.body,
      variables,
      linkVariables: definition.linkVariables,
      button,
    });
  }
}
