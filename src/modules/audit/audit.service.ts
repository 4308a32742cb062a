import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditEntity, AuditEntryRecord } from '@relining/contracts/api/audit';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { currentActor, currentCorrelationId, type Actor } from '../../common/audit/actor-context.js';
import { streamCsvExport, type CsvExportOutcome } from '../../common/csv/csv-export.js';
import { DomainEvents } from '../../common/events/domain-events.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import type { AuditEntryEntity } from './audit-entry.entity.js';
import { Audited, type AuditChange } from './audit.events.js';
import { AUDIT_CSV_COLUMNS, AUDIT_LIST, AuditRepository, type NewAuditEntry } from './audit.repository.js';
import { changedFields, maskedDetails } from './audit.rules.js';

/** How an actor is named in the trail: the user's e-mail, 'system: <job>', or 'public'. */
export function actorName(actor: Actor): string {
  if (actor.kind === 'user') return actor.email;
  if (actor.kind === 'system') return `system: ${actor.name}`;
  return 'public';
}

/** What the audit trail records of an export of a list. */
export interface ExportAudit {
  /** The list's resource name ('bookings', 'audit' …). */
  list: string;
  params: ListParams;
}

/**
 * The audit trail. Entries are written by the handler of `Audited`, inside the transaction of the
 * change that raised it; they are read by the console's Audit log and each record's History panel.
 */
@Injectable()
export class AuditService implements OnModuleInit {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
    private readonly repository: AuditRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(Audited, (event, manager) =>
      this.repository.append(
        manager,
        event.changes.map((change) => this.entryFor(change)),
      ),
    );
  }

  /** Records changes in a transaction of their own: for what changes no stored record (a sign-in, an export). */
  async recordAlone(...changes: AuditChange[]): Promise<void> {
    await this.dataSource.transaction((manager) => this.events.publish(manager, new Audited(...changes)));
  }

  /** Records changes inside the caller's transaction (the same as publishing `Audited`). */
  record(manager: EntityManager, ...changes: AuditChange[]): Promise<void> {
    return this.events.publish(manager, new Audited(...changes));
  }

  /**
   * Called when an export starts: answers the callback that records it when it ends, as the person
   * who asked for it (captured now: the end comes from the database socket, not the request), with
   * the list, its filter and sort, and how many rows went out.
   */
  exportRecorder(audit: ExportAudit): (outcome: CsvExportOutcome) => void {
    const actor = currentActor();
    const correlationId = currentCorrelationId();
    return (outcome) => {
      const details = {
        list: audit.list,
        filter: parsedJson(audit.params.filter),
        sort: parsedJson(audit.params.sort),
        rows: outcome.rows,
        complete: outcome.complete,
      };
      void this.dataSource
        .transaction((manager) =>
          this.repository.append(manager, [{ ...this.entryFor({ entity: 'export', entityId: audit.list, action: 'export', details, actor }), correlationId }]),
        )
        .catch(() => undefined);
    };
  }

  async list(params: ListParams): Promise<{ rows: AuditEntryRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, AUDIT_LIST);
    const [rows, total] = await this.repository.findForAdminList(list, this.config.tzDisplay);
    return { rows: rows.map(toRecord), total, offset: list.offset };
  }

  /** Everything the trail holds about one record, oldest first. */
  /** One entry (react-admin's getOne); an id that names none is 'Audit entry not found.'. */
  async get(id: string): Promise<AuditEntryRecord> {
    const row = /^\d{1,18}$/.test(id) ? await this.repository.findById(id) : null;
    if (!row) throw DomainError.notFound('Audit entry not found.');
    return toRecord(row);
  }

  async forRecord(entity: AuditEntity, entityId: string): Promise<AuditEntryRecord[]> {
    return (await this.repository.forRecord(entity, entityId)).map(toRecord);
  }

  csvFileName(now: Date = new Date()): string {
    return `audit-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /** The trail matching the filter as CSV, streamed (times in TZ_DISPLAY); the export is itself audited. */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, AUDIT_LIST);
    const finished = this.exportRecorder({ list: 'audit', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      AUDIT_CSV_COLUMNS.map((column) => (column === 'at' ? `at (${zone})` : column)),
      finished,
    );
  }

  private entryFor(change: AuditChange): NewAuditEntry {
    const actor = change.actor ?? currentActor();
    return {
      actorKind: actor.kind,
      actorId: actor.kind === 'user' ? actor.id : null,
      actorName: actorName(actor),
      entity: change.entity,
      entityId: change.entityId,
      action: change.action,
      changes: change.before === undefined && change.after === undefined ? null : changedFields(change.before, change.after),
      details: maskedDetails(change.details),
      correlationId: currentCorrelationId(),
    };
  }
}

function parsedJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return raw ?? null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function toRecord(row: AuditEntryEntity): AuditEntryRecord {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorKind: row.actorKind,
    actorId: row.actorId,
    actorName: row.actorName,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
    details: row.details,
    correlationId: row.correlationId,
  };
}
