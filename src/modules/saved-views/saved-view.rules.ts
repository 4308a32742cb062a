import type { FieldError } from '@relining/contracts/api/errors';
import { SAVED_VIEW_MESSAGES, SAVED_VIEW_NAME_MAX, SAVED_VIEW_RESOURCES, type SavedView, type SavedViewResource } from '@relining/contracts/api/saved-views';

/** The largest filter a view keeps, as JSON text: a list's filter is a handful of values, never pages of them. */
export const SAVED_VIEW_FILTER_MAX_CHARS = 20_000;

/** A view as posted (POST) or sent back whole by react-admin (PUT): any JSON in each field until checked. */
export interface SavedViewBody {
  resource?: unknown;
  name?: unknown;
  filter?: unknown;
  sort?: unknown;
  isDefault?: unknown;
}

/** The checked fields of a body: those left out are undefined. */
export interface SavedViewChanges {
  resource?: SavedViewResource;
  name?: string;
  filter?: Record<string, unknown>;
  sort?: SavedView['sort'];
  isDefault?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every problem of a body, in field order, with the contracts' messages. A new view needs its list and a
 * name; a change (PUT) checks only the fields it carries, and never moves a view to another list (its
 * `resource` is read-only, like its id and dates).
 */
export function savedViewProblems(body: SavedViewBody, mode: 'create' | 'update'): FieldError[] {
  const problems: FieldError[] = [];
  if (mode === 'create' && !SAVED_VIEW_RESOURCES.includes(body.resource as SavedViewResource)) {
    problems.push({ field: 'resource', message: SAVED_VIEW_MESSAGES.unknownResource });
  }
  if (mode === 'create' || body.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '') problems.push({ field: 'name', message: SAVED_VIEW_MESSAGES.nameRequired });
    else if ([...name].length > SAVED_VIEW_NAME_MAX) problems.push({ field: 'name', message: SAVED_VIEW_MESSAGES.nameTooLong });
  }
  if (body.filter !== undefined) {
    if (!isObject(body.filter)) problems.push({ field: 'filter', message: SAVED_VIEW_MESSAGES.filterNotObject });
    else if (JSON.stringify(body.filter).length > SAVED_VIEW_FILTER_MAX_CHARS) problems.push({ field: 'filter', message: SAVED_VIEW_MESSAGES.filterTooLarge });
  }
  if (body.sort !== undefined && body.sort !== null) {
    const sort = body.sort;
    const valid =
      isObject(sort) &&
      typeof sort.field === 'string' &&
      sort.field.trim() !== '' &&
      sort.field.length <= 100 &&
      (sort.order === 'ASC' || sort.order === 'DESC') &&
      Object.keys(sort).every((key) => key === 'field' || key === 'order');
    if (!valid) problems.push({ field: 'sort', message: SAVED_VIEW_MESSAGES.sortShape });
  }
  if (body.isDefault !== undefined && typeof body.isDefault !== 'boolean') {
    problems.push({ field: 'isDefault', message: SAVED_VIEW_MESSAGES.isDefaultBoolean });
  }
  return problems;
}

/** The fields of a body that passed `savedViewProblems`, cleaned (the name trimmed). */
export function savedViewChanges(body: SavedViewBody, mode: 'create' | 'update'): SavedViewChanges {
  const changes: SavedViewChanges = {};
  if (mode === 'create') changes.resource = body.resource as SavedViewResource;
  if (typeof body.name === 'string') changes.name = body.name.trim();
  if (isObject(body.filter)) changes.filter = body.filter;
  if (body.sort === null) changes.sort = null;
  else if (isObject(body.sort)) changes.sort = { field: String(body.sort.field), order: body.sort.order as 'ASC' | 'DESC' };
  if (typeof body.isDefault === 'boolean') changes.isDefault = body.isDefault;
  return changes;
}
