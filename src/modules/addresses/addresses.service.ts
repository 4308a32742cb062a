import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error.js';
import { ADDRESS_PROVIDER, type AddressProvider, type AddressSuggestion } from './address-suggestion.js';

/** spec §9: suggestions begin at 3 characters. */
export const MIN_QUERY_LENGTH = 3;

@Injectable()
export class AddressesService {
  constructor(@Inject(ADDRESS_PROVIDER) private readonly provider: AddressProvider) {}

  async suggest(query: unknown): Promise<AddressSuggestion[]> {
    if (typeof query !== 'string' || query.trim().length < MIN_QUERY_LENGTH) {
      throw DomainError.validation([{ field: 'q', message: `Type at least ${MIN_QUERY_LENGTH} characters for suggestions` }]);
    }
    if (query.length > 200) throw DomainError.validation([{ field: 'q', message: 'That address is too long' }]);
    try {
      return await this.provider.suggest(query.trim());
    } catch {
      throw new DomainError('ADDRESS_SUGGESTIONS_FAILED', 'Error loading address suggestions', 502);
    }
  }
}
