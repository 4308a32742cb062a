import { jest } from '@jest/globals';
import fc from 'fast-check';
import type { Pool } from 'pg';
import { TableChanges } from '../../src/database/table-changes.js';
import { LocalitiesRepository } from '../../src/modules/addresses/localities.repository.js';
import { runs } from '../support/property.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 13 item 10a: a booking's suburb is matched against the localities in memory instead of a
 * query per booking. The answer must be the query's, exactly: the same place (name as the dataset
 * spells it, state and postcode when certain) for whatever a visitor types.
 */
describe('localities matched in memory answer what the query answers', () => {
  let sut: TestApp;
  let inMemory: LocalitiesRepository;
  let byQuery: LocalitiesRepository;
  let names: string[];

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    inMemory = sut.app.get(LocalitiesRepository);
    await sut.app.get(TableChanges).ready();
    await inMemory.warm();
    // The same repository on a session that never listens: it keeps no copy and always queries.
    byQuery = new LocalitiesRepository(sut.dataSource, new TableChanges('postgres://never-used'));
    names = (await sut.dataSource.query(`SELECT name FROM localities ORDER BY md5(name) LIMIT 400`)).map((row: { name: string }) => row.name);
  });

  afterAll(() => sut.close());

  /** Both answer the same, or both fail the same way (PostgreSQL refuses text with NUL). */
  async function same(text: string, hint: { state?: unknown; postcode?: unknown } = {}): Promise<void> {
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      );
    expect(await outcome(inMemory.place(text, hint))).toEqual(await outcome(byQuery.place(text, hint)));
    expect(await outcome(inMemory.resolve(text))).toEqual(await outcome(byQuery.resolve(text)));
  }

  it('answers from memory, without a query', async () => {
    const query = jest.spyOn((sut.dataSource.driver as unknown as { master: Pool }).master, 'query');
    try {
      expect(await inMemory.place('richmond', { state: 'VIC' })).toEqual({ suburb: 'Richmond', state: 'VIC', postcode: expect.stringMatching(/^3\d{3}$/) });
      expect(await inMemory.place('Parramatta NSW 2150')).toEqual({ suburb: 'Parramatta', state: 'NSW', postcode: '2150' });
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it.each([
    ['Richmond'],
    ['richmond'],
    ['RICHMOND'],
    ['Richmond VIC'],
    ['Richmond, VIC 3121'],
    ['richmond vic 3121'],
    ['Richmond NSW 9999'],
    ['Mount Pleasant'],
    ['Springfield'],
    ['Newtown'],
    ['  Toowong ,'],
    ['Parramatta NSW 2150'],
    ["O'Connor"],
    ['Nowhere Special'],
    [''],
    [' , '],
    ['Ríchmond'],
    ['\u212Aew'],
    ['KEW'],
    ['İpswich'],
    ['Kew\u0000'],
    ['Sandy Bay TAS 7005'],
    ['Braddon ACT'],
    ['3121'],
    ['VIC'],
  ])('%j', async (text) => {
    await same(text);
    await same(text, { state: 'VIC' });
    await same(text, { postcode: '3121' });
    await same(text, { state: ' nsw ', postcode: 2150 });
  });

  it('for every way of typing names the dataset holds', async () => {
    const typed = fc.record({
      name: fc.constantFrom(...names),
      casing: fc.constantFrom('as is', 'lower', 'upper'),
      suffix: fc.constantFrom('', ' VIC', ' NSW 2000', ', QLD', ' 3000', ', ', '  '),
      hint: fc.record({
        state: fc.constantFrom(undefined, 'VIC', 'NSW', 'WA', 'qld', 'XX'),
        postcode: fc.constantFrom(undefined, '3000', '2150', '6160', 'abcd'),
      }),
    });
    await fc.assert(
      fc.asyncProperty(typed, async ({ name, casing, suffix, hint }) => {
        const text = (casing === 'lower' ? name.toLowerCase() : casing === 'upper' ? name.toUpperCase() : name) + suffix;
        await same(text, hint);
      }),
      runs(150),
    );
  });

  it('for any text at all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', 'K', 'k', 'e', 'w', ' ', ',', '\u212A', 'é', 'İ', 'i', '1', 'V', 'I', 'C'), maxLength: 12 }),
        async (text) => {
          await same(text);
        },
      ),
      runs(150),
    );
  });
});
