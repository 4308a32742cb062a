import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { templateClass } from './template-class.rules.js';
import { TemplatesRepository, type StoredTemplate } from './templates.repository.js';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError, type FieldError } from '../../common/errors/domain-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isBlank, requiredMessage } from '@relining/contracts/template-rules';
import type { RenderedTemplateResponse, TemplateResponse } from './dto/template.dto.js';
import { defineMemoryListSpec, listInMemory, type ListParams } from '../../common/react-admin/list-query.js';
import { SettingsService } from '../settings/settings.service.js';
import { withEmailLogoInline } from './email-logo.js';
import {
  defaultButton,
  isTemplateKey,
  sampleValues,
  TEMPLATE_CATALOGUE,
  TEMPLATE_KEYS,
  type TemplateDefinition,
  type TemplateGroup,
  type TemplateKey,
} from './template-catalogue.js';
import { renderEmail } from './template-renderer.js';
import { findTemplateProblems } from './template-syntax.js';
import { TemplatesService } from './templates.service.js';

/** A test e-mail of a template chosen at run time: its sample values hold every variable it declares. */
export interface TestMessage {
  template: TemplateKey;
  variables: Readonly<Record<string, string>>;
  wording: { subject: string; body: string } | undefined;
}

const TEMPLATE_GROUPS = ['job', 'account', 'booking', 'referral', 'enquiry', 'quote'] as const satisfies readonly TemplateGroup[];

/** Catalogue order with the job templates first: what the console shows. */
const POSITION = new Map(
  [...TEMPLATE_KEYS]
    .sort((a, b) => Number(TEMPLATE_CATALOGUE[a].group !== 'job') - Number(TEMPLATE_CATALOGUE[b].group !== 'job'))
    .map((key, index) => [key as string, index]),
);

function listValues(value: unknown, name: string): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string'))
    throw DomainError.validation([{ field: `filter.${name}`, message: `${name} must be a text value or a list of them` }]);
  return values as string[];
}

const TEMPLATE_LIST = defineMemoryListSpec<TemplateResponse>({
  resource: 'email-templates',
  sortable: {
    position: (row) => POSITION.get(row.key) ?? null,
    key: (row) => row.key,
    name: (row) => row.name.toLowerCase(),
    group: (row) => row.group,
    updatedAt: (row) => row.updatedAt,
  },
  defaultSort: ['position', 'ASC'],
  filters: {
    q: (row, value, name) => {
      if (typeof value !== 'string') throw DomainError.validation([{ field: `filter.${name}`, message: `${name} must be text` }]);
      const haystack = `${row.key} ${row.name} ${row.subject}`.toLowerCase();
      return value
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => haystack.includes(word));
    },
    group: (row, value, name) => {
      const groups = listValues(value, name);
      const wrong = groups.find((group) => !(TEMPLATE_GROUPS as readonly string[]).includes(group));
      if (wrong !== undefined) throw DomainError.validation([{ field: `filter.${name}`, message: `${name} must be one of: ${TEMPLATE_GROUPS.join(', ')}` }]);
      return groups.includes(row.group);
    },
    id: (row, value, name) => listValues(value, name).includes(row.id),
  },
  defaultPageSize: 100,
  maxPageSize: 100,
});

/** Staff editing of the e-mail templates: list, save (checked), preview and test-send. */
@Injectable()
export class TemplatesAdminService {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly repository: TemplatesRepository,
    private readonly templates: TemplatesService,
    private readonly settings: SettingsService,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  private definition(key: string): TemplateDefinition {
    if (!isTemplateKey(key)) throw DomainError.notFound('There is no e-mail template with that key.');
    return TEMPLATE_CATALOGUE[key];
  }

  private toResponse(definition: TemplateDefinition, stored: StoredTemplate | undefined): TemplateResponse {
    return {
      id: definition.key,
      key: definition.key,
      name: definition.name,
      group: definition.group,
      subject: stored?.subject ?? definition.subject,
      body: stored?.body ?? definition.body,
      variables: [...definition.variables],
      defaultSubject: definition.subject,
      defaultBody: definition.body,
      updatedAt: stored?.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
      emailClass: templateClass(definition.key as TemplateKey),
    };
  }

  private async stored(keys: readonly string[]): Promise<Map<string, StoredTemplate>> {
    const rows = await this.repository.findMany(keys);
    return new Map(rows.map((row) => [row.key, row]));
  }

  /**
   * The templates in react-admin's list dialect (sort, range, filter `q`, `group`, `id`); by default
   * every one, job templates first (the console's tabs), in catalogue order.
   */
  async list(params: ListParams = {}): Promise<{ rows: TemplateResponse[]; offset: number; total: number }> {
    const stored = await this.stored(TEMPLATE_KEYS);
    return listInMemory(
      TEMPLATE_KEYS.map((key) => this.toResponse(TEMPLATE_CATALOGUE[key], stored.get(key))),
      params,
      TEMPLATE_LIST,
    );
  }

  async get(key: string): Promise<TemplateResponse> {
    const definition = this.definition(key);
    return this.toResponse(definition, (await this.stored([key])).get(key));
  }

  /**
   * Refuses anything but the template's own `{variables}` (no handlebars syntax) in subject and body;
   * the subject is one line. A part of only whitespace is empty: 'Subject is required' / 'Email body
   * is required' (spec §5) — always when saving, and for a draft part that is sent to preview or test.
   */
  private check(definition: TemplateDefinition, subject: string | undefined, body: string | undefined, required: boolean): void {
    const errors: FieldError[] = [];
    for (const [part, source] of [
      ['subject', subject],
      ['body', body],
    ] as const) {
      if (source === undefined && !required) continue;
      if (isBlank(source)) {
        errors.push({ field: part, message: requiredMessage(part) });
        continue;
      }
      for (const problem of findTemplateProblems(source!, definition.variables, part)) errors.push({ field: part, message: problem.message });
    }
    if (errors.length > 0) throw DomainError.validation(errors);
  }

  /** The sample values of a template, its links on this server (PUBLIC_BASE_URL). */
  private sample(definition: TemplateDefinition): Readonly<Record<string, string>> {
    return sampleValues(definition, this.config.publicBaseUrl);
  }

  async update(key: string, subject: string, body: string, user: CurrentUserInfo): Promise<TemplateResponse> {
    const definition = this.definition(key);
    this.check(definition, subject, body, true);
    await this.dataSource.transaction(async (manager) => {
      const saved = await this.repository.findForUpdate(manager, key);
      const before = { subject: saved?.subject ?? definition.subject, body: saved?.body ?? definition.body };
      await this.repository.upsert(manager, key, subject, body, user.id);
      // Saving the wording it already has is no change; saving the default wording back is a reset.
      if (before.subject === subject && before.body === body) return;
      const reset = subject === definition.subject && body === definition.body;
      await this.audit.record(manager, { entity: 'template', entityId: key, action: reset ? 'reset' : 'update', before, after: { subject, body } });
    });
    // Committed: this instance renders with it from now on (other instances drop theirs when notified).
    this.templates.forget();
    return this.get(key);
  }

  /**
   * The template (or unsaved wording) rendered with sample values and the company profile, for the
   * live preview; the logo as a data: URI (a browser frame has no attachment to find it in).
   */
  async preview(key: string, subject: string | undefined, body: string | undefined): Promise<RenderedTemplateResponse> {
    const definition = this.definition(key);
    this.check(definition, subject, body, false);
    const current = await this.get(key);
    const variables = this.sample(definition);
    const rendered = renderEmail({
      subject: subject ?? current.subject,
      body: body ?? current.body,
      variables,
      linkVariables: definition.linkVariables,
      button: defaultButton(definition, variables),
      profile: await this.settings.companyProfile(),
    });
    return { ...rendered, html: await withEmailLogoInline(rendered.html) };
  }

  /**
   * What a staff member's test e-mail of template `key` holds: the wording on screen when a draft
   * subject or body is given (checked like a save; unset parts from the stored wording), the stored
   * wording otherwise, with the template's sample values (links on PUBLIC_BASE_URL). Notifications
   * queues it (POST /api/admin/email-templates/:key/test).
   */
  async testMessage(key: string, draft: { subject?: string; body?: string } = {}): Promise<TestMessage> {
    const definition = this.definition(key);
    this.check(definition, draft.subject, draft.body, false);
    const wording = draft.subject !== undefined || draft.body !== undefined ? await this.wording(key, draft) : undefined;
    return { template: key as TemplateKey, variables: this.sample(definition), wording };
  }

  private async wording(key: string, draft: { subject?: string; body?: string }): Promise<{ subject: string; body: string }> {
    const current = await this.get(key);
    return { subject: draft.subject ?? current.subject, body: draft.body ?? current.body };
  }
}
