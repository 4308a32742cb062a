import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Profile, ProfileUpdate } from '@relining/contracts/api/auth';
import type { PaymentMethod } from '@relining/contracts/api/payouts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** PUT /me/profile: every field optional; an empty value clears it ('Not provided'). */
export class UpdateProfileDto implements ProfileUpdate {
  @ApiProperty({ required: false, example: 'Sam Smith' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Full name must be text' })
  @MaxLength(120, { message: 'Full name must be at most 120 characters' })
  fullName?: string;

  @ApiProperty({ required: false, example: 'Smith Plumbing' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Business name must be text' })
  @MaxLength(160, { message: 'Business name must be at most 160 characters' })
  businessName?: string;

  @ApiProperty({ required: false, example: '+61 400 000 000' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Phone must be text' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  phone?: string;

  // A plumber's payment details (issue 18) may be saved with the profile: checked by the payment details' rules.
  @ApiProperty({ required: false, nullable: true, description: 'ABN (see PUT /me/payment-details)' }) @Allow() abn?: string | null;
  @ApiProperty({ required: false }) @Allow() gstRegistered?: boolean;
  @ApiProperty({ required: false, enum: ['direct_deposit', 'cheque'] }) @Allow() paymentMethod?: PaymentMethod;
  @ApiProperty({ required: false, nullable: true }) @Allow() accountName?: string | null;
  @ApiProperty({ required: false, nullable: true }) @Allow() bankAccountName?: string | null;
  @ApiProperty({ required: false, nullable: true }) @Allow() bsb?: string | null;
  @ApiProperty({ required: false, nullable: true }) @Allow() accountNumber?: string | null;
  @ApiProperty({ required: false, nullable: true }) @Allow() postalAddress?: string | null;
}

export class ProfileResponse implements Profile {
  @ApiProperty({ nullable: true }) fullName!: string | null;
  @ApiProperty({ nullable: true }) businessName!: string | null;
  @ApiProperty({ nullable: true }) phone!: string | null;
}
