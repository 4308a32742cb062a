import type { EntityManager } from 'typeorm';
import { raw, sql } from '../../database/sql-fragment.js';
import { DomainEvents, forgetOutdated, withStagedWrites, type StagedWrite } from './domain-events.js';

class Happened {
  constructor(readonly id: string) {}
}
class Other {
  constructor(readonly id: string) {}
}

const inTransaction = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;

describe('DomainEvents', () => {
  it('runs the handlers of the event type, in subscription order, with the same manager, before publish returns', async () => {
    const sut = new DomainEvents();
    const calls: string[] = [];
    sut.on(Happened, async (event, manager) => {
      expect(manager).toBe(inTransaction);
      calls.push(`first ${event.id}`);
    });
    sut.on(Happened, async (event) => {
      calls.push(`second ${event.id}`);
    });
    sut.on(Other, async () => {
      calls.push('other');
    });
    await sut.publish(inTransaction, new Happened('a'));
    expect(calls).toEqual(['first a', 'second a']);
  });

  it('fails the publisher when a handler fails (its transaction rolls back), and runs no later handler', async () => {
    const sut = new DomainEvents();
    let laterRan = false;
    sut.on(Happened, async () => {
      throw new Error('handler failed');
    });
    sut.on(Happened, async () => {
      laterRan = true;
    });
    await expect(sut.publish(inTransaction, new Happened('b'))).rejects.toThrow('handler failed');
    expect(laterRan).toBe(false);
  });

  it('refuses an event published outside a transaction', async () => {
    const sut = new DomainEvents();
    await expect(sut.publish({ queryRunner: undefined } as unknown as EntityManager, new Happened('c'))).rejects.toThrow(
      'Happened must be published inside a transaction',
    );
  });

  it('publishes an event nobody listens to as a no-op', async () => {
    await expect(new DomainEvents().publish(inTransaction, new Other('d'))).resolves.toBeUndefined();
  });
});

describe('DomainEvents: staged reactions', () => {
  const write = (table: string, id: string, extra: Partial<StagedWrite> = {}): StagedWrite => ({
    statement: (stored) => sql`INSERT INTO ${raw(table)} (id) SELECT ${id} WHERE EXISTS (SELECT FROM ${stored})`,
    ...extra,
  });

  it('collects the staged writes of the event type, in subscription order, and touches no transaction', async () => {
    const sut = new DomainEvents();
    sut.onStaged(Happened, async (event) => write('first', event.id));
    sut.onStaged(Happened, async () => undefined);
    sut.onStaged(Happened, async (event) => write('second', event.id));
    sut.onStaged(Other, async () => write('other', 'x'));
    const writes = await sut.stage(new Happened('a'));
    expect(writes.map((w) => w.statement(raw('stored')).toQuery().text)).toEqual([
      'INSERT INTO first (id) SELECT $1 WHERE EXISTS (SELECT FROM stored)',
      'INSERT INTO second (id) SELECT $1 WHERE EXISTS (SELECT FROM stored)',
    ]);
    expect(sut.handledInTransaction(Happened)).toBe(false);
  });

  it('fails the publisher when a staged handler fails', async () => {
    const sut = new DomainEvents();
    sut.onStaged(Happened, async () => {
      throw new Error('cannot prepare');
    });
    await expect(sut.stage(new Happened('b'))).rejects.toThrow('cannot prepare');
  });

  it('tells the publisher when handlers need the transaction', () => {
    const sut = new DomainEvents();
    sut.on(Happened, async () => undefined);
    expect(sut.handledInTransaction(Happened)).toBe(true);
    expect(sut.handledInTransaction(Other)).toBe(false);
  });

  it('composes one statement: the publisher’s write guarded by every staged condition, then each staged write after it', () => {
    const writes = [
      write('mails', 'm1', { stillCurrent: sql`(SELECT version FROM table_versions WHERE table_name = ${'email_templates'}) = ${'7'}::bigint` }),
      write('audit', 'a1'),
    ];
    const query = withStagedWrites((current) => sql`INSERT INTO bookings (id) SELECT ${'b1'} WHERE ${current} RETURNING id`, writes).toQuery();
    expect(query.text).toBe(
      'WITH staged_fresh AS (SELECT coalesce((SELECT version FROM table_versions WHERE table_name = $1) = $2::bigint, false) AS ok),\n' +
        'stored AS (INSERT INTO bookings (id) SELECT $3 WHERE (SELECT ok FROM staged_fresh) RETURNING id), ' +
        'staged_1 AS (INSERT INTO mails (id) SELECT $4 WHERE EXISTS (SELECT FROM stored)), ' +
        'staged_2 AS (INSERT INTO audit (id) SELECT $5 WHERE EXISTS (SELECT FROM stored))\n' +
        'SELECT staged_fresh.ok AS fresh, (SELECT row_to_json(stored) FROM stored) AS stored FROM staged_fresh',
    );
    expect(query.values).toEqual(['email_templates', '7', 'b1', 'm1', 'a1']);
  });

  it('is always fresh without conditions', () => {
    expect(withStagedWrites((current) => sql`INSERT INTO t SELECT 1 WHERE ${current}`, []).toQuery().text).toContain(
      'WITH staged_fresh AS (SELECT true AS ok)',
    );
  });

  it('asks the writes whose data turned out old to forget it', () => {
    const forgotten: string[] = [];
    forgetOutdated([write('a', '1', { outdated: () => forgotten.push('a') }), write('b', '2'), write('c', '3', { outdated: () => forgotten.push('c') })]);
    expect(forgotten).toEqual(['a', 'c']);
  });
});
