import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { IsOmittable } from '../../../common/http/validation.js';
import type { UserRecord, UserUpdate } from '@relining/contracts/api/users';
import { ROLES, type Role } from '@relining/contracts/roles';
import type { AdminUserRow } from '../users.repository.js';

/**
 * PUT /admin/users/:id as react-admin sends it: the whole record. Only `role` and `disabled` can
 * change; the other fields (id, email, dates…) are read-only and ignored.
 */
export class UpdateUserDto implements UserUpdate {
  @ApiProperty({ enum: ROLES, required: false })
  @IsOmittable()
  @IsIn(ROLES, { message: 'Role must be admin or plumber' })
  role?: Role;

  @ApiProperty({ required: false, description: 'A disabled user cannot sign in; their sessions end at once.' })
  @IsOmittable()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;
}

export class AdminUserResponse implements UserRecord {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ nullable: true }) fullName!: string | null;
  @ApiProperty({ nullable: true }) businessName!: string | null;
  @ApiProperty({ nullable: true }) phone!: string | null;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty() disabled!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true }) lastSignInAt!: string | null;
}

export function toAdminUserResponse(row: AdminUserRow): AdminUserResponse {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    fullName: row.fullName,
    businessName: row.businessName,
    phone: row.phone,
    emailVerified: row.emailVerified,
    disabled: row.disabled,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  };
}
