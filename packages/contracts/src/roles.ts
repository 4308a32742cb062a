/** Roles of spec §6; values are the database strings. A user without a role acts as a plumber. */
export const Role = {
  Admin: 'admin',
  Plumber: 'plumber',
} as const;

export type Role = (typeof Role)[keyof typeof Role];

export const ROLES: readonly Role[] = [Role.Admin, Role.Plumber];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  plumber: 'Plumber',
};

/** spec §6: "Users with no role display as plumber." */
export function effectiveRole(stored: string | null | undefined): Role {
  return stored === Role.Admin ? Role.Admin : Role.Plumber;
}
