import { Global, Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** An event class: a module's announcement of something that happened (BookingCreated, …). */
export type DomainEventType<E extends object> = abstract new (...args: never[]) => E;

/** Reacts to an event inside the transaction that raised it: its writes commit or roll back with it. */
export type DomainEventHandler<E extends object> = (event: E, manager: EntityManager) => Promise<void>;

/**
 * The in-transaction event bus. A module announces what happened with `publish(manager, event)`
 * inside its transaction; other modules subscribe with `on(EventType, handler)` when they start
 * (OnModuleInit) and their handlers run, one after the other in subscription order, with the same
 * EntityManager before `publish` returns. A handler that throws fails the publisher's transaction:
 * nothing that matters happens "after commit" in memory, and the announcing module needs no import
 * of the modules that react (the dependency points from the reacting module to the event).
 */
@Injectable()
export class DomainEvents {
  private readonly handlers = new Map<DomainEventType<object>, Array<DomainEventHandler<object>>>();

  on<E extends object>(type: DomainEventType<E>, handler: DomainEventHandler<E>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as DomainEventHandler<object>);
    this.handlers.set(type, list);
  }

  async publish<E extends object>(manager: EntityManager, event: E): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error(`${event.constructor.name} must be published inside a transaction`);
    for (const handler of this.handlers.get(event.constructor as DomainEventType<object>) ?? []) await handler(event, manager);
  }
}

/** One bus for the application (global: every module may publish and subscribe). */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
