import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../../common/http/validation.js';
import { ROLES, type Role } from '../../../contracts/roles.js';
import type { AdminUserRow } from '../users.repository.js';

/**
 * PUT /admin/users/:id as react-admin sends it: the whole record. Only `role` and `disabled` can
 * change; the other fields (id, email, dates…) are read-only and ignored.
 */
export class UpdateUserDto {
  @ApiProperty({ enum: ROLES, required: false })
  @IsOmittable()
  @IsIn(ROLES, { message: 'Role must be admin or plumber' })
  role?: Role;

  @ApiProperty({ required: false, description: 'A disabled user cannot sign in; their sessions end at once.' })
  @IsOmittable()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;
}

export class AdminUserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ nullable: true }) full_name!: string | null;
  @ApiProperty({ nullable: true }) business_name!: string | null;
  @ApiProperty({ nullable: true }) phone!: string | null;
  @ApiProperty() email_verified!: boolean;
  @ApiProperty() disabled!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true }) last_sign_in_at!: string | null;
}

export function toAdminUserResponse(row: AdminUserRow): AdminUserResponse {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    full_name: row.full_name,
    business_name: row.business_name,
    phone: row.phone,
    email_verified: row.email_verified,
    disabled: row.disabled,
    created_at: new Date(row.created_at).toISOString(),
    last_sign_in_at: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  };
}
