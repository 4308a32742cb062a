import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { EmailConsentRecord, EmailSuppressionRecord } from '@relining/contracts/api/email-preferences';
import { Roles } from '../../common/auth/auth.decorators.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { EmailPreferencesService } from './email-preferences.service.js';

/** The console's Suppressed e-mails (who asked for no marketing e-mail, and why) and the consents recorded. */
@ApiTags('admin: e-mail preferences')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class EmailPreferencesAdminController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Get('email-suppressions')
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"alex","reason":"one_click"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  async suppressions(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionRecord[]> {
    const page = await this.preferences.listSuppressions(query);
    void reply.header('content-range', contentRange('email-suppressions', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  /** `{ email, note }`: suppressed at once (reason staff); an address already suppressed answers its record, unchanged (200). */
  @Post('email-suppressions')
  @ApiOkResponse({ description: 'The suppression: 201 when added, 200 when the address already was.' })
  async addSuppression(@Body() body: { email?: unknown; note?: unknown }, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailSuppressionRecord> {
    const { record, created } = await this.preferences.addByStaff(body ?? {});
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return record;
  }

  @Get('email-consents')
  @ApiQuery({ name: 'filter', required: false, example: '{"email":"alex@example.com.au"}' })
  async consents(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmailConsentRecord[]> {
    const page = await this.preferences.listConsents(query);
    void reply.header('content-range', contentRange('email-consents', page.offset, page.rows.length, page.total));
    return page.rows;
  }
}
