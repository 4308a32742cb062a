import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { EmailSettingsDto, EmailSettingsResponse } from './dto/email-settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings/email')
export class SettingsAdminController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ type: EmailSettingsResponse })
  get(): Promise<EmailSettingsResponse> {
    return this.settings.emailSettings();
  }

  @Put()
  @ApiOkResponse({ type: EmailSettingsResponse })
  update(@CurrentUser() user: CurrentUserInfo, @Body() body: EmailSettingsDto): Promise<EmailSettingsResponse> {
    return this.settings.updateEmailSettings(body, user.id);
  }
}
