import type { EntityManager } from 'typeorm';
import { DomainEvents } from './domain-events.js';

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
    await expect(sut.publish({ queryRunner: undefined } as unknown as EntityManager, new Happened('c'))).rejects.toThrow('Happened must be published inside a transaction');
  });

  it('publishes an event nobody listens to as a no-op', async () => {
    await expect(new DomainEvents().publish(inTransaction, new Other('d'))).resolves.toBeUndefined();
  });
});
