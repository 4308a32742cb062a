import { Body, Controller, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, Roles } from '../../common/auth/auth.decorators.js';
import { CurrentUser, type CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { FormBody } from '../../common/http/form-body.decorator.js';
import { FormPage } from '../../common/http/form-page.js';
import { UPLOAD_BODY_ALLOWANCE } from '../../common/http/slow-clients.js';
import { RateLimit, type RateLimitOptions } from '../../common/rate-limit/rate-limit.decorator.js';
import { COMPANY } from '@relining/contracts/business';
import { QuickReferralDto, ReferralFormDto, toPlumberReferral } from './dto/referral.dto.js';
import type {
  PlumberReferral,
  PlumberReferralDetail,
  QuickReferralCreated,
  RebateSummary,
  ReferralLink,
  ReferralPhoto,
} from '@relining/contracts/api/referrals';
import { ReferralIdsDto, type ReferralClaimResult, type UnclaimedReferralView } from './dto/referral-claims.dto.js';
import { PhotosService } from './photos.service.js';
import { ReferralClaimsService } from './referral-claims.service.js';
import { ReferralsService } from './referrals.service.js';

/**
 * Photo responses: the type we detected and stored, shown inline under a name of ours (never the
 * uploaded one), never sniffed (the global nosniff), never able to run anything.
 */
function photoHeaders(reply: FastifyReply, photo: { contentType: string; byteSize: number; fileName: string }): void {
  void reply
    .header('content-type', photo.contentType)
    .header('content-length', String(photo.byteSize))
    .header('content-disposition', `inline; filename="${photo.fileName}"`)
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox");
}

/**
 * Photo uploads cost seconds of decoding each (5 photos of up to 50 megapixels a request), so they are
 * counted per account across every address (a phone changing networks is one plumber) and per address
 * across accounts (one client making accounts). A plumber photographing jobs sends one or two uploads a
 * referral: 10 a minute and 30 an hour (150 photos) is far above that, and far below a storm. An
 * office behind one address has several plumbers: 20 a minute, 120 an hour.
 */
export const PHOTO_UPLOAD_RATE_LIMIT: RateLimitOptions = {
  perIp: { minute: 20, hour: 120 },
  perSubject: { by: (request) => (request as FastifyRequest & { user?: CurrentUserInfo }).user?.id, limits: { minute: 10, hour: 30 } },
};

@ApiTags('plumber: referrals')
@ApiBearerAuth()
@Roles('plumber')
@Controller('me')
export class MyReferralsController {
  constructor(
    private readonly referrals: ReferralsService,
    private readonly photos: PhotosService,
    private readonly claims: ReferralClaimsService,
  ) {}

  @Get('unclaimed-referrals')
  @ApiOkResponse({ description: "Quick referrals sent with the plumber's (confirmed) e-mail, waiting to be added to the account; newest first." })
  unclaimed(@CurrentUser() user: CurrentUserInfo): Promise<UnclaimedReferralView[]> {
    return this.claims.listUnclaimed(user);
  }

  @Post('unclaimed-referrals/claim')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 30 } })
  @ApiOkResponse({ description: 'Adds the referrals to the account, all or none (404 when one is not waiting for this plumber).' })
  claim(@CurrentUser() user: CurrentUserInfo, @Body() body: ReferralIdsDto): Promise<ReferralClaimResult> {
    return this.claims.claim(user, body.ids);
  }

  @Post('unclaimed-referrals/decline')
  @HttpCode(HttpStatus.OK)
  @RateLimit({ perIp: { minute: 30 } })
  @ApiOkResponse({ description: 'Leaves the referrals off the account, all or none; they stay unattached for staff.' })
  decline(@CurrentUser() user: CurrentUserInfo, @Body() body: ReferralIdsDto): Promise<ReferralClaimResult> {
    return this.claims.decline(user, body.ids);
  }

  @Get('referrals')
  @ApiOkResponse({ description: "The plumber's own referrals, newest first (spec §3 dashboard shape)." })
  list(@CurrentUser() user: CurrentUserInfo): Promise<PlumberReferral[]> {
    return this.referrals.listOwn(user);
  }

  @Get('referrals/:id')
  async get(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string): Promise<PlumberReferralDetail> {
    const referral = await this.referrals.findOwn(user, id);
    return { ...toPlumberReferral(referral), photos: await this.photos.list(referral.id) };
  }

  @Post('referrals')
  @RateLimit({ perIp: { minute: 20 } })
  @ApiBody({ type: ReferralFormDto })
  @ApiCreatedResponse({ description: 'Referral submitted successfully' })
  create(@CurrentUser() user: CurrentUserInfo, @Body() referral: ReferralFormDto): Promise<PlumberReferral> {
    return this.referrals.createForPlumber(user, referral);
  }

  @Get('referral-link')
  @ApiOkResponse({ description: "{code, url}: the plumber's referral code and the link that carries it (/?ref=CODE)." })
  referralLink(@CurrentUser() user: CurrentUserInfo): Promise<ReferralLink> {
    return this.referrals.referralLink(user);
  }

  @Get('rebates/summary')
  @ApiOkResponse({
    description: '{totalReferrals, rebatePaid, rebatePending, potential} in dollars: paid; earned not yet paid; what referrals can still earn.',
  })
  summary(@CurrentUser() user: CurrentUserInfo): Promise<RebateSummary> {
    return this.referrals.summary(user);
  }

  @Post('referrals/:id/photos')
  @RateLimit(PHOTO_UPLOAD_RATE_LIMIT)
  // Up to 50 MB may take minutes on a slow upload link: the upload body allowance, not the usual 30 s.
  @RouteConfig(UPLOAD_BODY_ALLOWANCE)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { photos: { type: 'array', items: { type: 'string', format: 'binary' } } } } })
  @ApiCreatedResponse({ description: 'Up to 5 JPEG, PNG, WebP or HEIC images of 10 MB each per referral.' })
  async upload(@CurrentUser() user: CurrentUserInfo, @Param('id', ParseUUIDPipe) id: string, @Req() request: FastifyRequest): Promise<ReferralPhoto[]> {
    const referral = await this.referrals.findOwn(user, id);
    if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos as multipart/form-data.', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    return this.photos.upload(referral.id, request.files(), user.id);
  }

  @Get('referrals/:id/photos/:photoId')
  async photo(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('photoId', ParseUUIDPipe) photoId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const referral = await this.referrals.findOwn(user, id);
    const photo = await this.photos.open(referral.id, photoId);
    photoHeaders(reply, photo);
    return new StreamableFile(photo.stream);
  }
}

@ApiTags('referrals')
@Controller('referrals')
export class QuickReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  /**
   * The quick referral form (no account): same checks and messages, rate-limited, with a spam trap.
   * JSON answers `201 {id, refNumber}` (also to a form post whose Accept prefers JSON); the form
   * without JavaScript is answered with registration next, or a page listing the problems. A form post
   * may carry fields we ignore (its checkbox is text: 'true' or 'on' is ticked); a JSON body may not.
   */
  @Public()
  @Post('quick')
  @HttpCode(HttpStatus.CREATED)
  @RateLimit({
    perIp: { minute: 5, day: 30 },
    message: `You have sent several referrals in a short time. Please try again later, or call us on ${COMPANY.phone}.`,
  })
  @FormPage({ problemsTitle: 'Please check your referral', next: () => '/plumber-referral?mode=register' })
  @ApiBody({ type: QuickReferralDto })
  @ApiCreatedResponse({ description: "{id, refNumber}: 'Thank you for your referral!'" })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  create(@FormBody({ formPostUnknownFields: 'ignore' }) referral: QuickReferralDto): Promise<QuickReferralCreated> {
    return this.referrals.createQuick(referral);
  }
}

export { photoHeaders };
