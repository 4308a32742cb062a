import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { payoutSettingsProblems, type PayoutBankSettings } from '@relining/contracts/api/payouts';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { RecordBody } from '../../common/react-admin/record-body.js';
import { SettingsService } from './settings.service.js';

/** The business's bank account and APCA user id the payout runs' ABA files are made for (issue 18). */
@ApiTags('admin: settings')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings/payouts')
export class PayoutSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ description: '{bankMnemonic, bsb, accountNumber, accountName, apcaUserId, remitterName, balancingRecord} (empty strings until saved).' })
  get(): Promise<PayoutBankSettings> {
    return this.settings.payoutBankSettings();
  }

  @Put()
  @ApiBody({
    description:
      'The whole settings: bankMnemonic (3 letters), bsb (NNN-NNN), accountNumber (6–9 digits), accountName (≤ 26), apcaUserId (6 digits), remitterName (≤ 16), balancingRecord.',
  })
  async update(@CurrentUser() user: CurrentUserInfo, @RecordBody() body: Record<string, unknown>): Promise<PayoutBankSettings> {
    const problems = payoutSettingsProblems(body);
    if (body.balancingRecord !== undefined && typeof body.balancingRecord !== 'boolean') {
      problems.push({ field: 'balancingRecord', message: 'Say whether the bank needs a balancing record (true or false)' });
    }
    if (problems.length > 0) throw DomainError.validation(problems);
    return this.settings.updatePayoutBankSettings(body as unknown as PayoutBankSettings, user.id);
  }
}
