import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { TableCache, TableChanges, tableVersionIs } from './table-changes.js';

/** A TableChanges that never connects: the test says whether it listens and which table changed. */
function fakeChanges(listening = true) {
  const changes = new TableChanges('postgres://unused');
  let heard = listening;
  Object.defineProperty(changes, 'listening', { get: () => heard });
  return {
    changes,
    setListening(value: boolean) {
      heard = value;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const inTransaction = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;

describe('TableCache', () => {
  it('loads once and keeps the copy while changes are heard', async () => {
    const { changes } = fakeChanges();
    const load = jest.fn(async () => 'v1');
    const sut = new TableCache(changes, ['settings'], load);
    expect(await sut.get()).toBe('v1');
    expect(await sut.get()).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(sut.holdsCopy).toBe(true);
  });

  it('drops the copy when its table changes, and only then', async () => {
    const { changes } = fakeChanges();
    let value = 'v1';
    const sut = new TableCache(changes, ['settings'], async () => value);
    await sut.get();
    changes.changed('email_templates');
    expect(sut.holdsCopy).toBe(true);
    value = 'v2';
    changes.changed('settings');
    expect(sut.holdsCopy).toBe(false);
    expect(await sut.get()).toBe('v2');
  });

  it('keeps nothing while changes cannot be heard: every read goes to the database', async () => {
    const { changes } = fakeChanges(false);
    const load = jest.fn(async () => 'fresh');
    const sut = new TableCache(changes, ['settings'], load);
    await sut.get();
    await sut.get();
    expect(load).toHaveBeenCalledTimes(2);
    expect(sut.holdsCopy).toBe(false);
    expect(sut.held()).toBeUndefined();
  });

  it('never keeps a load that a change overtook (its callers, who asked before the change, still get it)', async () => {
    const { changes } = fakeChanges();
    const first = deferred<string>();
    const loads = [first.promise, Promise.resolve('after the change')];
    const sut = new TableCache(changes, ['settings'], () => loads.shift()!);
    const asked = sut.get();
    changes.changed('settings');
    first.resolve('before the change');
    expect(await asked).toBe('before the change');
    expect(sut.holdsCopy).toBe(false);
    expect(await sut.get()).toBe('after the change');
  });

  it('inside a transaction, never waits for a copy still loading on another connection (reads through its own)', async () => {
    const { changes } = fakeChanges();
    const pooled = deferred<string>();
    const load = jest.fn((manager?: EntityManager) => (manager ? Promise.resolve('through the transaction') : pooled.promise));
    const sut = new TableCache(changes, ['settings'], load);
    const outside = sut.get(); // the pool is busy: this load waits
    expect(await sut.get(inTransaction)).toBe('through the transaction');
    expect(load).toHaveBeenCalledTimes(2); // no second background load while the first runs
    pooled.resolve('loaded');
    expect(await outside).toBe('loaded');
    expect(await sut.get(inTransaction)).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load', async () => {
    const { changes } = fakeChanges();
    const loads = [Promise.reject(new Error('database away')), Promise.resolve('back')];
    const sut = new TableCache(changes, ['settings'], () => loads.shift()!);
    await expect(sut.get()).rejects.toThrow('database away');
    expect(await sut.get()).toBe('back');
  });

  it('inside a transaction without a copy, reads through that transaction and loads the copy beside it', async () => {
    const { changes } = fakeChanges();
    const load = jest.fn(async (manager?: EntityManager) => (manager ? 'through the transaction' : 'pooled'));
    const sut = new TableCache(changes, ['settings'], load);
    expect(await sut.get(inTransaction)).toBe('through the transaction');
    expect(await sut.get(inTransaction)).toBe('pooled');
    expect(load.mock.calls.map(([manager]) => manager)).toEqual([undefined, inTransaction]);
  });

  it('held(): the loaded copy or nothing, never waiting; a load starts in the background', async () => {
    const { changes } = fakeChanges();
    const load = deferred<string>();
    const sut = new TableCache(changes, ['localities'], () => load.promise);
    expect(sut.held()).toBeUndefined();
    expect(sut.held()).toBeUndefined();
    load.resolve('index');
    await sut.get();
    expect(sut.held()).toBe('index');
  });
});

describe('tableVersionIs', () => {
  it('compares the stored version of a table, both as parameters', () => {
    expect(tableVersionIs('email_templates', '42').toQuery()).toEqual({
      text: '(SELECT version FROM table_versions WHERE table_name = $1) = $2::bigint',
      values: ['email_templates', '42'],
    });
  });
});
