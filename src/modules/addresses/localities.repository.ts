import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../../common/react-admin/list-filters.js';
import { queryRows } from '../../database/sql.js';
import { parseLocality, type ParsedLocality } from './address.rules.js';

export interface LocalityRow {
  id: number;
  name: string;
  state: string;
  postcode: string;
}

/** The Australian localities table (suburb, state, postcode). */
@Injectable()
export class LocalitiesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Localities starting with the text first (the trigram-free index on lower(name)), then close
   * spellings by trigram similarity; larger towns first among equals is not known, so shorter names
   * and then state order break ties.
   */
  async search(text: string, limit: number): Promise<LocalityRow[]> {
    const query = text.trim().toLowerCase();
    if (!query) return [];
    const prefix = await queryRows<LocalityRow>(
      this.dataSource,
      `SELECT id, name, state, postcode FROM localities WHERE lower(name) LIKE $1 ORDER BY length(name), name, state, postcode LIMIT $2`,
      [`${likePattern(query).slice(1)}`, limit],
    );
    if (prefix.length >= limit || query.length < 4) return prefix;
    const fuzzy = await queryRows<LocalityRow>(
      this.dataSource,
      `SELECT id, name, state, postcode FROM localities WHERE lower(name) % $1 AND NOT (lower(name) LIKE $2)
       ORDER BY similarity(lower(name), $1) DESC, name LIMIT $3`,
      [query, `${likePattern(query).slice(1)}`, limit - prefix.length],
    );
    return [...prefix, ...fuzzy];
  }

  /**
   * The one locality a typed suburb means, when it means exactly one: "Richmond VIC 3121" does,
   * "Richmond" does not (six states have one). Partial answers fill what is certain.
   */
  async resolve(text: string, manager?: EntityManager): Promise<{ name: string; state: string | null; postcode: string | null } | undefined> {
    const parsed: ParsedLocality = parseLocality(text);
    if (!parsed.name) return undefined;
    const rows = await queryRows<LocalityRow>(
      manager ?? this.dataSource,
      `SELECT id, name, state, postcode FROM localities
       WHERE lower(name) = lower($1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR postcode = $3)
       LIMIT 20`,
      [parsed.name, parsed.state ?? null, parsed.postcode ?? null],
    );
    if (rows.length === 0) return undefined;
    const states = new Set(rows.map((row) => row.state));
    const postcodes = new Set(rows.map((row) => row.postcode));
    return {
      name: rows[0]!.name,
      state: states.size === 1 ? rows[0]!.state : null,
      postcode: postcodes.size === 1 ? rows[0]!.postcode : null,
    };
  }
}
