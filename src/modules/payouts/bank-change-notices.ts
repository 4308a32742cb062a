import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../common/events/domain-events.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { formatLongDateTimeIn } from '@relining/contracts/date-format';
import { firstName } from '@relining/contracts/person-name';
import { NotificationsService } from '../notifications/notifications.service.js';
import { BankDetailsChanged } from '../users/users.events.js';

/**
 * 'Your bank details were changed — if this wasn't you, call us': queued to the account's own address
 * in the change's transaction, whenever a plumber's bank details change (issue 18).
 */
@Injectable()
export class BankChangeNotices implements OnModuleInit {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.events.on(BankDetailsChanged, (event, manager) => this.warn(event, manager));
  }

  private async warn(event: BankDetailsChanged, manager: EntityManager): Promise<void> {
    await this.notifications.enqueue(manager, {
      template: 'bank_details_changed',
      to: event.email,
      variables: {
        firstName: firstName(event.fullName),
        changedAt: formatLongDateTimeIn(this.config.tzDisplay, event.changedAt),
        bankDetails: event.bankDetails,
        heldUntil: formatLongDateTimeIn(this.config.tzDisplay, event.heldUntil),
      },
      entity: { type: 'user', id: event.userId },
    });
  }
}
