import { Logger } from '@nestjs/common';
import { STATE_CODES } from './address.rules.js';
import type { AddressProvider, AddressSuggestion } from './address-suggestion.js';
import type { LocalitiesRepository } from './localities.repository.js';

interface Prediction {
  description: string;
  place_id: string;
  terms?: Array<{ value: string }>;
}

const TIMEOUT_MS = 3_000;

/**
 * Google Places Autocomplete (country au, type address), called from the server so the API key never
 * reaches a browser. A non-OK status gives an empty list (spec §7). The suburb and state come from the
 * prediction's terms; the postcode from our localities table when it is certain.
 */
export class GoogleAddressProvider implements AddressProvider {
  private readonly logger = new Logger('Addresses');

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly localities: LocalitiesRepository,
  ) {}

  async suggest(query: string): Promise<AddressSuggestion[]> {
    const url = new URL('/maps/api/place/autocomplete/json', this.baseUrl);
    url.search = new URLSearchParams({ input: query, components: 'country:au', types: 'address', key: this.apiKey }).toString();
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Places answered HTTP ${response.status}`);
    const body = (await response.json()) as { status?: string; predictions?: Prediction[] };
    if (body.status !== 'OK') {
      if (body.status !== 'ZERO_RESULTS') this.logger.warn(`Places answered ${body.status}`);
      return [];
    }
    return Promise.all(
      (body.predictions ?? []).slice(0, 8).map(async (prediction) => {
        const terms = (prediction.terms ?? []).map((term) => term.value);
        const stateIndex = terms.findIndex((term) => (STATE_CODES as readonly string[]).includes(term.toUpperCase()));
        const suburb = stateIndex > 0 ? terms[stateIndex - 1]! : null;
        const state = stateIndex >= 0 ? terms[stateIndex]!.toUpperCase() : null;
        const resolved = suburb && state ? await this.localities.resolve(`${suburb} ${state}`) : undefined;
        return { description: prediction.description, placeId: prediction.place_id, suburb, state, postcode: resolved?.postcode ?? null };
      }),
    );
  }
}
