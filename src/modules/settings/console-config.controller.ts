import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import type { ConsoleConfig } from '@relining/contracts/api/settings';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';

export class ConsoleConfigResponse implements ConsoleConfig {
  @ApiProperty({ example: 'Australia/Melbourne', description: "TZ_DISPLAY: the console shows every date and time in this zone, whatever the browser's." })
  timeZone!: string;
  @ApiProperty({ enum: ['smtp', 'preview'], description: "'preview' when no SMTP_URL is set: e-mails are saved as previews, never sent." })
  emailDelivery!: 'smtp' | 'preview';
  @ApiProperty({ example: 'https://www.pipereliningaustralia.com.au', description: 'PUBLIC_BASE_URL' })
  publicBaseUrl!: string;
}

/** What the staff console needs to know about this server before it shows anything: one clock, and whether e-mails go out. */
@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/console-config')
export class ConsoleConfigController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: ConsoleConfigResponse })
  get(): ConsoleConfigResponse {
    return { timeZone: this.config.tzDisplay, emailDelivery: this.config.smtpUrl ? 'smtp' : 'preview', publicBaseUrl: this.config.publicBaseUrl };
  }
}
