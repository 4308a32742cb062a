import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { TIME_SLOTS } from '@relining/contracts/booking-rules';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { contentRange, type ListParams } from '../../common/react-admin/list-query.js';
import { AppointmentsAdminService } from './appointments-admin.service.js';

const SLOT_BODY = {
  schema: {
    required: ['date', 'time', 'notify'],
    properties: {
      date: { type: 'string', example: '2026-12-01', description: "yyyy-MM-dd, the site's calendar day" },
      time: { type: 'string', enum: [...TIME_SLOTS], description: "The slot, in the site's time zone" },
      technician: { type: 'string', nullable: true, example: 'Sam' },
      notify: { type: 'boolean', description: 'E-mail the customer (with the .ics invitation)' },
      overbook: { type: 'boolean', description: 'Take an extra place in a full slot, on purpose' },
    },
  },
};

@ApiTags('admin: appointments')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AppointmentsAdminController {
  constructor(private readonly appointments: AppointmentsAdminService) {}

  @Post('bookings/:id/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiBody(SLOT_BODY)
  @ApiOkResponse({ description: 'The appointment; the booking is Scheduled and, with notify, the customer gets "Your Clean & View is confirmed".' })
  @ApiConflictResponse({ description: 'SLOT_FULL: the slot has no place left (send overbook: true to book it on purpose).' })
  confirm(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<AppointmentRecord> {
    return this.appointments.confirm(user.id, id, body);
  }

  @Get('appointments')
  @ApiQuery({ name: 'filter', required: false, example: '{"region":"WA","from":"2026-12-01","to":"2026-12-07","status":"confirmed"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["startsAt","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,99]' })
  async list(@Query() query: ListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<AppointmentRecord[]> {
    const page = await this.appointments.list(query);
    void reply.header('content-range', contentRange('appointments', page.offset, page.rows.length, page.total));
    return page.rows;
  }

  @Get('appointments/:id')
  get(@Param('id', ParseUUIDPipe) id: string): Promise<AppointmentRecord> {
    return this.appointments.get(id);
  }

  @Post('appointments/:id/reschedule')
  @HttpCode(HttpStatus.OK)
  @ApiBody(SLOT_BODY)
  @ApiConflictResponse({ description: 'SLOT_FULL (send overbook: true to book it on purpose); APPOINTMENT_CANCELLED.' })
  reschedule(@Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<AppointmentRecord> {
    return this.appointments.reschedule(id, body);
  }

  @Post('appointments/:id/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ schema: { required: ['reason', 'notify'], properties: { reason: { type: 'string' }, notify: { type: 'boolean' } } } })
  cancel(@Param('id', ParseUUIDPipe) id: string, @Body() body: Record<string, unknown>): Promise<AppointmentRecord> {
    return this.appointments.cancel(id, body);
  }
}
