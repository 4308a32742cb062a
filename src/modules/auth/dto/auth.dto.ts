import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@relining/contracts/account-rules';
import type * as Auth from '@relining/contracts/api/auth';
import type { Profile } from '@relining/contracts/api/auth';
import type { EmailDelivery } from '@relining/contracts/email-delivery';
import { ROLES, type Role } from '@relining/contracts/roles';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// class-validator runs a property's checks bottom-up: the presence check sits last so it runs first.
class EmailField {
  @ApiProperty({ example: 'sam@smithplumbing.com.au' })
  @Transform(trim)
  @IsString({ message: ACCOUNT_MESSAGES.invalidEmail })
  @MaxLength(254, { message: ACCOUNT_MESSAGES.invalidEmail })
  @Matches(EMAIL_PATTERN, { message: ACCOUNT_MESSAGES.invalidEmail })
  email!: string;
}

function PasswordField(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: ACCOUNT_MESSAGES.passwordTooShort })(target, key);
    MinLength(PASSWORD_MIN_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooShort })(target, key);
    MaxLength(PASSWORD_MAX_LENGTH, { message: ACCOUNT_MESSAGES.passwordTooLong })(target, key);
  };
}

export class RegisterDto extends EmailField implements Auth.RegisterRequest {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @PasswordField()
  password!: string;

  @ApiProperty({ example: 'Sam Smith' })
  @Transform(trim)
  @MaxLength(120, { message: 'Full name must be at most 120 characters' })
  @IsString({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  fullName!: string;

  @ApiProperty({ example: 'Smith Plumbing' })
  @Transform(trim)
  @MaxLength(160, { message: 'Business name must be at most 160 characters' })
  @IsString({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  businessName!: string;

  @ApiProperty({ example: '+61 400 000 000' })
  @Transform(trim)
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @IsString({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.registrationFieldsRequired })
  phone!: string;
}

export class LoginDto extends EmailField implements Auth.LoginRequest {
  @ApiProperty()
  @IsString({ message: 'Please enter your password' })
  @IsNotEmpty({ message: 'Please enter your password' })
  @MaxLength(1_000, { message: ACCOUNT_MESSAGES.invalidCredentials })
  password!: string;
}

export class TokenDto implements Auth.TokenRequest {
  @ApiProperty({ description: 'The token from the link in the e-mail.' })
  @IsString({ message: ACCOUNT_MESSAGES.tokenInvalid })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.tokenInvalid })
  @MaxLength(200, { message: ACCOUNT_MESSAGES.tokenInvalid })
  token!: string;
}

export class ForgotPasswordDto extends EmailField implements Auth.EmailRequest {}

export class ResetPasswordDto extends TokenDto implements Auth.ResetPasswordRequest {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @PasswordField()
  password!: string;
}

export class LogoutDto implements Auth.LogoutRequest {
  @ApiProperty({ required: false, description: 'End every session of this user, on every device.' })
  @IsOptional()
  @IsBoolean({ message: 'everywhere must be true or false' })
  everywhere?: boolean;
}

export class InviteUserDto extends EmailField implements Auth.InviteUserRequest {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: 'Role must be admin or plumber' })
  role!: Role;
}

/** The response classes describe the answers for the OpenAPI document; their shapes are the contracts' (@relining/contracts/api/auth). */
export class SessionUser implements Auth.SessionUser {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
}

export class SessionResponse implements Auth.Session {
  @ApiProperty({ description: 'JWT for the Authorization header (Bearer); keep it in memory.' }) accessToken!: string;
  @ApiProperty({ description: 'Seconds until the access token expires.' }) expiresIn!: number;
  @ApiProperty({ type: SessionUser }) user!: SessionUser;
}

/** For the OpenAPI document; the answer's type is `RegisterResult` (a union no class can implement). */
export class RegisterResponse {
  @ApiProperty({ description: 'The account; without id while the e-mail is not verified.' }) user!: { id?: string; email: string; role: Role };
  @ApiProperty({ nullable: true, description: 'null while the e-mail must be verified first.' }) accessToken!: string | null;
  @ApiProperty({ required: false }) expiresIn?: number;
  @ApiProperty() verificationRequired!: boolean;
}

export class MessageResponse implements Auth.MessageResult {
  @ApiProperty() message!: string;
}

export class MeResponse implements Auth.Me {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty() profile!: Profile;
  @ApiProperty() createdAt!: string;
}

/** POST /admin/users/invite: the same answer whether or not the address already has an account. */
export class InvitationResponse implements Auth.InvitationResult {
  @ApiProperty({
    example: 'Invitation sent to sam@example.com.au',
    description: "In preview mode: 'Invitation to … saved as a preview (not sent: no SMTP server configured)'.",
  })
  message!: string;
  @ApiProperty({ enum: ['queued', 'preview'], description: "'preview' when no SMTP server is configured: the e-mail is only saved." })
  status!: EmailDelivery;
}
