import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CompanyProfile } from '@relining/contracts/site-content';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { CompanyProfileDto, CompanyProfileResponse } from './dto/company-profile.dto.js';
import { SettingsService } from './settings.service.js';

/** The company profile (issue 14): the credentials the site, the e-mails and the structured data show. */
@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/company-profile')
export class CompanyProfileAdminController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ type: CompanyProfileResponse })
  get(): Promise<CompanyProfileResponse> {
    return this.settings.companyProfile();
  }

  @Put()
  @ApiOkResponse({ type: CompanyProfileResponse })
  update(@CurrentUser() user: CurrentUserInfo, @Body() body: CompanyProfileDto): Promise<CompanyProfileResponse> {
    return this.settings.updateCompanyProfile(body as Partial<CompanyProfile>, user.id);
  }
}
