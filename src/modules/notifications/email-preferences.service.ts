import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  MARKETING_CONSENT_LABEL,
  SUPPRESSION_REASON_LABELS,
  SuppressionReason,
  type EmailConsentRecord,
  type EmailSuppressionRecord,
} from '@relining/contracts/api/email-preferences';
import { DomainEvents, type StagedWrite } from '../../common/events/domain-events.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { AuditService } from '../audit/audit.service.js';
import { BookingCreated } from '../bookings/booking.events.js';
import { isWellFormedToken, maskEmail } from './email-preferences.rules.js';
import {
  EMAIL_CONSENT_LIST,
  EMAIL_SUPPRESSION_LIST,
  EmailPreferencesRepository,
  type ConsentRow,
  type SuppressionRow,
} from './email-preferences.repository.js';
import { isDeliverableAddress } from './notification.rules.js';

/** What the unsubscribe page and its JSON twin answer: the address, masked. */
export interface UnsubscribeOutcome {
  email: string;
  unsubscribed: boolean;
}

/** Where a consent given on the unsubscribe page is recorded as coming from. */
export const UNSUBSCRIBE_PAGE_SOURCE = 'unsubscribe_page';
/** The words of the unsubscribe page's button, recorded with the consent it gives. */
export const SUBSCRIBE_AGAIN_LABEL = 'Subscribe again';

function toSuppressionRecord(row: SuppressionRow): EmailSuppressionRecord {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    reasonLabel: SUPPRESSION_REASON_LABELS[row.reason],
    detail: row.detail,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function toConsentRecord(row: ConsentRow): EmailConsentRecord {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * The Spam Act's side of e-mail (issue 20): the suppression list (one-click unsubscribe without
 * sign-in, staff additions), subscribing again, and consents recorded where they are given (the
 * booking form's box, staged into the booking's own statement). NotificationsService applies the list
 * when a marketing e-mail is queued, and the worker again before it is sent.
 */
@Injectable()
export class EmailPreferencesService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: EmailPreferencesRepository,
    private readonly audit: AuditService,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.onStaged(BookingCreated, (event) => Promise.resolve(this.bookingConsent(event)));
  }

  /** The address a token unsubscribes, or the 404 the unsubscribe page shows. */
  private async emailOf(token: string): Promise<string> {
    const email = isWellFormedToken(token) ? await this.repository.findEmailByToken(token) : undefined;
    if (!email) throw DomainError.notFound('This unsubscribe link is not valid.');
    return email;
  }

  /**
   * Unsubscribes the token's address from marketing e-mails at once (no sign-in, nothing asked).
   * Idempotent: an address already suppressed keeps its first row and reason.
   */
  async unsubscribe(token: string, reason: SuppressionReason): Promise<UnsubscribeOutcome> {
    const email = await this.emailOf(token);
    await this.dataSource.transaction(async (manager) => {
      const { row, created } = await this.repository.suppress(manager, email, reason, null);
      if (created) {
        await this.audit.record(manager, {
          entity: 'email_suppression',
          entityId: row.id,
          action: 'create',
          before: null,
          after: { email: row.email, reason: row.reason },
        });
      }
    });
    return { email: maskEmail(email), unsubscribed: true };
  }

  /** The person changed their mind on the unsubscribe page: the suppression goes and the consent is recorded. */
  async resubscribe(token: string): Promise<UnsubscribeOutcome> {
    const email = await this.emailOf(token);
    await this.dataSource.transaction(async (manager) => {
      const removed = await this.repository.unsuppress(manager, email);
      await this.repository.insertConsent(manager, { email, given: true, source: UNSUBSCRIBE_PAGE_SOURCE, sourceId: null, wording: SUBSCRIBE_AGAIN_LABEL });
      if (removed) {
        await this.audit.record(manager, {
          entity: 'email_suppression',
          entityId: removed.id,
          action: 'delete',
          before: { email: removed.email, reason: removed.reason },
          after: null,
          details: { why: 'Subscribed again on the unsubscribe page' },
        });
      }
    });
    return { email: maskEmail(email), unsubscribed: false };
  }

  /**
   * Staff add an address at the person's request (by phone, by e-mail). An address already suppressed
   * answers its existing record, unchanged.
   */
  async addByStaff(input: { email?: unknown; note?: unknown }): Promise<{ record: EmailSuppressionRecord; created: boolean }> {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!isDeliverableAddress(email)) throw DomainError.validation([{ field: 'email', message: 'Please enter a valid email address' }]);
    const note = typeof input.note === 'string' && input.note.trim() !== '' ? input.note.trim().slice(0, 500) : null;
    return this.dataSource.transaction(async (manager) => {
      const { row, created } = await this.repository.suppress(manager, email, SuppressionReason.Staff, note);
      if (created) {
        await this.audit.record(manager, {
          entity: 'email_suppression',
          entityId: row.id,
          action: 'create',
          before: null,
          after: { email: row.email, reason: row.reason, detail: row.detail },
        });
      }
      return { record: toSuppressionRecord(row), created };
    });
  }

  async listSuppressions(params: ListParams): Promise<{ rows: EmailSuppressionRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, EMAIL_SUPPRESSION_LIST);
    const [rows, total] = await this.repository.findSuppressionsForAdminList(list);
    return { rows: rows.map(toSuppressionRecord), total, offset: list.offset };
  }

  async getSuppression(id: string): Promise<EmailSuppressionRecord> {
    const row = await this.repository.findSuppressionById(id);
    if (!row) throw DomainError.notFound('There is no suppressed e-mail with that id.');
    return toSuppressionRecord(row);
  }

  async getConsent(id: string): Promise<EmailConsentRecord> {
    const row = await this.repository.findConsentById(id);
    if (!row) throw DomainError.notFound('There is no consent with that id.');
    return toConsentRecord(row);
  }

  async listConsents(params: ListParams): Promise<{ rows: EmailConsentRecord[]; total: number; offset: number }> {
    const list = parseListParams(params, EMAIL_CONSENT_LIST);
    const [rows, total] = await this.repository.findConsentsForAdminList(list);
    return { rows: rows.map(toConsentRecord), total, offset: list.offset };
  }

  /** A booking whose 'Send me tips and offers' box was ticked: the consent, written by the booking's own statement. */
  private bookingConsent({ booking }: BookingCreated): StagedWrite | undefined {
    if (!booking.marketingConsent) return undefined;
    const consent = { email: booking.email, given: true, source: 'booking_form', sourceId: booking.id, wording: MARKETING_CONSENT_LABEL };
    return { statement: (stored) => this.repository.insertConsentWhen(consent, stored) };
  }
}
