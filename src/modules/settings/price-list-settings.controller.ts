import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { priceListProblems, type PriceList } from '@relining/contracts/quote-proposal';
import type { PriceListRecord } from '@relining/contracts/api/inspections';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { SettingsService } from './settings.service.js';

/** The price list quotes are proposed from (issue 17): GST-inclusive rates in cents. */
@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings/price-list')
export class PriceListSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ description: '{relinePerMetre: [{maxDiameterMm, centsPerMetre}], junctionCents, accessCents}' })
  get(): Promise<PriceListRecord> {
    return this.settings.priceList();
  }

  @Put()
  @ApiBody({ description: 'The whole price list: relinePerMetre (bands in increasing diameter), junctionCents, accessCents.' })
  async update(@CurrentUser() user: CurrentUserInfo, @RecordBody() body: Record<string, unknown>): Promise<PriceListRecord> {
    const problems = priceListProblems(body);
    if (problems.length > 0) throw DomainError.validation(problems);
    return this.settings.updatePriceList(body as unknown as PriceList, user.id);
  }
}
