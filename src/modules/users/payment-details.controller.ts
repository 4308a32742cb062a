import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PaymentDetails, RctiAgreement } from '@relining/contracts/api/payouts';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { PaymentDetailsDto, StaffPaymentDetailsDto } from './dto/payment-details.dto.js';
import { PaymentDetailsService } from './payment-details.service.js';
import { UsersService } from './users.service.js';

/** A plumber's own payment details and RCTI agreement (issue 18): bank details always answered masked. */
@ApiTags('plumber: payments')
@ApiBearerAuth()
@Roles('plumber')
@Controller('me')
export class MyPaymentDetailsController {
  constructor(private readonly payments: PaymentDetailsService) {}

  @Get('payment-details')
  @ApiOkResponse({
    description: "ABN, GST registration, payment method, masked bank details ('BSB 062-***, account ****678'), and why a payout cannot be made yet.",
  })
  get(@CurrentUser() user: CurrentUserInfo): Promise<PaymentDetails> {
    return this.payments.get(user.id);
  }

  @Put('payment-details')
  @ApiBody({ type: PaymentDetailsDto })
  @ApiOkResponse({ description: 'Saved. A change of bank details e-mails the account address and holds payouts for 48 hours.' })
  update(@CurrentUser() user: CurrentUserInfo, @Body() body: PaymentDetailsDto): Promise<PaymentDetails> {
    return this.payments.update(user.id, { ...body }, user.email);
  }

  @Get('rcti-agreement')
  @ApiOkResponse({ description: 'The RCTI agreement text and when it was accepted.' })
  agreement(@CurrentUser() user: CurrentUserInfo): Promise<RctiAgreement> {
    return this.payments.rctiAgreement(user.id);
  }

  @Post('rcti-agreement')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Accepted (accepting again keeps the first time).' })
  accept(@CurrentUser() user: CurrentUserInfo): Promise<RctiAgreement> {
    return this.payments.acceptRcti(user.id);
  }
}

/** Staff see a plumber's payment details (masked) and record a Statement by a Supplier. */
@ApiTags('admin: users')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users')
export class UserPaymentDetailsAdminController {
  constructor(
    private readonly payments: PaymentDetailsService,
    private readonly users: UsersService,
  ) {}

  @Get(':id/payment-details')
  @ApiOkResponse({ description: 'The payment details, masked, and why a payout cannot be made yet.' })
  async get(@Param('id', ParseUUIDPipe) id: string): Promise<PaymentDetails> {
    await this.users.getForAdmin(id);
    return this.payments.get(id);
  }

  @Put(':id/payment-details')
  @ApiBody({ type: StaffPaymentDetailsDto })
  @ApiOkResponse({ description: 'supplierStatement recorded or withdrawn.' })
  async update(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Body() body: StaffPaymentDetailsDto): Promise<PaymentDetails> {
    await this.users.getForAdmin(id);
    return this.payments.setSupplierStatement(id, body?.supplierStatement, user.id);
  }
}
