import type pg from 'pg';
import type { BackupColumn } from './backup-format.js';

export interface TableInventory {
  name: string;
  columns: BackupColumn[];
}

export interface SchemaInventory {
  /** Every ordinary table of the schema, parents before the tables that reference them. */
  tables: TableInventory[];
  /**
   * Unlogged tables (rate-limit counters): disposable by design (PostgreSQL itself empties them after a
   * crash), so they are not backed up and are emptied on restore.
   */
  unloggedTables: string[];
  sequences: string[];
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Session settings under which COPY writes the same text for the same values, whichever server or
 * client settings are in force: a backup's checksums can then be checked against the restored tables.
 */
export const COPY_SETTINGS: Record<string, string> = {
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'postgres',
  TimeZone: 'UTC',
  extra_float_digits: '3',
  bytea_output: 'hex',
  client_encoding: 'UTF8',
  standard_conforming_strings: 'on',
};

/** Applies COPY_SETTINGS for the current transaction only. */
export async function applyCopySettings(client: pg.ClientBase): Promise<void> {
  for (const [name, value] of Object.entries(COPY_SETTINGS)) {
    await client.query('SELECT set_config($1, $2, true)', [name, value]);
  }
}

/** The tables, unlogged tables and sequences of the current schema (objects of extensions left out). */
export async function readSchemaInventory(client: pg.ClientBase): Promise<SchemaInventory> {
  const { rows: relations } = await client.query<{ oid: string; name: string; kind: string; unlogged: boolean }>(`
    SELECT c.oid::text AS oid, c.relname AS name, c.relkind::text AS kind, c.relpersistence = 'u' AS unlogged
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema()
      AND c.relkind IN ('r', 'p', 'S')
      AND NOT c.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    ORDER BY c.relname`);
  const tableOids = relations.filter((r) => r.kind !== 'S' && !r.unlogged).map((r) => r.oid);
  const { rows: columns } = await client.query<{ oid: string; name: string; type: string }>(
    `SELECT a.attrelid::text AS oid, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a
     WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attrelid, a.attnum`,
    [tableOids],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT conrelid::text AS child, confrelid::text AS parent FROM pg_constraint
     WHERE contype = 'f' AND conrelid = ANY($1::oid[]) AND confrelid = ANY($1::oid[]) AND conrelid <> confrelid`,
    [tableOids],
  );
  const names = new Map(relations.map((r) => [r.oid, r.name]));
  const columnsByTable = new Map<string, BackupColumn[]>();
  for (const column of columns) {
    const list = columnsByTable.get(column.oid) ?? [];
    list.push({ name: column.name, type: column.type });
    columnsByTable.set(column.oid, list);
  }
  const ordered = dependencyOrder(
    tableOids.map((oid) => names.get(oid)!),
    references.map((r) => ({ child: names.get(r.child)!, parent: names.get(r.parent)! })),
  );
  const oidByName = new Map(relations.map((r) => [r.name, r.oid]));
  return {
    tables: ordered.map((name) => ({ name, columns: columnsByTable.get(oidByName.get(name)!) ?? [] })),
    unloggedTables: relations.filter((r) => r.kind !== 'S' && r.unlogged).map((r) => r.name),
    sequences: relations.filter((r) => r.kind === 'S').map((r) => r.name),
  };
}

/**
 * Orders tables so that each comes after every table it references (foreign keys), alphabetically
 * among equals so the order is stable. Restoring in this order satisfies every foreign key as rows
 * arrive, without deferring or disabling constraints. A cycle cannot be ordered and is an error.
 */
export function dependencyOrder(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  }
  const done = new Set<string>();
  const ordered: string[] = [];
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const index = remaining.findIndex((table) => [...parents.get(table)!].every((parent) => done.has(parent)));
    if (index === -1) throw new Error(`The foreign keys between ${remaining.join(', ')} form a cycle: no restore order exists.`);
    const [next] = remaining.splice(index, 1);
    done.add(next!);
    ordered.push(next!);
  }
  return ordered;
}
