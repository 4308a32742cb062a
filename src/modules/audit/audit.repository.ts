import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AUDIT_ENTITIES, type AuditActorKind, type AuditEntity, type AuditFieldChange } from '@relining/contracts/api/audit';
import { calendarDay, equals, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type FilterDefinition, type ParsedList } from '../../common/react-admin/list-query.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { queryRows } from '../../database/sql.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

/** A row to append to the trail. */
export interface NewAuditEntry {
  actorKind: AuditActorKind;
  actorId: string | null;
  actorName: string;
  entity: AuditEntity;
  entityId: string | null;
  action: string;
  changes: Record<string, AuditFieldChange> | null;
  details: Record<string, unknown> | null;
  correlationId: string | null;
}

/** A UTF-16 half of a pair without its other half: text PostgreSQL's jsonb refuses (`\ud800`). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** JSON for jsonb: a lone surrogate becomes U+FFFD, as it does when the same text is stored in a text column. */
function jsonForJsonb(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? inner.replace(LONE_SURROGATE, '\uFFFD') : inner));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `filter.actorId`: a user's id (a malformed one matches nothing rather than fail). */
const actorIdFilter: FilterDefinition = {
  apply(query, value, name) {
    const values = (Array.isArray(value) ? value : [value]).map(String).filter((id) => UUID.test(id));
    if (values.length === 0) query.andWhere('false');
    else query.andWhere(`a.actor_id IN (:...filter_${name})`, { [`filter_${name}`]: values });
  },
};

/** `filter.id`: entry ids (react-admin's getMany); entries are numbered. */
const entryIds: FilterDefinition = {
  apply(query, value, name) {
    const values = (Array.isArray(value) ? value : [value]).map(String).filter((id) => /^\d{1,18}$/.test(id));
    if (values.length === 0) query.andWhere('false');
    else query.andWhere(`a.id IN (:...filter_${name})`, { [`filter_${name}`]: values });
  },
};

export const AUDIT_LIST = defineListSpec({
  resource: 'audit',
  idColumn: 'a.id',
  sortable: { at: 'a.id', actorName: 'lower(a.actor_name)', entity: 'a.entity', action: 'a.action' },
  defaultSort: ['at', 'DESC'],
  filters: {
    q: search(['a.actor_name', 'a.entity_id', 'a.action']),
    actorId: actorIdFilter,
    actor: { apply: (query, value, name) => equals('lower(a.actor_name)').apply(query, typeof value === 'string' ? value.trim().toLowerCase() : value, name) },
    actorKind: equals('a.actor_kind', ['user', 'system', 'public']),
    entity: equals('a.entity', AUDIT_ENTITIES),
    entityId: equals('a.entity_id'),
    action: equals('a.action'),
    // A date range in TZ_DISPLAY (whole days, the second included): {"from":"2026-11-01","to":"2026-11-30"}.
    from: calendarDay('a.at', '>=', 0),
    to: calendarDay('a.at', '<', 1),
    id: entryIds,
  },
  defaultPageSize: 25,
  maxPageSize: 200,
});

/** The columns of the audit export, in order. */
export const AUDIT_CSV_COLUMNS = ['id', 'at', 'actor_kind', 'actor', 'entity', 'entity_id', 'action', 'changes', 'details', 'correlation_id'] as const;

/** The append-only trail. The only delete is the retention prune, which the database allows for old entries only. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Appends entries inside the caller's transaction (one statement however many). */
  async append(manager: EntityManager, entries: readonly NewAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await queryRows(
      manager,
      `INSERT INTO audit_log (actor_kind, actor_id, actor_name, entity, entity_id, action, changes, details, correlation_id)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (actor_kind text, actor_id uuid, actor_name text, entity text, entity_id text, action text, changes jsonb, details jsonb, correlation_id text)`,
      [
        jsonForJsonb(
          entries.map((entry) => ({
            actor_kind: entry.actorKind,
            actor_id: entry.actorId,
            actor_name: entry.actorName,
            entity: entry.entity,
            entity_id: entry.entityId,
            action: entry.action,
            changes: entry.changes,
            details: entry.details,
            correlation_id: entry.correlationId,
          })),
        ),
      ],
    );
  }

  findForAdminList(list: ParsedList, timeZone: string): Promise<[AuditEntryEntity[], number]> {
    return applyListQuery(this.listQuery(timeZone), list, AUDIT_LIST).getManyAndCount();
  }

  /** Every entry matching the list's filter and sort, in AUDIT_CSV_COLUMNS order, from a cursor. */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const query = applyListQuery(this.listQuery(timeZone), { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, AUDIT_LIST)
      .offset(undefined)
      .limit(undefined);
    query.select([
      'a.id::text AS id',
      `to_char(a.at AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS at`,
      'a.actor_kind AS actor_kind',
      'a.actor_name AS actor',
      'a.entity AS entity',
      'a.entity_id AS entity_id',
      'a.action AS action',
      'a.changes::text AS changes',
      'a.details::text AS details',
      'a.correlation_id AS correlation_id',
    ]);
    return openQueryCursor(this.dataSource, query);
  }

  /** One record's entries, oldest first (a job's History and timeline). */
  findById(id: string): Promise<AuditEntryEntity | null> {
    return this.dataSource.getRepository(AuditEntryEntity).findOneBy({ id });
  }

  forRecord(entity: AuditEntity, entityId: string): Promise<AuditEntryEntity[]> {
    return this.dataSource
      .getRepository(AuditEntryEntity)
      .createQueryBuilder('a')
      .where('a.entity = :entity AND a.entity_id = :entityId', { entity, entityId })
      .orderBy('a.id', 'ASC')
      .getMany();
  }

  /**
   * Deletes the entries older than `cutoff`, in the caller's transaction, declaring the cutoff for it
   * (the append-only trigger lets this transaction delete entries older than it, and nothing else).
   */
  async pruneOlderThan(manager: EntityManager, cutoff: Date): Promise<number> {
    await queryRows(manager, `SELECT set_config('audit.prune_before', $1, true)`, [cutoff.toISOString()]);
    const deleted = await queryRows<{ count: string }>(
      manager,
      `WITH gone AS (DELETE FROM audit_log WHERE at < $1 RETURNING 1) SELECT count(*)::text AS count FROM gone`,
      [cutoff.toISOString()],
    );
    await queryRows(manager, `SELECT set_config('audit.prune_before', '', true)`);
    return Number(deleted[0]?.count ?? 0);
  }

  private listQuery(timeZone: string) {
    return this.dataSource.getRepository(AuditEntryEntity).createQueryBuilder('a').setParameter('tz', timeZone);
  }
}
