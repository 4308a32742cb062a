import { Injectable } from '@nestjs/common';
import { parseLocality, splitAddressQuery } from './address.rules.js';
import type { AddressProvider, AddressSuggestion } from './address-suggestion.js';
import { LocalitiesRepository, type LocalityRow } from './localities.repository.js';

const SUGGESTIONS = 8;

const suggestion = (row: LocalityRow, street?: string): AddressSuggestion => {
  const place = `${row.name} ${row.state} ${row.postcode}`;
  return { description: street ? `${street}, ${place}` : place, placeId: `locality:${row.id}`, suburb: row.name, state: row.state, postcode: row.postcode };
};

/**
 * Suggestions from our own table of Australian localities. For a suburb field: "Rich" suggests
 * Richmond VIC 3121 and its namesakes ("richmond vic" only the Victorian ones). For a street-address
 * field (without Google Places) it knows no streets: "12 Station St, Rich" keeps the street typed and
 * completes its locality, and anything without a street before a comma gets nothing, never a suburb.
 */
@Injectable()
export class BuiltinAddressProvider implements AddressProvider {
  constructor(private readonly localities: LocalitiesRepository) {}

  async suggest(query: string): Promise<AddressSuggestion[]> {
    const { street, locality } = splitAddressQuery(query);
    if (!street || locality.length < 2) return [];
    const rows = await this.localities.search(locality, SUGGESTIONS);
    return rows.map((row) => suggestion(row, street));
  }

  async suggestLocalities(query: string): Promise<AddressSuggestion[]> {
    const { name, state, postcode } = parseLocality(query);
    if (name.length < 2) return [];
    const rows = await this.localities.search(name, SUGGESTIONS, { state, postcode });
    return rows.map((row) => suggestion(row));
  }
}
