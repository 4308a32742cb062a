import { Injectable } from '@nestjs/common';
import { splitAddressQuery } from './address.rules.js';
import type { AddressProvider, AddressSuggestion } from './address-suggestion.js';
import { LocalitiesRepository } from './localities.repository.js';

/**
 * Suggestions from our own table of Australian localities: "Rich" suggests Richmond VIC 3121 and its
 * namesakes; "12 Station St, Rich" keeps the street and completes the locality.
 */
@Injectable()
export class BuiltinAddressProvider implements AddressProvider {
  constructor(private readonly localities: LocalitiesRepository) {}

  async suggest(query: string): Promise<AddressSuggestion[]> {
    const { street, locality } = splitAddressQuery(query);
    if (locality.length < 2) return [];
    const rows = await this.localities.search(locality, 8);
    return rows.map((row) => {
      const place = `${row.name} ${row.state} ${row.postcode}`;
      return {
        description: street ? `${street}, ${place}` : place,
        placeId: `locality:${row.id}`,
        suburb: row.name,
        state: row.state,
        postcode: row.postcode,
      };
    });
  }
}
