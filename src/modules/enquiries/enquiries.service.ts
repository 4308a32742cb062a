import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { streamCsvExport } from '../../common/csv/csv-export.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { isoDayIn, zoneLabel } from '@relining/contracts/date-format';
import { AuditService } from '../audit/audit.service.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { ENQUIRY_INITIAL_STATUS, ENQUIRY_STATUSES, tooLongMessage, type EnquiryStatus } from '@relining/contracts/enquiry-rules';
import type { EnquiryRecord } from '@relining/contracts/api/enquiries';
import { DomainEvents } from '../../common/events/domain-events.js';
import { localityOfAddress } from '../addresses/address.rules.js';
import { LocalitiesRepository } from '../addresses/localities.repository.js';
import { ENQUIRY_CSV_COLUMNS, ENQUIRY_CSV_TIMES, ENQUIRY_LIST, EnquiriesRepository } from './enquiries.repository.js';
import type { EnquiryRequestDto } from './dto/enquiry.dto.js';
import type { Enquiry } from './enquiry.entity.js';
import { EnquiryReceived } from './enquiry.events.js';

/** Trimmed text, or null when empty. Lengths are checked by the rules first: nothing is cut. */
const text = (value: unknown): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed || null;
};

/** An enquiry as staff's list answers it: the contracts' record. */
export type EnquiryResponse = EnquiryRecord;

/** Enquiries from the corporate page and the product dialog: stored and announced (EnquiryReceived: the company told, the enquirer thanked). */
@Injectable()
export class EnquiriesService {
  private readonly logger = new Logger('Enquiries');

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: EnquiriesRepository,
    private readonly events: DomainEvents,
    private readonly localities: LocalitiesRepository,
    private readonly audit: AuditService,
  ) {}

  /** How many enquiries no one has contacted yet: still in the status they arrived with (read-only, for the console's Today page). */
  countNotYetContacted(): Promise<number> {
    return this.repository.countWithStatus(ENQUIRY_INITIAL_STATUS);
  }

  /** An enquiry the validation pipeline took (its kind's rules, see dto/enquiry.dto.ts): stored and announced. */
  async create(input: EnquiryRequestDto): Promise<{ id: string }> {
    if (text(input._gotcha)) {
      this.logger.warn({ securityEvent: 'spam_trap' }, 'Enquiry spam trap filled; nothing stored');
      return { id: randomUUID() };
    }

    // The site's state and postcode, from the locality its address ends with (addresses `place`).
    const site = input.kind === 'corporate' ? await this.localities.place(localityOfAddress(text(input.siteAddress) ?? '')) : undefined;
    const enquiry: Partial<Enquiry> =
      input.kind === 'corporate'
        ? {
            kind: input.kind,
            organisationName: text(input.organisationName),
            contactPerson: text(input.contactPerson)!,
            email: text(input.email)!,
            phone: text(input.phone)!,
            siteAddress: text(input.siteAddress),
            state: site?.state ?? null,
            postcode: site?.postcode ?? null,
            issueType: text(input.issueType),
            quantity: text(input.quantity),
            timing: text(input.timing),
            message: text(input.notes),
          }
        : {
            kind: input.kind,
            contactPerson: text(input.name)!,
            email: text(input.email)!,
            phone: text(input.phone)!,
            business: text(input.business),
            product: text(input.product),
            message: text(input.message),
          };

    return this.dataSource.transaction(async (manager) => {
      const saved = await this.repository.insert(manager, enquiry);
      await this.events.publish(
        manager,
        new EnquiryReceived({
          id: saved.id,
          kind: saved.kind,
          createdAt: saved.createdAt,
          contactPerson: saved.contactPerson,
          email: saved.email,
          phone: saved.phone,
          organisationName: saved.organisationName,
          siteAddress: saved.siteAddress,
          issueType: saved.issueType,
          quantity: saved.quantity,
          timing: saved.timing,
          business: saved.business,
          product: saved.product,
          message: saved.message,
        }),
      );
      return { id: saved.id };
    });
  }

  toResponse(row: Enquiry): EnquiryResponse {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      organisationName: row.organisationName,
      contactPerson: row.contactPerson,
      email: row.email,
      phone: row.phone,
      siteAddress: row.siteAddress,
      state: row.state,
      postcode: row.postcode,
      issueType: row.issueType,
      quantity: row.quantity,
      timing: row.timing,
      business: row.business,
      product: row.product,
      message: row.message,
      notes: row.staffNotes,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    };
  }

  async list(params: ListParams): Promise<{ rows: EnquiryResponse[]; total: number; offset: number }> {
    const list = parseListParams(params, ENQUIRY_LIST);
    const [rows, total] = await this.repository.findForAdminList(list);
    return { rows: rows.map((row) => this.toResponse(row)), total, offset: list.offset };
  }

  async get(id: string): Promise<EnquiryResponse> {
    const row = await this.repository.findById(id);
    if (!row) throw DomainError.notFound('Enquiry not found.');
    return this.toResponse(row);
  }

  /** Staff work an enquiry: its status (new, contacted, quoted, won, lost) and notes; a real change is audited in its transaction. */
  async update(id: string, changes: { status?: string; notes?: string | null }): Promise<EnquiryResponse> {
    if (changes.status !== undefined && !(ENQUIRY_STATUSES as readonly string[]).includes(changes.status)) {
      throw DomainError.validation([{ field: 'status', message: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` }]);
    }
    const notes = changes.notes === undefined ? undefined : (typeof changes.notes === 'string' ? changes.notes.trim() : '') || null;
    if (notes && [...notes].length > 5_000) throw DomainError.validation([{ field: 'notes', message: tooLongMessage(5_000) }]);
    const row = await this.dataSource.transaction(async (manager) => {
      const row = await this.repository.findById(id, manager, true);
      if (!row) throw DomainError.notFound('Enquiry not found.');
      const before = { status: row.status, notes: row.staffNotes };
      if (changes.status !== undefined) row.status = changes.status as EnquiryStatus;
      if (notes !== undefined) row.staffNotes = notes;
      const after = { status: row.status, notes: row.staffNotes };
      if (before.status === after.status && before.notes === after.notes) return row;
      const saved = await this.repository.save(manager, row);
      await this.audit.record(manager, {
        entity: 'enquiry',
        entityId: id,
        action: before.status === after.status ? 'update' : 'status_changed',
        before,
        after,
      });
      return saved;
    });
    return this.toResponse(row);
  }

  /**
   * Staff archive an enquiry instead of deleting it (the console's Archive): kept with who and when,
   * out of the default list, restorable. Archiving twice keeps the first time (and writes no second entry).
   */
  async setArchived(actorId: string, id: string, archive: boolean): Promise<EnquiryResponse> {
    await this.dataSource.transaction(async (manager) => {
      const { found, changed } = await this.repository.setArchived(manager, id, actorId, archive);
      if (!found) throw DomainError.notFound('Enquiry not found.');
      if (changed) await this.audit.record(manager, { entity: 'enquiry', entityId: id, action: archive ? 'archive' : 'restore' });
    });
    return this.get(id);
  }

  /** The export's file name, dated with today in TZ_DISPLAY. */
  csvFileName(now: Date = new Date()): string {
    return `enquiries-${isoDayIn(this.config.tzDisplay, now)}.csv`;
  }

  /**
   * Every enquiry matching the list's filter as CSV, streamed from a database cursor by the shared
   * exporter (times in TZ_DISPLAY, the heading says so); the export is audited.
   */
  async exportCsv(params: ListParams): Promise<Readable> {
    const list = parseListParams({ filter: params.filter, sort: params.sort }, ENQUIRY_LIST);
    const finished = this.audit.exportRecorder({ list: 'enquiries', params });
    const cursor = await this.repository.openExportCursor(list, this.config.tzDisplay);
    const zone = zoneLabel(this.config.tzDisplay);
    return streamCsvExport(
      cursor,
      ENQUIRY_CSV_COLUMNS.map((column) => (ENQUIRY_CSV_TIMES.has(column) ? `${column} (${zone})` : column)),
      finished,
    );
  }
}
