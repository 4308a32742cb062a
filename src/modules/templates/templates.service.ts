import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Sql } from '../../database/sql-fragment.js';
import { TableCache, TableChanges } from '../../database/table-changes.js';
import { SettingsService } from '../settings/settings.service.js';
import { defaultButton, TEMPLATE_CATALOGUE, TEMPLATE_KEYS, type TemplateKey } from './template-catalogue.js';
import { PreparedTemplate, renderEmail, type EmailButton, type MarketingFooter, type RenderedEmail } from './template-renderer.js';
import { findTemplateProblems } from './template-syntax.js';
import { TemplatesRepository } from './templates.repository.js';

/** A rendered e-mail and the condition under which what it was rendered from is still the saved wording. */
export interface RenderedTemplate extends RenderedEmail {
  /**
   * True, in the statement that stores the e-mail, while the saved wordings are those it was rendered
   * from (absent for a draft under test, which reads nothing saved). A statement that finds it false
   * must store nothing: call `forget()` and render again.
   */
  stillCurrent?: Sql;
}

/** The wordings in memory: each template ready to render, at the table's version. */
interface TemplateCopy {
  version: string;
  templates: ReadonlyMap<TemplateKey, { prepared: PreparedTemplate; storedRefused: boolean }>;
}

/**
 * Renders the staff-edited templates. Their wordings are kept in memory (checked and compiled once
 * per change, not per e-mail), dropped when the table changes (TableChanges: LISTEN/NOTIFY, from any
 * instance or writer), and every e-mail carries the condition that they are still the saved ones, so
 * an e-mail is never stored rendered from a wording older than the statement that stores it.
 */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);
  private readonly copy: TableCache<TemplateCopy>;

  constructor(
    private readonly repository: TemplatesRepository,
    private readonly settings: SettingsService,
    changes: TableChanges,
  ) {
    this.copy = new TableCache(changes, ['email_templates'], (manager) => this.load(manager));
  }

  /**
   * Renders the saved template `key` with these values (`manager`: the caller's transaction, used only
   * if the wordings or the company profile must be read). A template missing from the table (a
   * database seeded by an older version) or failing the template checks falls back to its default
   * wording. `button`: the template's own call to action when not given, none when null. `marketing`:
   * a marketing e-mail's website and unsubscribe link, added to the footer.
   */
  async render(
    manager: EntityManager | undefined,
    key: TemplateKey,
    variables: Readonly<Record<string, string>>,
    button?: EmailButton | null,
    wording?: { subject: string; body: string },
    marketing?: MarketingFooter,
  ): Promise<RenderedTemplate> {
    const definition = TEMPLATE_CATALOGUE[key];
    const shownButton = button === null ? undefined : (button ?? defaultButton(definition, variables));
    // The footer's details as they are when the e-mail is queued, read in the same transaction.
    const profile = await this.settings.companyProfile(manager);
    // A draft under test: renderEmail checks it again and refuses anything but declared variables.
    if (wording) return renderEmail({ ...wording, variables, linkVariables: definition.linkVariables, button: shownButton, profile, marketing });
    const copy = await this.copy.get(manager);
    const template = copy.templates.get(key)!;
    // Saving checks every template; one that reached the table some other way is never run: the
    // default wording goes out instead, and the operator is told.
    if (template.storedRefused) {
      this.logger.warn({ template: key }, `The stored e-mail template "${key}" does not pass the template checks; its default wording was sent instead`);
    }
    return { ...template.prepared.render(variables, shownButton, profile, marketing), stillCurrent: this.repository.stillAt(copy.version) };
  }

  /** Drops the wordings in memory (a statement found them out of date, or this instance just saved one). */
  forget(): void {
    this.copy.drop();
  }

  private async load(manager?: EntityManager): Promise<TemplateCopy> {
    const { version, wordings } = await this.repository.findAllWordings(manager);
    const templates = new Map<TemplateKey, { prepared: PreparedTemplate; storedRefused: boolean }>();
    for (const key of TEMPLATE_KEYS) {
      const definition = TEMPLATE_CATALOGUE[key];
      const stored = wordings.get(key);
      const usable =
        stored !== undefined &&
        findTemplateProblems(stored.subject, definition.variables, 'subject').length === 0 &&
        findTemplateProblems(stored.body, definition.variables, 'body').length === 0;
      const wording = usable ? stored : definition;
      templates.set(key, {
        prepared: new PreparedTemplate(wording.subject, wording.body, definition.linkVariables),
        storedRefused: stored !== undefined && !usable,
      });
    }
    return { version, templates };
  }
}
