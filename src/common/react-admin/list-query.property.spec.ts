import fc from 'fast-check';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { anyValue, check, nastyString } from '../../../test/support/property.js';
import { DomainError } from '../errors/domain-error.js';
import { calendarDay, equals, ids, isCalendarDate, likePattern, search } from './list-filters.js';
import { contentRange, defineListSpec, onlyFilterValues, parseListParams, type FilterDefinition } from './list-query.js';

const spec = defineListSpec({
  resource: 'bookings',
  idColumn: 'b.id',
  sortable: { createdAt: 'b.created_at', fullName: 'lower(b.full_name)' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    status: equals('b.status', ['new', 'contacted']),
    q: search(['b.full_name', 'b.email']),
    createdFrom: calendarDay('b.created_at', '>=', 0),
    id: ids('b.id'),
  },
  defaultPageSize: 10,
  maxPageSize: 100,
});

/** Names a client might try: the allowed ones, prototype members, SQL, anything. */
const fieldName = fc.oneof(
  fc.constantFrom('createdAt', 'fullName', 'status', 'q', 'createdFrom', 'id'),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'password_hash',
    'b.id; DROP TABLE bookings',
    'CREATED_AT',
    'created_at',
    'full_name',
  ),
  nastyString(15),
);
const number = fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(1e308, -0, 0.5, 2 ** 53, 2 ** 53 - 1), fc.double());
const json = (value: unknown) => JSON.stringify(value) ?? 'null';
/** JSON text of an object with exactly these keys, own `__proto__` included (JSON.stringify would drop it). */
const objectJson = (entries: ReadonlyArray<readonly [string, unknown]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${json(value)}`).join(',')}}`;

const sortParam = fc.oneof(
  fc.tuple(fieldName, fc.oneof(fc.constantFrom('ASC', 'DESC', 'asc', 'Desc', 'sideways', ''), nastyString(5))).map(json),
  fc.jsonValue().map(json),
  nastyString(20),
  fc.constantFrom(undefined, '', ['["createdAt","ASC"]', '["fullName","DESC"]'], 42, { x: 1 }),
);
const rangeParam = fc.oneof(
  fc.tuple(number, number).map(json),
  fc.array(number, { maxLength: 3 }).map(json),
  fc.constantFrom('[0,9', '[1e309,1e309]', '[0,"9"]', '{"0":0,"1":9}'),
  nastyString(10),
  fc.constantFrom(undefined, '', ['[0,9]', '[0,9]']),
);
const filterValue = fc.oneof(
  anyValue.filter((value) => value !== undefined),
  fc.constantFrom('new', 'contacted', ['new', 'contacted'], [], '', null, '2026-02-30', '2026-01-31', '0000-01-01'),
  fc.uuid(),
);
const filterParam = fc.oneof(
  fc.array(fc.tuple(fieldName, filterValue), { maxLength: 4 }).map(objectJson),
  fc.jsonValue().map(json),
  nastyString(20),
  fc.constantFrom(undefined, '', '{"q":', 'null', '[]', ['{}', '{}']),
);

function parse(params: Record<string, unknown>) {
  try {
    return { ok: parseListParams(params, spec) } as const;
  } catch (error) {
    return { error } as const;
  }
}

/** A stand-in for TypeORM's query builder that records what a filter adds. */
function recorder() {
  const calls: Array<{ sql: string; parameters: Record<string, unknown> }> = [];
  const query = {
    andWhere(sql: string, parameters: Record<string, unknown> = {}) {
      calls.push({ sql, parameters });
      return query;
    },
  };
  return { calls, query: query as unknown as SelectQueryBuilder<ObjectLiteral> };
}

function applyFilter(definition: FilterDefinition, value: unknown, name: string) {
  const { calls, query } = recorder();
  try {
    definition.apply(query, value, name);
    return { calls };
  } catch (error) {
    return { calls, error };
  }
}

const isValidationError = (error: unknown, fields: RegExp) =>
  error instanceof DomainError &&
  error.statusCode === 400 &&
  error.code === 'VALIDATION_FAILED' &&
  (error.errors ?? []).length > 0 &&
  error.errors!.every((item) => fields.test(item.field) && item.message.length > 0);

describe('react-admin list parameters (properties)', () => {
  it('any sort, range and filter either parse within the allow-lists and page limits, or are refused with a 400 naming the parameter', () => {
    check(
      fc.property(sortParam, rangeParam, filterParam, (sort, range, filter) => {
        const result = parse({ sort, range, filter });
        if ('error' in result) {
          expect(isValidationError(result.error, /^(sort|range|filter(\..*)?)$/s)).toBe(true);
          return;
        }
        const list = result.ok;
        expect(Object.keys(spec.sortable)).toContain(list.sortField);
        expect(['ASC', 'DESC']).toContain(list.order);
        expect(Number.isSafeInteger(list.offset) && list.offset >= 0).toBe(true);
        expect(Number.isSafeInteger(list.limit) && list.limit >= 1 && list.limit <= spec.maxPageSize).toBe(true);
        for (const [name] of list.filters) expect(Object.keys(spec.filters)).toContain(name);
      }),
      250,
    );
  });

  it('an unlisted sort field or filter name never gets through, whatever its spelling', () => {
    check(
      fc.property(fieldName, filterValue, (name, value) => {
        const sorted = parse({ sort: json([name, 'ASC']) });
        expect('ok' in sorted).toBe(Object.hasOwn(spec.sortable, name));
        const filtered = parse({ filter: objectJson([[name, value]]) });
        if (!Object.hasOwn(spec.filters, name)) {
          expect('error' in filtered && isValidationError(filtered.error, new RegExp(`^filter\\.`))).toBe(true);
        }
      }),
      250,
    );
  });

  it('a valid range [start, end] gives offset start and end - start + 1 rows', () => {
    check(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.integer({ min: 0, max: 99 }), (start, extra) => {
        expect(parseListParams({ range: json([start, start + extra]) }, spec)).toMatchObject({ offset: start, limit: extra + 1 });
      }),
    );
  });

  it('filters put values only in bound parameters, never in the SQL text, or refuse them with a field error', () => {
    const definitions: Array<[string, FilterDefinition]> = Object.entries(spec.filters);
    check(
      fc.property(fc.constantFrom(...definitions), filterValue, ([name, definition], value) => {
        const { calls, error } = applyFilter(definition, value, name);
        if (error) {
          expect(isValidationError(error, new RegExp(`^filter\\.${name}$`))).toBe(true);
          return;
        }
        for (const call of calls) {
          for (const [key, bound] of Object.entries(call.parameters)) {
            expect(key).toMatch(/^filter_[A-Za-z0-9_]+$/);
            expect(call.sql.includes(`:${key}`) || call.sql.includes(`:...${key}`)).toBe(true);
            for (const item of Array.isArray(bound) ? bound : [bound]) {
              if (typeof item === 'string' && item.length >= 4 && /[^A-Za-z_.(), :=<>|'0-9]/.test(item)) expect(call.sql).not.toContain(item);
            }
          }
        }
      }),
      200,
    );
  });

  it('date filters take only real calendar days (no 30 February, no year 0): what PostgreSQL would refuse is a 400, not a 500', () => {
    check(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^\d{4}-(0\d|1[0-3])-[0-3]\d$/),
          fc
            .date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z') })
            .map((date) => date.toISOString().slice(0, 10)),
          nastyString(12),
        ),
        (value) => {
          const { calls, error } = applyFilter(spec.filters.createdFrom!, value, 'createdFrom');
          const date = new Date(`${value}T00:00:00Z`);
          const real =
            /^\d{4}-\d{2}-\d{2}$/.test(value) && value.slice(0, 4) !== '0000' && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
          expect(error === undefined).toBe(real);
          expect(isCalendarDate(value)).toBe(real);
          if (real) expect(calls[0]!.parameters).toEqual({ filter_createdFrom: value });
        },
      ),
      200,
    );
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('0000-01-01')).toBe(false);
  });

  it('a search pattern matches its own text literally: LIKE wildcards and backslashes are escaped, nothing else changes', () => {
    check(
      fc.property(nastyString(30), (text) => {
        const pattern = likePattern(text);
        expect(pattern.startsWith('%') && pattern.endsWith('%')).toBe(true);
        const inner = pattern.slice(1, -1);
        // Unescaping gives the text back, and no % or _ is left unescaped.
        expect(inner.replace(/\\(.)/gs, '$1')).toBe(text);
        expect(inner.replace(/\\./gs, '')).not.toMatch(/[%_\\]/);
      }),
      250,
    );
  });

  it('a search uses at most eight words, each bound as its own pattern', () => {
    check(
      fc.property(nastyString(80), (text) => {
        const { calls, error } = applyFilter(spec.filters.q!, text, 'q');
        expect(error).toBeUndefined();
        const words = text.trim().split(/\s+/).filter(Boolean);
        expect(calls).toHaveLength(Math.min(words.length, 8));
        calls.forEach((call, index) => expect(Object.values(call.parameters)).toEqual([likePattern(words[index]!)]));
      }),
    );
  });

  it('an exact-match filter binds one value with =, several with IN, and an empty list matches nothing (never "IN ()")', () => {
    check(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), (values) => {
        const { calls, error } = applyFilter(equals('b.status'), values, 'status');
        expect(error).toBeUndefined();
        if (values.length === 0) expect(calls).toEqual([{ sql: 'false', parameters: {} }]);
        else if (values.length === 1) expect(calls).toEqual([{ sql: 'b.status = :filter_status', parameters: { filter_status: values[0] } }]);
        else expect(calls).toEqual([{ sql: 'b.status IN (:...filter_status)', parameters: { filter_status: values } }]);
      }),
    );
  });

  it('getMany ids: only well-formed uuids are bound; none at all matches nothing', () => {
    check(
      fc.property(fc.array(fc.oneof(fc.uuid(), nastyString(36)), { maxLength: 6 }), (values) => {
        const { calls, error } = applyFilter(spec.filters.id!, values, 'id');
        if (error) return expect(isValidationError(error, /^filter\.id$/)).toBe(true);
        const uuids = values.filter((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value));
        if (uuids.length === 0) expect(calls).toEqual([{ sql: 'false', parameters: {} }]);
        else expect(calls[0]!.parameters).toEqual({ filter_id: uuids });
      }),
    );
  });

  it('Content-Range describes the page: first-last/total, or */total when empty', () => {
    check(
      fc.property(fc.nat(10 ** 9), fc.nat(500), fc.nat(10 ** 9), (offset, count, extra) => {
        const total = offset + count + extra;
        const header = contentRange('bookings', offset, count, total);
        if (count === 0) expect(header).toBe(`bookings */${total}`);
        else expect(header).toBe(`bookings ${offset}-${offset + count - 1}/${total}`);
      }),
    );
  });

  it('totals by one filter are used only when that filter is the only one', () => {
    check(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('status', 'q'), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }))), { maxLength: 3 }),
        (filters) => {
          const values = onlyFilterValues({ sortField: 'createdAt', order: 'DESC', offset: 0, limit: 10, filters }, 'status');
          if (filters.length === 0) expect(values).toBeNull();
          else if (filters.length === 1 && filters[0]![0] === 'status') expect(values).toEqual([filters[0]![1]].flat().map(String));
          else expect(values).toBeUndefined();
        },
      ),
    );
  });
});
