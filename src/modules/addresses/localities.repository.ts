import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../../common/react-admin/list-filters.js';
import { queryRows } from '../../database/sql.js';
import { parseLocality, placeOf, wantedLocality, type ParsedLocality, type Place } from './address.rules.js';

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
  private matching(locality: ParsedLocality, manager?: EntityManager): Promise<LocalityRow[]> {
    return queryRows<LocalityRow>(
      manager ?? this.dataSource,
      `SELECT id, name, state, postcode FROM localities
       WHERE lower(name) = lower($1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR postcode = $3)
       ORDER BY state, postcode LIMIT 20`,
      [locality.name, locality.state ?? null, locality.postcode ?? null],
    );
  }
}
