import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../errors/domain-error.js';

/**
 * The list protocol of react-admin's ra-data-simple-rest, parsed once for every staff list:
 * `?sort=["field","ASC"]&range=[0,24]&filter={"status":"new","q":"smith"}`, answered with a JSON array
 * and `Content-Range: <resource> <start>-<end>/<total>`. Sorting and filtering accept only the fields a
 * resource allows.
 */

export type SortOrder = 'ASC' | 'DESC';

export interface ListParams {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
}

/** Applies one filter value to a query, throwing a field error when the value has the wrong shape. */
export interface FilterDefinition {
  apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string): void;
}

export interface ListSpec {
  resource: string;
  /** The column that breaks ties, so pages never overlap or skip rows. */
  idColumn: string;
  /** Sortable field name → SQL column expression. */
  sortable: Readonly<Record<string, string>>;
  defaultSort: readonly [string, SortOrder];
  /** Filterable field name → how it narrows the query; `q` is the free-text search by convention. */
  filters: Readonly<Record<string, FilterDefinition>>;
  defaultPageSize: number;
  maxPageSize: number;
}

export interface ParsedList {
  sortField: string;
  order: SortOrder;
  offset: number;
  limit: number;
  filters: ReadonlyArray<readonly [string, unknown]>;
}

/** react-admin's default sort field (`["id","ASC"]`): every list accepts it, ordered by its id column. */
export const ID_SORT_FIELD = 'id';

export function defineListSpec(spec: ListSpec): ListSpec {
  const sortable = { ...spec.sortable, [ID_SORT_FIELD]: spec.idColumn };
  if (!Object.hasOwn(sortable, spec.defaultSort[0])) {
    throw new Error(`${spec.resource}: default sort field ${spec.defaultSort[0]} is not sortable`);
  }
  return { ...spec, sortable };
}

/** What parsing needs of a list: its name, the names it sorts and filters by, its paging. */
type ParseSpec = Pick<ListSpec, 'resource' | 'defaultSort' | 'defaultPageSize' | 'maxPageSize'> & {
  sortable: Readonly<Record<string, unknown>>;
  filters: Readonly<Record<string, unknown>>;
};

export function parseListParams(params: ListParams, spec: ParseSpec): ParsedList {
  const [sortField, order] = parseSort(params.sort, spec);
  const [offset, limit] = parseRange(params.range, spec);
  return { sortField, order, offset, limit, filters: parseFilter(params.filter, spec) };
}

function parseJson(raw: unknown, field: string, example: string): unknown {
  if (typeof raw !== 'string') {
    throw DomainError.validation([{ field, message: `${field} must be JSON, for example ${example}` }]);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw DomainError.validation([{ field, message: `${field} must be JSON, for example ${example}` }]);
  }
}

function parseSort(raw: unknown, spec: ParseSpec): [string, SortOrder] {
  if (raw === undefined || raw === '') return [spec.defaultSort[0], spec.defaultSort[1]];
  const value = parseJson(raw, 'sort', '["createdAt","DESC"]');
  const allowed = Object.keys(spec.sortable);
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw DomainError.validation([{ field: 'sort', message: 'sort must be [field, order], for example ["createdAt","DESC"]' }]);
  }
  const [field, order] = value as [string, string];
  if (!Object.hasOwn(spec.sortable, field)) {
    throw DomainError.validation([{ field: 'sort', message: `${spec.resource} can be sorted by: ${allowed.join(', ')}` }]);
  }
  const upper = order.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') {
    throw DomainError.validation([{ field: 'sort', message: 'The sort order must be ASC or DESC' }]);
  }
  return [field, upper];
}

function parseRange(raw: unknown, spec: ParseSpec): [number, number] {
  if (raw === undefined || raw === '') return [0, spec.defaultPageSize];
  const value = parseJson(raw, 'range', '[0,9]');
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) ||
    (value[1] as number) < (value[0] as number)
  ) {
    throw DomainError.validation([{ field: 'range', message: 'range must be [start, end] with 0 ≤ start ≤ end, for example [0,9]' }]);
  }
  const [start, end] = value as [number, number];
  const limit = end - start + 1;
  if (limit > spec.maxPageSize) {
    throw DomainError.validation([{ field: 'range', message: `A page holds at most ${spec.maxPageSize} ${spec.resource}` }]);
  }
  return [start, limit];
}

function parseFilter(raw: unknown, spec: ParseSpec): Array<readonly [string, unknown]> {
  if (raw === undefined || raw === '') return [];
  const value = parseJson(raw, 'filter', '{"q":"smith"}');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw DomainError.validation([{ field: 'filter', message: 'filter must be a JSON object, for example {"q":"smith"}' }]);
  }
  const filters: Array<readonly [string, unknown]> = [];
  for (const [name, filterValue] of Object.entries(value)) {
    if (!Object.hasOwn(spec.filters, name)) {
      throw DomainError.validation([{ field: `filter.${name}`, message: `${spec.resource} can be filtered by: ${Object.keys(spec.filters).join(', ')}` }]);
    }
    // react-admin sends cleared inputs as empty values: they do not narrow the list.
    if (filterValue === null || filterValue === '' || (Array.isArray(filterValue) && filterValue.length === 0 && name !== 'id')) continue;
    filters.push([name, filterValue]);
  }
  return filters;
}

function applyFilters<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ParsedList, spec: ListSpec): SelectQueryBuilder<T> {
  for (const [name, value] of list.filters) {
    spec.filters[name]!.apply(query as unknown as SelectQueryBuilder<ObjectLiteral>, value, name);
  }
  return query;
}

/**
 * The list order: the sort field, then the id so pages never overlap or skip rows. Always
 * `DESC NULLS LAST, id DESC` or its exact reverse (`ASC NULLS FIRST, id ASC`), so one index
 * `(field DESC NULLS LAST, id DESC)` serves both directions.
 */
function applyOrder<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ParsedList, spec: ListSpec): SelectQueryBuilder<T> {
  // Ids are never null: the plain order matches the primary key's index in both directions.
  if (spec.sortable[list.sortField] === spec.idColumn) return query.orderBy(spec.idColumn, list.order);
  return query.orderBy(spec.sortable[list.sortField]!, list.order, list.order === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST').addOrderBy(spec.idColumn, list.order);
}

/** Adds the filters, the order (with a tie-breaker) and the page to a query. */
export function applyListQuery<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ParsedList, spec: ListSpec): SelectQueryBuilder<T> {
  return applyOrder(applyFilters(query, list, spec), list, spec)
    .offset(list.offset)
    .limit(list.limit);
}

/**
 * One page of a list and the exact number of rows its filter matches (for Content-Range), as
 * `getManyAndCount` answers them, but in a way that stays fast with millions of rows:
 * - the page's ids are chosen first, in a subquery that reads only the filter, sort and id columns, so
 *   an index on them answers it alone (an index-only scan) however deep the page, and only the page's
 *   own rows are then read from the table (a "deferred join");
 * - the total comes from `countFromTotals` when the resource keeps running totals for that filter
 *   (it answers undefined otherwise), else from a plain `count(*)` of the filter (no DISTINCT: list
 *   queries join nothing), run at the same time on a second connection.
 */
export async function findListPage<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  list: ParsedList,
  spec: ListSpec,
  countFromTotals?: (list: ParsedList) => Promise<number> | undefined,
): Promise<[T[], number]> {
  const filtered = applyFilters(query, list, spec);
  const pageIds = applyOrder(filtered.clone(), list, spec).select(spec.idColumn, 'page_id').offset(list.offset).limit(list.limit);
  const page = applyOrder(filtered.clone(), list, spec).innerJoin(`(${pageIds.getQuery()})`, 'page', `page.page_id = ${spec.idColumn}`);
  return Promise.all([page.getMany(), countFromTotals?.(list) ?? filtered.clone().getCount()]);
}

/**
 * The values of a list's only filter when that filter is `name` (for totals kept by that field), or
 * all values (`null`) when the list has no filter; undefined when other filters narrow it too.
 */
export function onlyFilterValues(list: ParsedList, name: string): string[] | null | undefined {
  if (list.filters.length === 0) return null;
  if (list.filters.length !== 1 || list.filters[0]![0] !== name) return undefined;
  const value = list.filters[0]![1];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * A short list held in memory (the e-mail templates: a fixed catalogue, not a table), spoken in the
 * same dialect: `sortable` gives each sort field's value of a row, `filters` whether a row matches a
 * filter value (throwing a field error for a value of the wrong shape).
 */
export interface MemoryListSpec<T extends { id: string }> {
  resource: string;
  sortable: Readonly<Record<string, (row: T) => string | number | null>>;
  defaultSort: readonly [string, SortOrder];
  filters: Readonly<Record<string, (row: T, value: unknown, name: string) => boolean>>;
  defaultPageSize: number;
  maxPageSize: number;
}

export function defineMemoryListSpec<T extends { id: string }>(spec: MemoryListSpec<T>): MemoryListSpec<T> {
  const sortable = { ...spec.sortable, [ID_SORT_FIELD]: (row: T) => row.id };
  if (!Object.hasOwn(sortable, spec.defaultSort[0])) throw new Error(`${spec.resource}: default sort field ${spec.defaultSort[0]} is not sortable`);
  return { ...spec, sortable };
}

/** One page of an in-memory list and the number of rows its filter matches, ordered as SQL lists are (nulls last when descending, then the id). */
export function listInMemory<T extends { id: string }>(
  rows: readonly T[],
  params: ListParams,
  spec: MemoryListSpec<T>,
): { rows: T[]; offset: number; total: number } {
  const list = parseListParams(params, spec);
  const matching = rows.filter((row) => list.filters.every(([name, value]) => spec.filters[name]!(row, value, name)));
  const valueOf = spec.sortable[list.sortField]!;
  const direction = list.order === 'ASC' ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null): number => {
    if (a === b) return 0;
    if (a === null) return -1; // ASC NULLS FIRST, DESC NULLS LAST
    if (b === null) return 1;
    return a < b ? -1 : 1;
  };
  const sorted = [...matching].sort((a, b) => direction * (compare(valueOf(a), valueOf(b)) || compare(a.id, b.id)));
  return { rows: sorted.slice(list.offset, list.offset + list.limit), offset: list.offset, total: matching.length };
}

/** `Content-Range: bookings 0-9/57`, or `bookings *\/0` for an empty page. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;
}
