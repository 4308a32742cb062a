import type { AddressSuggestion } from '@relining/contracts/api/addresses';

/** The suggestions' shape and kinds are the contracts' (the site's address fields read them). */
export { SUGGESTION_KINDS, type AddressSuggestion, type SuggestionKind } from '@relining/contracts/api/addresses';

/** Where street-address suggestions come from: Google Places when configured, the built-in completion otherwise. */
export interface AddressProvider {
  suggest(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
}

export const ADDRESS_PROVIDER = Symbol('ADDRESS_PROVIDER');
