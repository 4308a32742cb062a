import { Global, Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { joinSql, raw, sql, type Sql } from '../../database/sql-fragment.js';

/** An event class: a module's announcement of something that happened (BookingCreated, …). */
export type DomainEventType<E extends object> = abstract new (...args: never[]) => E;

/** Reacts to an event inside the transaction that raised it: its writes commit or roll back with it. */
export type DomainEventHandler<E extends object> = (event: E, manager: EntityManager) => Promise<void>;

/**
 * A reacting module's write, staged to run in the very statement that stores what the event announces
 * (one round trip, atomic without BEGIN/COMMIT): see `onStaged` and `withStagedWrites`.
 */
export interface StagedWrite {
  /** One data-modifying statement (`INSERT … SELECT … WHERE EXISTS (SELECT FROM ${stored})`), run only when `stored` has a row. */
  statement(stored: Sql): Sql;
  /** True while what the write was prepared from (data kept in memory) is still current; when false, the statement stores nothing at all. */
  stillCurrent?: Sql;
  /** The statement found `stillCurrent` false: forget what it relied on, before the event is staged again. */
  outdated?(): void;
}

/** Prepares a reaction without touching the database: its writes go into the publisher's statement. */
export type StagedHandler<E extends object> = (event: E) => Promise<StagedWrite | undefined>;

/**
 * The in-transaction event bus. A module announces what happened with `publish(manager, event)`
 * inside its transaction; other modules subscribe with `on(EventType, handler)` when they start
 * (OnModuleInit) and their handlers run, one after the other in subscription order, with the same
 * EntityManager before `publish` returns. A handler that throws fails the publisher's transaction:
 * nothing that matters happens "after commit" in memory, and the announcing module needs no import
 * of the modules that react (the dependency points from the reacting module to the event).
 *
 * A reaction that is only writes it can prepare in memory (a booking's e-mails) may instead be staged
 * (`onStaged`): the publisher asks for the staged writes first (`stage`) and runs them in the very
 * statement that stores its own row (`withStagedWrites`), so they commit or roll back with it as
 * surely, in one round trip. When an event also has handlers that need the transaction
 * (`handledInTransaction`), the publisher runs that statement inside a transaction and then
 * `publish`es as before.
 */
@Injectable()
export class DomainEvents {
  private readonly handlers = new Map<DomainEventType<object>, Array<DomainEventHandler<object>>>();
  private readonly stagedHandlers = new Map<DomainEventType<object>, Array<StagedHandler<object>>>();

  on<E extends object>(type: DomainEventType<E>, handler: DomainEventHandler<E>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as DomainEventHandler<object>);
    this.handlers.set(type, list);
  }

  async publish<E extends object>(manager: EntityManager, event: E): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error(`${event.constructor.name} must be published inside a transaction`);
    for (const handler of this.handlers.get(event.constructor as DomainEventType<object>) ?? []) await handler(event, manager);
  }

  onStaged<E extends object>(type: DomainEventType<E>, handler: StagedHandler<E>): void {
    const list = this.stagedHandlers.get(type) ?? [];
    list.push(handler as StagedHandler<object>);
    this.stagedHandlers.set(type, list);
  }

  /** The staged writes of every staged handler of the event, in subscription order; a handler that throws fails the publisher. */
  async stage<E extends object>(event: E): Promise<StagedWrite[]> {
    const writes: StagedWrite[] = [];
    for (const handler of this.stagedHandlers.get(event.constructor as DomainEventType<object>) ?? []) {
      const write = await handler(event);
      if (write) writes.push(write);
    }
    return writes;
  }

  /** Whether events of `type` have handlers that run inside the publisher's transaction (`on`). */
  handledInTransaction(type: DomainEventType<object>): boolean {
    return (this.handlers.get(type)?.length ?? 0) > 0;
  }
}

/**
 * One statement: the publisher's own data-modifying statement (`store`, given the condition that
 * every staged write is still current, which it must put in its WHERE) as the CTE `stored`, then each
 * staged write, which runs only when `stored` has a row. Its one row says whether the staged writes
 * were current (`fresh`: when false nothing was written) and carries `stored`'s row, if any, as JSON.
 */
export function withStagedWrites(store: (current: Sql) => Sql, writes: readonly StagedWrite[]): Sql {
  const conditions = writes.flatMap((write) => (write.stillCurrent ? [sql`coalesce(${write.stillCurrent}, false)`] : []));
  const fresh = conditions.length > 0 ? joinSql(conditions, ' AND ') : raw('true');
  const staged = writes.map((write, index) => sql`, ${raw(`staged_${index + 1}`)} AS (${write.statement(raw('stored'))})`);
  return sql`WITH staged_fresh AS (SELECT ${fresh} AS ok),
stored AS (${store(raw('(SELECT ok FROM staged_fresh)'))})${joinSql(staged, '')}
SELECT staged_fresh.ok AS fresh, (SELECT row_to_json(stored) FROM stored) AS stored FROM staged_fresh`;
}

/** Asks each staged write whose data turned out old to forget it (before staging again). */
export function forgetOutdated(writes: readonly StagedWrite[]): void {
  for (const write of writes) write.outdated?.();
}

/** One bus for the application (global: every module may publish and subscribe). */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class DomainEventsModule {}
