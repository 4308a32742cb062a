import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { SameOriginJson } from '../../common/http/same-origin.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator.js';
import type { AppConfig } from '../../config/app-config.js';
import { InjectConfig } from '../../config/config.module.js';
import { ACCOUNT_MESSAGES } from '@relining/contracts/account-rules';
import type { RegisterResult } from '@relining/contracts/api/auth';
import { AuthService } from './auth.service.js';
import {
  ForgotPasswordDto,
  LoginDto,
  LogoutDto,
  MeResponse,
  MessageResponse,
  RegisterDto,
  RegisterResponse,
  ResetPasswordDto,
  SessionResponse,
  TokenDto,
} from './dto/auth.dto.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';

const byEmail = (request: FastifyRequest): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/**
 * The account named and the address asking, together: nobody can lock someone else out. Wrong
 * passwords or reset requests from elsewhere never spend the owner's allowance from their own address;
 * sign-ins on an account under attack are slowed instead (AuthService.login), never refused.
 */
const byEmailAndIp = (request: FastifyRequest): string | undefined => {
  const email = byEmail(request);
  return email === undefined ? undefined : `${email.trim().toLowerCase()}\u0000${request.ip}`;
};

@ApiTags('auth')
// Every POST here sets or uses the refresh cookie, or signs someone in: only JSON from our own origin (no login CSRF).
@SameOriginJson()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  @RateLimit({ perIp: { minute: 5, day: 30 }, perSubject: { by: byEmailAndIp, limits: { hour: 5 } } })
  @ApiCreatedResponse({ type: RegisterResponse, description: 'accessToken is null while the e-mail must be verified ("Check your email").' })
  @ApiTooManyRequestsResponse()
  async register(@Body() body: RegisterDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<RegisterResult> {
    const result = await this.auth.register(body);
    if (result.refreshToken) setRefreshCookie(reply, this.config, result.refreshToken);
    return result.body;
  }

  @Public()
  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 10 } })
  @ApiOkResponse({ type: MessageResponse })
  verifyEmail(@Body() body: TokenDto): Promise<MessageResponse> {
    return this.auth.verifyEmail(body.token);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 10 }, perSubject: { by: byEmailAndIp, limits: { minute: 10, hour: 30 } } })
  @ApiOkResponse({ type: SessionResponse, description: 'Also sets the HttpOnly refresh cookie (path /api/auth).' })
  @ApiTooManyRequestsResponse()
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    const session = await this.auth.login(body);
    setRefreshCookie(reply, this.config, session.refreshToken);
    return session.body;
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 60 } })
  @ApiOkResponse({ type: SessionResponse, description: 'Rotates the refresh cookie.' })
  async refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    try {
      const session = await this.auth.refresh(readRefreshCookie(request));
      setRefreshCookie(reply, this.config, session.refreshToken);
      return session.body;
    } catch (error) {
      clearRefreshCookie(reply, this.config);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: FastifyRequest, @Body() body: LogoutDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.logout(readRefreshCookie(request), body?.everywhere === true);
    clearRefreshCookie(reply, this.config);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.ACCEPTED)
  @RateLimit({ perIp: { minute: 5, day: 50 }, perSubject: { by: byEmailAndIp, limits: { hour: 5 } } })
  @ApiOkResponse({ type: MessageResponse, description: 'The same answer whether or not the address has an account.' })
  forgotPassword(@Body() body: ForgotPasswordDto): Promise<MessageResponse> {
    return this.auth.forgotPassword(body.email);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 10 } })
  @ApiOkResponse({ type: MessageResponse })
  resetPassword(@Body() body: ResetPasswordDto): Promise<MessageResponse> {
    return this.auth.resetPassword(body.token, body.password);
  }

  /** Every signed-in user, whatever their role; only their own account. */
  @Get('me')
  @Roles('admin', 'plumber')
  @ApiBearerAuth()
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: CurrentUserInfo): Promise<MeResponse> {
    return this.auth.me(user);
  }

  /** spec §2/§8: the console's 'Create Admin Account' is always refused. */
  @Public()
  @Post('admin/register')
  @ApiForbiddenResponse({ description: 'Signup disabled' })
  adminRegister(): never {
    throw new DomainError('SIGNUP_DISABLED', ACCOUNT_MESSAGES.signupDisabled, HttpStatus.FORBIDDEN);
  }
}
