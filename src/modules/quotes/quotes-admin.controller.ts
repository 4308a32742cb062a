import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { BeforeAfterRequest, BeforeAfterResult, QuoteChange, QuoteRecord } from '@relining/contracts/api/inspections';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { QUOTE_RULE_MESSAGES } from './quote.rules.js';
import { QuotesService } from './quotes.service.js';

@ApiTags('admin: quotes')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/jobs')
export class QuotesAdminController {
  constructor(private readonly quotes: QuotesService) {}

  @Get(':id/quote')
  @ApiOkResponse({ description: "The job's quote (version 0, state 'draft', no lines when nothing is saved), with the lines the published report proposes." })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<QuoteRecord> {
    return this.quotes.get(id);
  }

  @Put(':id/quote')
  @ApiBody({ description: '{lines: [{kind, description, quantity, unitCents}], validUntil: YYYY-MM-DD, notes?}' })
  @ApiOkResponse({ description: 'Saved as the draft (a new version when the latest is published).' })
  @ApiConflictResponse({ description: QUOTE_RULE_MESSAGES.accepted })
  save(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<QuoteRecord> {
    return this.quotes.save(user, id, body as unknown as QuoteChange);
  }

  @Post(':id/quote/publish')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: "Published: the customer sees this version, the job moves to Quote Sent and 'quote_sent' is e-mailed." })
  @ApiConflictResponse({ description: QUOTE_RULE_MESSAGES.accepted })
  publish(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<QuoteRecord> {
    return this.quotes.publish(user, id);
  }

  @Post(':id/before-after')
  @ApiBody({ description: '{beforePhotoId, afterPhotoId, title, description, slot?: home.pair.1|2|3}' })
  @ApiCreatedResponse({ description: 'Two media-library photos (and the home-page pair when a slot is given).' })
  @ApiConflictResponse({ description: QUOTE_RULE_MESSAGES.noConsent })
  beforeAfter(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<BeforeAfterResult> {
    return this.quotes.beforeAfter(user, id, body as unknown as BeforeAfterRequest);
  }
}
