import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { TodayDashboard } from '@relining/contracts/api/dashboard';
import { Roles } from '../../common/auth/auth.decorators.js';
import { DashboardService } from './dashboard.service.js';

@ApiTags('admin: dashboard')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('today')
  @ApiOkResponse({ description: 'New bookings and enquiries, rebates due this week, failed e-mails, and the appointments of today and tomorrow by region.' })
  today(): Promise<TodayDashboard> {
    return this.dashboard.today();
  }
}
