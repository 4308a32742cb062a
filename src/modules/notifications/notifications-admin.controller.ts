import { Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../common/auth/auth.decorators.js';
import { csvDownload } from '../../common/http/download-headers.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { NotificationResponse, NotificationSummary } from './dto/notification.dto.js';
import { NotificationsAdminService } from './notifications-admin.service.js';

@ApiTags('admin: outbox')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/notifications')
export class NotificationsAdminController {
  constructor(private readonly outbox: NotificationsAdminService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"dead","to":"alex@example.com.au","templateKey":"quote_sent"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ type: [NotificationSummary] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<NotificationSummary[]> {
    const page = await this.outbox.list(query);
    void reply.header('content-range', contentRange('notifications', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The Outbox's filter; every matching message is exported (no bodies), not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.outbox.csvFileName(), await this.outbox.exportCsv(query));
  }

  @Get(':id')
  @ApiOkResponse({ type: NotificationResponse })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<NotificationResponse> {
    return this.outbox.get(id);
  }

  @Post(':id/resend')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: NotificationResponse })
  resend(@Param('id', ParseUUIDPipe) id: string): Promise<NotificationResponse> {
    return this.outbox.resend(id);
  }
}
