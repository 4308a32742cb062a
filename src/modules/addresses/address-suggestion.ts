/** One suggestion for the address field (spec §3 Address input: description and place id). */
export interface AddressSuggestion {
  description: string;
  placeId: string;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}

/** Where suggestions come from: Google Places when configured, the built-in localities otherwise. */
export interface AddressProvider {
  suggest(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
}

export const ADDRESS_PROVIDER = Symbol('ADDRESS_PROVIDER');
