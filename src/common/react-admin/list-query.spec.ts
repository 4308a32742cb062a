import { DomainError } from '../errors/domain-error.js';
import { equals, likePattern, search } from './list-filters.js';
import { contentRange, defineListSpec, parseListParams } from './list-query.js';

const spec = defineListSpec({
  resource: 'bookings',
  idColumn: 'b.id',
  sortable: { createdAt: 'b.created_at', fullName: 'b.full_name' },
  defaultSort: ['createdAt', 'DESC'],
  filters: { status: equals('b.status', ['new', 'contacted']), q: search(['b.full_name']) },
  defaultPageSize: 10,
  maxPageSize: 100,
});

function fieldErrorOf(params: Record<string, string>): { field: string; message: string } | undefined {
  try {
    parseListParams(params, spec);
  } catch (error) {
    if (error instanceof DomainError) return error.errors?.[0];
    throw error;
  }
  return undefined;
}

describe('parseListParams', () => {
  it('uses the defaults when nothing is given', () => {
    expect(parseListParams({}, spec)).toEqual({ sortField: 'createdAt', order: 'DESC', offset: 0, limit: 10, filters: [] });
  });

  it.each([
    [{ sort: '["fullName","ASC"]' }, { sortField: 'fullName', order: 'ASC' }],
    [{ sort: '["fullName","desc"]' }, { sortField: 'fullName', order: 'DESC' }],
    [{ sort: '["id","ASC"]' }, { sortField: 'id', order: 'ASC' }], // react-admin's default sort, on every list
    [{ range: '[0,24]' }, { offset: 0, limit: 25 }],
    [{ range: '[10,19]' }, { offset: 10, limit: 10 }],
    [
      { filter: '{"status":"new","q":"smith"}' },
      {
        filters: [
          ['status', 'new'],
          ['q', 'smith'],
        ],
      },
    ],
    [{ filter: '{"status":"","q":null}' }, { filters: [] }],
  ])('reads %j', (params, expected) => {
    expect(parseListParams(params, spec)).toMatchObject(expected);
  });

  it.each([
    [{ sort: 'createdAt' }, 'sort', 'sort must be JSON, for example ["createdAt","DESC"]'],
    [{ sort: '["password","ASC"]' }, 'sort', 'bookings can be sorted by: createdAt, fullName, id'],
    [{ sort: '["fullName","SIDEWAYS"]' }, 'sort', 'The sort order must be ASC or DESC'],
    [{ sort: '["fullName"]' }, 'sort', 'sort must be [field, order], for example ["createdAt","DESC"]'],
    [{ range: '[5,2]' }, 'range', 'range must be [start, end] with 0 ≤ start ≤ end, for example [0,9]'],
    [{ range: '[-1,2]' }, 'range', 'range must be [start, end] with 0 ≤ start ≤ end, for example [0,9]'],
    [{ range: '[0,1000]' }, 'range', 'A page holds at most 100 bookings'],
    [{ filter: '[]' }, 'filter', 'filter must be a JSON object, for example {"q":"smith"}'],
    [{ filter: '{"password":"x"}' }, 'filter.password', 'bookings can be filtered by: status, q'],
    [{ filter: '{"__proto__":{"x":1}}' }, 'filter.__proto__', 'bookings can be filtered by: status, q'],
  ])('refuses %j', (params, field, message) => {
    expect(fieldErrorOf(params)).toEqual({ field, message });
  });
});

describe('contentRange', () => {
  it.each([
    ['bookings', 0, 10, 57, 'bookings 0-9/57'],
    ['bookings', 50, 7, 57, 'bookings 50-56/57'],
    ['bookings', 0, 0, 0, 'bookings */0'],
  ])('%s %i+%i of %i → %s', (resource, offset, count, total, expected) => {
    expect(contentRange(resource, offset, count, total)).toBe(expected);
  });
});

describe('likePattern', () => {
  it.each([
    ['smith', '%smith%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%s → %s', (text, pattern) => {
    expect(likePattern(text)).toBe(pattern);
  });
});
