import { Body, Controller, Get, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { AddEmailSuppressionDto, EmailConsentResponse, EmailSuppressionResponse } from './dto/email-preferences.dto.js';
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
  @ApiOkResponse({ type: [EmailSuppressionResponse] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionResponse[]> {
    const page = await this.preferences.listSuppressions(query);
    void reply.header('content-range', contentRange('email-suppressions', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  @ApiOkResponse({ type: EmailSuppressionResponse })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<EmailSuppressionResponse> {
    return this.preferences.getSuppression(id);
  }

  /** `{ email, note }`: suppressed at once (reason staff); an address already suppressed answers its record, unchanged (200). */
  @Post()
  @ApiCreatedResponse({ type: EmailSuppressionResponse, description: 'Added (reason staff).' })
  @ApiOkResponse({ type: EmailSuppressionResponse, description: 'The address already was: its record, unchanged.' })
  async create(@Body() body: AddEmailSuppressionDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionResponse> {
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
  @ApiOkResponse({ type: [EmailConsentResponse] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailConsentResponse[]> {
    const page = await this.preferences.listConsents(query);
    void reply.header('content-range', contentRange('email-consents', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get(':id')
  @ApiOkResponse({ type: EmailConsentResponse })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<EmailConsentResponse> {
    return this.preferences.getConsent(id);
  }
}
