import type { Role } from '../roles.js';

/** /api/admin/users: accounts as staff see and change them. */

/** A user as staff's list answers it (react-admin's record). */
export interface UserRecord {
  id: string;
  email: string;
  role: Role;
  fullName: string | null;
  businessName: string | null;
  phone: string | null;
  emailVerified: boolean;
  /** A disabled user cannot sign in; their sessions end at once. */
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** PUT /api/admin/users/:id as react-admin sends it: only these change (the rest is read-only and ignored). */
export interface UserUpdate {
  role?: Role;
  disabled?: boolean;
}
