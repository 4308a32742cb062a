import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../../common/react-admin/list-filters.js';
import { queryRows } from '../../database/sql.js';
import { TableCache, TableChanges } from '../../database/table-changes.js';
import { parseLocality, placeOf, wantedLocality, type ParsedLocality, type Place } from './address.rules.js';

export interface LocalityRow {
  id: number;
  name: string;
  state: string;
  postcode: string;
}

/**
 * The localities by name in memory, as the database lowercases and orders them: `lower(name)` →
 * its rows in (state, postcode) order. `asciiLowerAsJs`: the database lowercases A–Z to a–z (not so
 * under a Turkish collation, for one), so a name typed in ASCII finds here exactly what the query would.
 */
interface LocalityIndex {
  asciiLowerAsJs: boolean;
  byName: ReadonlyMap<string, readonly LocalityRow[]>;
}

/** ASCII without NUL (which the query refuses with an error, and so must the match). */
const ASCII = /^[\x01-\x7F]*$/;
/** The query's own limit (`matching`): kept in memory too, so both answer the same rows. */
const MATCH_LIMIT = 20;

/**
 * The Australian localities table (suburb, state, postcode). Suburbs typed in forms are matched in
 * memory (a copy of the ~16,000 rows, loaded in the background and dropped whenever the table changes:
 * TableChanges), with the same answer as the query, which still serves until the copy is loaded and
 * for names that are not plain ASCII.
 */
@Injectable()
export class LocalitiesRepository {
  private readonly index: TableCache<LocalityIndex>;

  constructor(
    private readonly dataSource: DataSource,
    changes: TableChanges,
  ) {
    this.index = new TableCache(changes, ['localities'], () => this.loadIndex());
  }

  /** Loads the copy in memory now (otherwise the first suburb matched loads it in the background). */
  async warm(): Promise<void> {
    await this.index.get();
  }

  /**
   * Localities starting with the text first (the trigram-free index on lower(name)), then close
   * spellings by trigram similarity; larger towns first among equals is not known, so shorter names
   * and then state order break ties.
   */
  async search(text: string, limit: number, within: { state?: string; postcode?: string } = {}): Promise<LocalityRow[]> {
    const query = text.trim().toLowerCase();
    if (!query) return [];
    const state = within.state ?? null;
    const postcode = within.postcode ?? null;
    const prefix = await queryRows<LocalityRow>(
      this.dataSource,
      `SELECT id, name, state, postcode FROM localities
       WHERE lower(name) LIKE $1 AND ($3::text IS NULL OR state = $3) AND ($4::text IS NULL OR postcode = $4)
       ORDER BY length(name), name, state, postcode LIMIT $2`,
      [`${likePattern(query).slice(1)}`, limit, state, postcode],
    );
    if (prefix.length >= limit || query.length < 4) return prefix;
    const fuzzy = await queryRows<LocalityRow>(
      this.dataSource,
      `SELECT id, name, state, postcode FROM localities
       WHERE lower(name) % $1 AND NOT (lower(name) LIKE $2) AND ($4::text IS NULL OR state = $4) AND ($5::text IS NULL OR postcode = $5)
       ORDER BY similarity(lower(name), $1) DESC, name LIMIT $3`,
      [query, `${likePattern(query).slice(1)}`, limit - prefix.length, state, postcode],
    );
    return [...prefix, ...fuzzy];
  }

  /**
   * The place to store for a suburb as typed or picked ("Parramatta NSW 2150", "toowong", "Richmond")
   * and the state and postcode of the suggestion picked, when the form sent them: the locality's name
   * apart from its state and postcode, each kept when given or certain (address.rules `placeOf`).
   */
  async place(text: string, hint: { state?: unknown; postcode?: unknown } = {}, manager?: EntityManager): Promise<Place> {
    const wanted = wantedLocality(text, hint);
    if (!wanted.name) return { suburb: '', state: wanted.state ?? null, postcode: wanted.postcode ?? null };
    return placeOf(wanted, await this.matching(wanted, manager));
  }

  /**
   * The one locality a typed suburb means, when it means exactly one: "Richmond VIC 3121" does,
   * "Richmond" does not (six states have one). Partial answers fill what is certain.
   */
  async resolve(text: string, manager?: EntityManager): Promise<{ name: string; state: string | null; postcode: string | null } | undefined> {
    const parsed: ParsedLocality = parseLocality(text);
    if (!parsed.name) return undefined;
    const rows = await this.matching(parsed, manager);
    if (rows.length === 0) return undefined;
    const states = new Set(rows.map((row) => row.state));
    const postcodes = new Set(rows.map((row) => row.postcode));
    return {
      name: rows[0]!.name,
      state: states.size === 1 ? rows[0]!.state : null,
      postcode: postcodes.size === 1 ? rows[0]!.postcode : null,
    };
  }

  /** Localities with this name (any case), in this state and with this postcode when given. */
  private async matching(locality: ParsedLocality, manager?: EntityManager): Promise<LocalityRow[]> {
    const index = this.index.held();
    if (index?.asciiLowerAsJs && ASCII.test(locality.name)) {
      const state = locality.state ?? null;
      const postcode = locality.postcode ?? null;
      return (index.byName.get(locality.name.toLowerCase()) ?? [])
        .filter((row) => (state === null || row.state === state) && (postcode === null || row.postcode === postcode))
        .slice(0, MATCH_LIMIT);
    }
    return queryRows<LocalityRow>(
      manager ?? this.dataSource,
      `SELECT id, name, state, postcode FROM localities
       WHERE lower(name) = lower($1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR postcode = $3)
       ORDER BY state, postcode LIMIT ${MATCH_LIMIT}`,
      [locality.name, locality.state ?? null, locality.postcode ?? null],
    );
  }

  private async loadIndex(): Promise<LocalityIndex> {
    const rows = await queryRows<{ asciiLowerAsJs: boolean; key: string | null } & LocalityRow>(
      this.dataSource,
      `SELECT c.ascii_lower_as_js AS "asciiLowerAsJs", l.key, l.id, l.name, l.state, l.postcode
       FROM (SELECT lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') = 'abcdefghijklmnopqrstuvwxyz' AS ascii_lower_as_js) c
       LEFT JOIN (SELECT lower(name) AS key, id, name, state, postcode FROM localities) l ON true
       ORDER BY l.key, l.state, l.postcode, l.id`,
    );
    const byName = new Map<string, LocalityRow[]>();
    for (const { key, id, name, state, postcode } of rows) {
      if (key === null) continue;
      const list = byName.get(key);
      const row = { id, name, state, postcode };
      if (list) list.push(row);
      else byName.set(key, [row]);
    }
    return { asciiLowerAsJs: rows[0]!.asciiLowerAsJs, byName };
  }
}
