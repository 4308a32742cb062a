import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { activeUnlessAsked, archived, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type ParsedList } from '../../common/react-admin/list-query.js';
import { openQueryCursor, type ArrayCursor } from '../../database/array-cursor.js';
import { queryRows } from '../../database/sql.js';
import { ENQUIRY_INITIAL_STATUS, ENQUIRY_STATUSES, type EnquiryStatus } from '@relining/contracts/enquiry-rules';
import { Enquiry } from './enquiry.entity.js';

export const ENQUIRY_LIST = defineListSpec({
  resource: 'enquiries',
  idColumn: 'e.id',
  sortable: { createdAt: 'e.created_at', updatedAt: 'e.updated_at', status: 'e.status', kind: 'e.kind', contactPerson: 'lower(e.contact_person)' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['e.contact_person', 'e.organisation_name', 'e.email', 'e.phone', 'e.site_address', 'e.product']),
    kind: equals('e.kind', ['corporate', 'product']),
    status: equals('e.status', ENQUIRY_STATUSES),
    id: ids('e.id'),
    archived: archived('e.archived_at'),
  },
  defaultPageSize: 10,
  maxPageSize: 200,
});

/** The export's columns, in order (times as text in the display time zone). */
export const ENQUIRY_CSV_COLUMNS = [
  'id',
  'kind',
  'status',
  'organisation_name',
  'contact_person',
  'email',
  'phone',
  'site_address',
  'state',
  'postcode',
  'issue_type',
  'quantity',
  'timing',
  'business',
  'product',
  'message',
  'notes',
  'created_at',
  'updated_at',
  'archived_at',
] as const;

/** The export's columns holding times (their heading names the zone). */
export const ENQUIRY_CSV_TIMES: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'archived_at']);

/** Intent-named queries over enquiries. */
@Injectable()
export class EnquiriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many enquiries (not archived) still have the status they arrived with: the console's Today page. */
  async countWithStatus(status: EnquiryStatus): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM enquiries WHERE status = $1 AND archived_at IS NULL`,
      [status],
    );
    return row?.count ?? 0;
  }

  /** Stores a new enquiry (status 'new') and answers it as stored. */
  insert(manager: EntityManager, enquiry: Partial<Enquiry>): Promise<Enquiry> {
    return manager.save(manager.create(Enquiry, { ...enquiry, status: ENQUIRY_INITIAL_STATUS }));
  }

  /** The active enquiries unless the list asks for archived ones (or names ids). */
  findForAdminList(list: ParsedList): Promise<[Enquiry[], number]> {
    const query = activeUnlessAsked(this.dataSource.getRepository(Enquiry).createQueryBuilder('e'), list, 'e.archived_at');
    return applyListQuery(query, list, ENQUIRY_LIST).getManyAndCount();
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager, forUpdate = false): Promise<Enquiry | null> {
    return manager.findOne(Enquiry, { where: { id }, ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  save(manager: EntityManager, enquiry: Enquiry): Promise<Enquiry> {
    return manager.save(enquiry);
  }

  /**
   * Archives (keeping the first time and who) or restores an enquiry, in the caller's transaction.
   * `found`: false when there is no such enquiry; `changed`: false when it was already in the asked state.
   */
  async setArchived(manager: EntityManager, id: string, actorId: string, archive: boolean): Promise<{ found: boolean; changed: boolean }> {
    const rows = await queryRows<{ id: string }>(
      manager,
      archive
        ? `UPDATE enquiries SET archived_at = now(), archived_by = $2 WHERE id = $1 AND archived_at IS NULL RETURNING id`
        : `UPDATE enquiries SET archived_at = NULL, archived_by = NULL WHERE id = $1 AND archived_at IS NOT NULL AND $2::uuid IS NOT NULL RETURNING id`,
      [id, actorId],
    );
    if (rows.length > 0) return { found: true, changed: true };
    return { found: await manager.existsBy(Enquiry, { id }), changed: false };
  }

  /** Every enquiry matching the list's filter and sort (no paging), as text, opened as a cursor for the CSV export. */
  openExportCursor(list: ParsedList, timeZone: string): Promise<ArrayCursor> {
    const base = activeUnlessAsked(this.dataSource.getRepository(Enquiry).createQueryBuilder('e').setParameter('tz', timeZone), list, 'e.archived_at');
    const query = applyListQuery(base, { ...list, offset: 0, limit: Number.MAX_SAFE_INTEGER }, ENQUIRY_LIST)
      .offset(undefined)
      .limit(undefined);
    const time = (column: string) => `to_char(e.${column} AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS') AS ${column}`;
    query.select([
      'e.id AS id',
      'e.kind AS kind',
      'e.status AS status',
      'e.organisation_name AS organisation_name',
      'e.contact_person AS contact_person',
      'e.email AS email',
      'e.phone AS phone',
      'e.site_address AS site_address',
      'e.state AS state',
      'e.postcode AS postcode',
      'e.issue_type AS issue_type',
      'e.quantity AS quantity',
      'e.timing AS timing',
      'e.business AS business',
      'e.product AS product',
      'e.message AS message',
      'e.staff_notes AS notes',
      time('created_at'),
      time('updated_at'),
      time('archived_at'),
    ]);
    return openQueryCursor(this.dataSource, query);
  }
}
