import { Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { ProfileResponse, UpdateProfileDto } from './dto/profile.dto.js';
import { PAYMENT_FIELDS } from './dto/payment-details.dto.js';
import { PaymentDetailsService } from './payment-details.service.js';
import { UsersService } from './users.service.js';

@ApiTags('me')
@ApiBearerAuth()
/** Every signed-in user's own profile (the plumber dashboard's account tab; staff have profiles too). */
@Roles('admin', 'plumber')
@Controller('me/profile')
export class MeController {
  constructor(
    private readonly users: UsersService,
    private readonly payments: PaymentDetailsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: ProfileResponse })
  get(@CurrentUser() user: CurrentUserInfo): Promise<ProfileResponse> {
    return this.users.getProfile(user.id);
  }

  @Put()
  @ApiOkResponse({
    type: ProfileResponse,
    description: 'Profile updated (a plumber may include payment details, checked as by PUT /me/payment-details, which answers them masked)',
  })
  async update(@CurrentUser() user: CurrentUserInfo, @Body() body: UpdateProfileDto): Promise<ProfileResponse> {
    const payment = Object.fromEntries(PAYMENT_FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
    // Payment details first: when they are refused, the profile is not changed either.
    if (Object.keys(payment).length > 0) {
      if (user.role !== 'plumber') throw new ForbiddenException('Only plumbers have payment details');
      await this.payments.update(user.id, payment, user.email);
    }
    return this.users.updateProfile(user.id, body);
  }
}
