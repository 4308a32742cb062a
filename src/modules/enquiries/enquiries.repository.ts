import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { activeUnlessAsked, archived, equals, ids, search } from '../../common/react-admin/list-filters.js';
import { applyListQuery, defineListSpec, type ParsedList } from '../../common/react-admin/list-query.js';
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

  findById(id: string): Promise<Enquiry | null> {
    return this.dataSource.manager.findOneBy(Enquiry, { id });
  }

  save(enquiry: Enquiry): Promise<Enquiry> {
    return this.dataSource.manager.save(enquiry);
  }

  /**
   * Archives (keeping the first time and who) or restores an enquiry; false when there is no such
   * enquiry (an enquiry already in the asked state counts as found).
   */
  async setArchived(id: string, actorId: string, archive: boolean): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      archive
        ? `UPDATE enquiries SET archived_at = coalesce(archived_at, now()), archived_by = coalesce(archived_by, $2) WHERE id = $1 RETURNING id`
        : `UPDATE enquiries SET archived_at = NULL, archived_by = NULL WHERE id = $1 AND $2::uuid IS NOT NULL RETURNING id`,
      [id, actorId],
    );
    return rows.length > 0 || this.dataSource.manager.existsBy(Enquiry, { id });
  }
}
