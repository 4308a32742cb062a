import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { AppConfig } from '../../../config/app-config.js';
import { InjectConfig } from '../../../config/config.module.js';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { ISSUE_TYPES, TIMINGS } from '@relining/contracts/enquiry-rules';
import { CONSOLE_BUTTON_LABEL } from '../../templates/template-catalogue.js';
import { EnquiryReceived } from '../../enquiries/enquiry.events.js';
import { NotificationsService } from '../notifications.service.js';
import { companyInbox } from './company-inbox.js';

/** An enquiry's notice to the company and acknowledgement to the sender, queued in its transaction. */
@Injectable()
export class EnquiryMailer implements OnModuleInit {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.events.on(EnquiryReceived, (event, manager) => this.enquiryReceived(event, manager));
  }

  private async enquiryReceived({ enquiry }: EnquiryReceived, manager: EntityManager): Promise<void> {
    const corporate = enquiry.kind === 'corporate';
    const details = corporate
      ? [
          `Site address: ${enquiry.siteAddress}`,
          `Issue: ${ISSUE_TYPES.find((option) => option.value === enquiry.issueType)?.label ?? enquiry.issueType}`,
          `Quantity: ${enquiry.quantity ?? 'Not given'}`,
          `Timing: ${TIMINGS.find((option) => option.value === enquiry.timing)?.label ?? enquiry.timing}`,
          `Notes: ${enquiry.message ?? 'None'}`,
        ].join('\n')
      : [`Product: ${enquiry.product}`, `Business: ${enquiry.business ?? 'Not given'}`, `Message: ${enquiry.message}`].join('\n');
    await this.notifications.enqueue(manager, {
      template: 'enquiry_notice',
      to: companyInbox(this.config),
      variables: {
        kindLabel: corporate ? 'Project enquiry' : 'Product enquiry',
        contactPerson: enquiry.contactPerson,
        organisation: enquiry.organisationName ?? enquiry.business ?? 'Not given',
        email: enquiry.email,
        phone: enquiry.phone,
        details,
        receivedAt: formatLongDateTimeIn(this.config.tzDisplay, enquiry.createdAt),
        enquiriesLink: `${this.config.publicBaseUrl}/admin/enquiries`,
      },
      // The button opens this enquiry's own page in the console.
      button: { label: CONSOLE_BUTTON_LABEL, url: `${this.config.publicBaseUrl}/admin/enquiries/${enquiry.id}` },
      dedupeKey: `enquiry:${enquiry.id}:notice`,
      entity: { type: 'enquiry', id: enquiry.id },
    });
    await this.notifications.enqueue(manager, {
      template: 'enquiry_acknowledgement',
      to: enquiry.email,
      variables: {
        contactPerson: enquiry.contactPerson.split(/\s+/)[0] ?? enquiry.contactPerson,
        kindLabel: corporate ? 'project enquiry' : 'product enquiry',
      },
      dedupeKey: `enquiry:${enquiry.id}:acknowledgement`,
      entity: { type: 'enquiry', id: enquiry.id },
    });
  }
}
