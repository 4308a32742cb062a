import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { REFERRAL_CLAIM_MESSAGES, referralClaimOutcome } from '@relining/contracts/referral-rules';
import { AuditService } from '../audit/audit.service.js';
import { RebatesService } from '../rebates/rebates.service.js';
import { UsersService } from '../users/users.service.js';
import { toUnclaimedReferral, type ReferralClaimResult, type UnclaimedReferralView } from './dto/referral-claims.dto.js';
import { ReferralsRepository } from './referrals.repository.js';

/**
 * Quick referrals never land silently in an account. Anyone can type a plumber's e-mail into the
 * quick form, so what was sent under it waits until the account holder (whose address is confirmed)
 * adds it to their account or says it is not theirs; declined ones stay unattached for staff.
 */
@Injectable()
export class ReferralClaimsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ReferralsRepository,
    private readonly users: UsersService,
    private readonly rebates: RebatesService,
    private readonly audit: AuditService,
  ) {}

  /** What waits for this plumber; nothing until their address is confirmed. */
  async listUnclaimed(user: CurrentUserInfo): Promise<UnclaimedReferralView[]> {
    const email = await this.users.confirmedEmailOf(user.id);
    if (!email) return [];
    return (await this.repository.findUnclaimed(email)).map(toUnclaimedReferral);
  }

  claim(user: CurrentUserInfo, ids: readonly string[]): Promise<ReferralClaimResult> {
    return this.decide(user, ids, 'claim');
  }

  decline(user: CurrentUserInfo, ids: readonly string[]): Promise<ReferralClaimResult> {
    return this.decide(user, ids, 'decline');
  }

  /** All or nothing: one id that is not (or no longer) on offer to this plumber refuses the whole request. */
  private async decide(user: CurrentUserInfo, ids: readonly string[], decision: 'claim' | 'decline'): Promise<ReferralClaimResult> {
    const email = await this.users.confirmedEmailOf(user.id);
    if (!email) throw new DomainError('EMAIL_NOT_CONFIRMED', REFERRAL_CLAIM_MESSAGES.emailNotConfirmed, HttpStatus.FORBIDDEN);
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const done = await this.dataSource.transaction(async (manager) => {
      const applied =
        decision === 'claim' ? await this.repository.claim(manager, user.id, email, wanted) : await this.repository.decline(manager, user.id, email, wanted);
      if (applied.length !== wanted.length) {
        const missing = wanted.filter((id) => !applied.includes(id));
        throw new DomainError(
          'REFERRAL_NOT_ON_OFFER',
          REFERRAL_CLAIM_MESSAGES.notOnOffer,
          HttpStatus.NOT_FOUND,
          missing.map((id) => ({ field: `ids.${ids.findIndex((given) => given.toLowerCase() === id)}`, message: REFERRAL_CLAIM_MESSAGES.notOnOffer })),
        );
      }
      // What the claimed referrals earned so far is credited to the account too.
      if (decision === 'claim') await this.rebates.attachPlumber(manager, applied, user.id);
      await this.audit.record(
        manager,
        ...applied.map((id) => ({
          entity: 'referral' as const,
          entityId: id,
          action: decision === 'claim' ? 'claim' : 'decline_claim',
          ...(decision === 'claim' ? { before: { plumberId: null }, after: { plumberId: user.id } } : {}),
        })),
      );
      return applied;
    });
    return { ids: done, count: done.length, message: referralClaimOutcome(decision, done.length) };
  }
}
