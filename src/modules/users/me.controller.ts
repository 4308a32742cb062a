import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { ProfileResponse, UpdateProfileDto } from './dto/profile.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('me')
@ApiBearerAuth()
/** Every signed-in user's own profile (the plumber dashboard's account tab; staff have profiles too). */
@Roles('admin', 'plumber')
@Controller('me/profile')
export class MeController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOkResponse({ type: ProfileResponse })
  get(@CurrentUser() user: CurrentUserInfo): Promise<ProfileResponse> {
    return this.users.getProfile(user.id);
  }

  @Put()
  @ApiOkResponse({ type: ProfileResponse, description: 'Profile updated' })
  update(@CurrentUser() user: CurrentUserInfo, @Body() body: UpdateProfileDto): Promise<ProfileResponse> {
    return this.users.updateProfile(user.id, body);
  }
}
