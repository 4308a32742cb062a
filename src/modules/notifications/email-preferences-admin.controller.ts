import { Body, Controller, Get, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { EmailConsentRecord, EmailSuppressionRecord } from '@relining/contracts/api/email-preferences';
import { Roles } from '../../common/auth/auth.decorators.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { EmailPreferencesService } from './email-preferences.service.js';

/** The console's Suppressed e-mails: who asked for no marketing e-mail, why, and when. */
@ApiTags('admin: e-mail preferences')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/email-suppressions')
export class EmailSuppressionsAdminController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"alex","reason":"one_click"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionRecord[]> {
    const page = await this.preferences.listSuppressions(query);
    void reply.header('content-range', contentRange('email-suppressions', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<EmailSuppressionRecord> {
    return this.preferences.getSuppression(id);
  }

  /** `{ email, note }`: suppressed at once (reason staff); an address already suppressed answers its record, unchanged (200). */
  @Post()
  @ApiCreatedResponse({ description: 'Added (reason staff).' })
  @ApiOkResponse({ description: 'The address already was: its record, unchanged.' })
  async create(@Body() body: { email?: unknown; note?: unknown }, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionRecord> {
    const { record, created } = await this.preferences.addByStaff(body ?? {});
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return record;
  }
}

/** The consents recorded where they were given (the booking form's box, the unsubscribe page). */
@ApiTags('admin: e-mail preferences')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/email-consents')
export class EmailConsentsAdminController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"email":"alex@example.com.au"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailConsentRecord[]> {
    const page = await this.preferences.listConsents(query);
    void reply.header('content-range', contentRange('email-consents', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<EmailConsentRecord> {
    return this.preferences.getConsent(id);
  }
}
