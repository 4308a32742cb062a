import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { SUGGESTION_KINDS, type AddressSuggestion } from './address-suggestion.js';
import { AddressesService } from './addresses.service.js';

@ApiTags('addresses')
@Controller('addresses')
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Public()
  @Get('suggest')
  @RateLimit({ perIp: { minute: 120 } })
  @ApiQuery({ name: 'q', description: 'At least 3 characters: a street address ("street, suburb"), or a suburb.', example: '12 Station St, Rich' })
  @ApiQuery({
    name: 'kind',
    required: false,
    enum: SUGGESTION_KINDS,
    description: "'address' (default): street addresses, never a bare suburb; 'locality': suburbs with their state and postcode.",
  })
  @ApiOkResponse({ description: '[{description, placeId, suburb, state, postcode}]' })
  async suggest(@Query('q') q: unknown, @Query('kind') kind: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<AddressSuggestion[]> {
    void reply.header('cache-control', 'private, max-age=300');
    return this.addresses.suggest(q, kind ?? 'address');
  }
}
