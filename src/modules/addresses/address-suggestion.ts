/** One suggestion for the address field (spec §3 Address input: description and place id). */
export interface AddressSuggestion {
  description: string;
  placeId: string;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}

/**
 * What a field asks for: a street address (the street-address fields) or a locality (the suburb
 * fields). A street-address field is never offered a bare suburb.
 */
export const SUGGESTION_KINDS = ['address', 'locality'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** Where street-address suggestions come from: Google Places when configured, the built-in completion otherwise. */
export interface AddressProvider {
  suggest(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
}

export const ADDRESS_PROVIDER = Symbol('ADDRESS_PROVIDER');
