import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { csvDownload } from '../../common/http/download-headers.js';
import { Roles } from '../../common/auth/auth.decorators.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { BOOKING_STATUSES } from '@relining/contracts/booking-rules';
import { IsString } from 'class-validator';
import type { BulkStatusResult } from '@relining/contracts/api/bookings';
import { BookingResponse } from './dto/booking.dto.js';
import { BookingsAdminService, type BookingStats } from './bookings-admin.service.js';

class UpdateBookingDto {
  @IsString({ message: 'Status must be one of: New, Contacted, Scheduled, Completed, Cancelled' })
  status!: string;
}

@ApiTags('admin: bookings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/bookings')
export class BookingsAdminController {
  constructor(private readonly bookings: BookingsAdminService) {}

  @Get()
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"new","q":"smith","period":"last7"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,9]' })
  @ApiOkResponse({ type: [BookingResponse] })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<BookingResponse[]> {
    const page = await this.bookings.list(query);
    void reply.header('content-range', contentRange('bookings', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('stats')
  @ApiOkResponse({ description: '{total, thisWeek, byStatus, perDay: [{date, count}] (last 30 days)}' })
  stats(): Promise<BookingStats> {
    return this.bookings.stats();
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'filter', required: false, description: "The list's filter; every matching booking is exported, not one page." })
  @ApiQuery({ name: 'sort', required: false })
  async export(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvDownload(reply, this.bookings.csvFileName(), await this.bookings.exportCsv(query));
  }

  @Post('bulk-status')
  @HttpCode(HttpStatus.OK)
  @ApiBody({
    schema: {
      required: ['ids', 'status'],
      properties: { ids: { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: 500 }, status: { enum: [...BOOKING_STATUSES] } },
    },
  })
  @ApiOkResponse({ description: '{updated: ids changed, unchanged: ids already in that status}; all or nothing, one audit entry per booking changed.' })
  bulkStatus(@Body() body: Record<string, unknown>): Promise<BulkStatusResult> {
    return this.bookings.bulkStatus(body);
  }

  @Get(':id')
  @ApiOkResponse({ type: BookingResponse })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<BookingResponse> {
    return this.bookings.get(id);
  }

  @Put(':id')
  @ApiBody({ schema: { properties: { status: { enum: [...BOOKING_STATUSES] } } }, description: 'The whole record may be sent; only status changes.' })
  @ApiOkResponse({ type: BookingResponse, description: 'Booking status updated' })
  update(@Param('id', ParseUUIDPipe) id: string, @RecordBody() body: UpdateBookingDto): Promise<BookingResponse> {
    return this.bookings.updateStatus(id, body.status);
  }
}
