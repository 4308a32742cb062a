import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { availabilityProblems, type AvailabilitySettings } from '@relining/contracts/availability';
import { SettingsService } from './settings.service.js';

const FIELDS = ['defaultCapacity', 'capacity', 'closedWeekdays', 'closedDates', 'cutoff'] as const;

@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings/availability')
export class AvailabilitySettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ description: '{defaultCapacity, capacity: {REGION: {weekday: n}}, closedWeekdays, closedDates: {all|REGION: [yyyy-MM-dd]}, cutoff}' })
  get(): Promise<AvailabilitySettings> {
    return this.settings.availabilitySettings();
  }

  @Put()
  @ApiBody({ description: 'Any of the fields; the others stay as they are.' })
  async update(@CurrentUser() user: CurrentUserInfo, @RecordBody() body: Record<string, unknown>): Promise<AvailabilitySettings> {
    const changes = Object.fromEntries(
      FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]),
    ) as Partial<AvailabilitySettings>;
    const problems = availabilityProblems(changes);
    if (problems.length > 0) throw DomainError.validation(problems);
    return this.settings.updateAvailabilitySettings(changes, user.id);
  }
}
