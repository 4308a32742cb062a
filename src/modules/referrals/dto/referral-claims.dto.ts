import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsUUID } from 'class-validator';
import { MAX_REFERRAL_CLAIM_IDS, REFERRAL_CLAIM_MESSAGES } from '@relining/contracts/referral-rules';
import type { ReferralClaimResult, ReferralIdsRequest, UnclaimedReferralView } from '@relining/contracts/api/referrals';
import type { UnclaimedReferralRow } from '../referrals.repository.js';

/** POST /api/me/unclaimed-referrals/claim and /decline: the referrals the plumber decided on. */
export class ReferralIdsDto implements ReferralIdsRequest {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Ids from GET /api/me/unclaimed-referrals (1 to 100).' })
  // One message per field, the first of these that fails from the bottom up (class-validator runs the
  // decorators in reverse): no list, an empty list, too long a list, then an id of the wrong shape.
  @IsUUID('all', { each: true, message: REFERRAL_CLAIM_MESSAGES.idShape })
  @ArrayMaxSize(MAX_REFERRAL_CLAIM_IDS, { message: REFERRAL_CLAIM_MESSAGES.tooMany })
  @ArrayNotEmpty({ message: REFERRAL_CLAIM_MESSAGES.idsRequired })
  @IsArray({ message: REFERRAL_CLAIM_MESSAGES.idsRequired })
  ids!: string[];
}

export type { ReferralClaimResult, UnclaimedReferralView };

export function toUnclaimedReferral(row: UnclaimedReferralRow): UnclaimedReferralView {
  return {
    id: row.id,
    refNumber: row.refNumber,
    clientName: row.clientName,
    address: row.jobAddress,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    date: new Date(row.createdAt).toISOString(),
  };
}
