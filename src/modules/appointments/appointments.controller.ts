import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import type { AvailabilityAnswer } from '@relining/contracts/availability';
import { AppointmentsService } from './appointments.service.js';

@ApiTags('availability')
@Controller('availability')
export class AvailabilityController {
  constructor(private readonly appointments: AppointmentsService) {}

  @Public()
  @Get()
  @RateLimit({ perIp: { minute: 60 } })
  @ApiQuery({
    name: 'suburb',
    example: 'Footscray VIC 3011',
    description: "The suburb with its state, as the address suggestions fill it: the state's region decides.",
  })
  @ApiQuery({ name: 'from', required: false, example: '2026-12-01', description: "yyyy-MM-dd; today in the suburb's state when left out." })
  @ApiQuery({ name: 'days', required: false, example: 14 })
  @ApiOkResponse({ description: '{region, timeZone, days: [{date, open, slots: [{time, available}]}]}: never counts or other customers.' })
  get(@Query('suburb') suburb: unknown, @Query('from') from: unknown, @Query('days') days: unknown): Promise<AvailabilityAnswer> {
    return this.appointments.forSuburb({ suburb, from, days });
  }
}
