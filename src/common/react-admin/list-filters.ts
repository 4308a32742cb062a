import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../errors/domain-error.js';
import type { FilterDefinition, ParsedList } from './list-query.js';

/** Filter building blocks for `ListSpec.filters`. Each validates its value and binds it as a parameter. */

function fail(name: string, message: string): never {
  throw DomainError.validation([{ field: `filter.${name}`, message }]);
}

function param(name: string): string {
  return `filter_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

function asStrings(value: unknown, name: string): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string' || typeof item === 'number')) {
    fail(name, `${name} must be a text value or a list of them`);
  }
  return values.map(String);
}

/** Exact match on one value or any of a list; with `allowed`, other values are refused. */
export function equals(column: string, allowed?: readonly string[]): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      const values = asStrings(value, name);
      if (allowed) {
        const wrong = values.find((item) => !allowed.includes(item));
        if (wrong !== undefined) fail(name, `${name} must be one of: ${allowed.join(', ')}`);
      }
      // An empty list matches nothing (`IN ()` is not SQL: filter={"id":[]} was a 500).
      if (values.length === 0) query.andWhere('false');
      else if (values.length === 1) query.andWhere(`${column} = :${param(name)}`, { [param(name)]: values[0] });
      else query.andWhere(`${column} IN (:...${param(name)})`, { [param(name)]: values });
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `filter.id` as a list of ids: react-admin's getMany. Malformed ids match nothing rather than fail. */
export function ids(column: string): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      const values = asStrings(value, name).filter((id) => UUID.test(id));
      if (values.length === 0) query.andWhere('false');
      else query.andWhere(`${column} IN (:...${param(name)})`, { [param(name)]: values });
    },
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Free-text search (`filter.q`): every word must appear, case-insensitively, in one of the columns. */
export function search(columns: readonly string[]): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      if (typeof value !== 'string') fail(name, `${name} must be text`);
      const words = value.trim().split(/\s+/).filter(Boolean).slice(0, 8);
      words.forEach((word, index) => {
        const key = `${param(name)}_${index}`;
        query.andWhere(`(${columns.map((column) => `${column} ILIKE :${key}`).join(' OR ')})`, { [key]: likePattern(word) });
      });
    },
  };
}

/**
 * A real calendar day written yyyy-MM-dd. JavaScript rolls 2026-02-30 over to March and PostgreSQL
 * refuses it (and year 0000) with an error, so both are refused here with a clear message.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function asInstant(value: unknown, name: string): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    fail(name, `${name} must be a date such as 2026-01-31 or a date and time in ISO 8601`);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !isCalendarDate(value.slice(0, 10))) fail(name, `${name} is not a real date`);
  return date;
}

/**
 * A calendar day in the display time zone (the caller binds `:tz`), as the instant it starts:
 * `column >= that instant` for "from", `column < the next day's` for "to" (shiftDays 1).
 */
export function calendarDay(column: string, operator: '>=' | '<', shiftDays: 0 | 1): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      if (!isCalendarDate(value)) fail(name, `${name} must be a date such as 2026-01-31`);
      query.andWhere(`${column} ${operator} ((:${param(name)}::date + ${shiftDays})::timestamp AT TIME ZONE :tz)`, { [param(name)]: value });
    },
  };
}

/** `column >= value` for a date or instant. */
export function onOrAfter(column: string): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      query.andWhere(`${column} >= :${param(name)}`, { [param(name)]: asInstant(value, name) });
    },
  };
}

/** `column < value` for an instant, or before the end of that day for a plain date. */
export function before(column: string): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      const instant = asInstant(value, name);
      const end = typeof value === 'string' && value.length === 10 ? new Date(instant.getTime() + 86_400_000) : instant;
      query.andWhere(`${column} < :${param(name)}`, { [param(name)]: end });
    },
  };
}

/** `archived: true` lists the archived rows (their `column` is set), `false` the active ones. */
export function archived(column: string): FilterDefinition {
  return {
    apply(query: SelectQueryBuilder<ObjectLiteral>, value: unknown, name: string) {
      if (value !== true && value !== false) fail(name, `${name} must be true or false`);
      query.andWhere(`${column} IS ${value ? 'NOT ' : ''}NULL`);
    },
  };
}

/**
 * Lists of retirable records show the active ones unless the filter says otherwise: an `archived`
 * filter picks, and `filter.id` (react-admin's getMany, resolving a reference) finds either.
 */
export function activeUnlessAsked<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, list: ParsedList, column: string): SelectQueryBuilder<T> {
  return list.filters.some(([name]) => name === 'archived' || name === 'id') ? query : query.andWhere(`${column} IS NULL`);
}
