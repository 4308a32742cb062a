import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error.js';
import { ADDRESS_PROVIDER, SUGGESTION_KINDS, type AddressProvider, type AddressSuggestion, type SuggestionKind } from './address-suggestion.js';
import { BuiltinAddressProvider } from './builtin-address.provider.js';

/** spec §9: suggestions begin at 3 characters. */
export const MIN_QUERY_LENGTH = 3;

@Injectable()
export class AddressesService {
  constructor(
    @Inject(ADDRESS_PROVIDER) private readonly streets: AddressProvider,
    private readonly localities: BuiltinAddressProvider,
  ) {}

  /**
   * Street addresses for a street-address field (Google Places when configured); localities for a
   * suburb field, always from our own table (complete, with postcodes, and no call to Places).
   */
  async suggest(query: unknown, kind: unknown = 'address'): Promise<AddressSuggestion[]> {
    if (typeof kind !== 'string' || !(SUGGESTION_KINDS as readonly string[]).includes(kind)) {
      throw DomainError.validation([{ field: 'kind', message: "kind must be 'address' or 'locality'" }]);
    }
    if (typeof query !== 'string' || query.trim().length < MIN_QUERY_LENGTH) {
      throw DomainError.validation([{ field: 'q', message: `Type at least ${MIN_QUERY_LENGTH} characters for suggestions` }]);
    }
    if (query.length > 200) throw DomainError.validation([{ field: 'q', message: 'That address is too long' }]);
    try {
      return await ((kind as SuggestionKind) === 'locality' ? this.localities.suggestLocalities(query.trim()) : this.streets.suggest(query.trim()));
    } catch {
      throw new DomainError('ADDRESS_SUGGESTIONS_FAILED', 'Error loading address suggestions', 502);
    }
  }
}
