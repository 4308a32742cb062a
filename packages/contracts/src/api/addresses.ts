/** GET /api/addresses/suggest?q=…&kind=…: suggestions for the address and suburb fields. */

/**
 * What a field asks for: a street address (the street-address fields) or a locality (the suburb
 * fields). A street-address field is never offered a bare suburb.
 */
export const SUGGESTION_KINDS = ['address', 'locality'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** One suggestion (spec §3 Address input: description and place id). */
export interface AddressSuggestion {
  description: string;
  placeId: string;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}
