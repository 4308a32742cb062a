import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import { AuthService } from './auth.service.js';
import { InvitationResponse, InviteUserDto } from './dto/auth.dto.js';

@ApiTags('admin: users')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users/invite')
export class InvitationsController {
  constructor(private readonly auth: AuthService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RateLimit({ perIp: { minute: 20 } })
  @ApiAcceptedResponse({
    type: InvitationResponse,
    description: 'The same answer whether or not the address already has an account (which is then left unchanged).',
  })
  invite(@Body() body: InviteUserDto): Promise<InvitationResponse> {
    return this.auth.invite(body);
  }
}
