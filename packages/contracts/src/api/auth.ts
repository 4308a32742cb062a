import type { PaymentDetailsUpdate } from './payouts.js';
import type { EmailDelivery } from '../email-delivery.js';
import type { Role } from '../roles.js';

/** Requests and answers of /api/auth, /api/me/profile and staff invitations. */

/**
 * Set by the server beside the HttpOnly refresh cookie: readable, not a credential. Without it there is
 * no session to restore, so pages do not ask (no failing request for every visitor).
 */
export const SESSION_MARKER_COOKIE = 'relining_session';

/** Who a session is for. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
}

/**
 * POST /api/auth/login and /api/auth/refresh: an access token for the Authorization header, kept in
 * memory only (the long-lived refresh token is an HttpOnly cookie only /api/auth sees).
 */
export interface Session {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: SessionUser;
}

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /api/auth/register */
export interface RegisterRequest extends LoginRequest {
  fullName: string;
  businessName: string;
  phone: string;
}

/**
 * POST /api/auth/register: signed in at once, or (the same answer whether or not the address already
 * had an account) asked to verify the e-mail first.
 */
export type RegisterResult =
  { verificationRequired: true; accessToken: null; user: { email: string; role: Role } } | ({ verificationRequired: false } & Session);

/** POST /api/auth/forgot-password */
export interface EmailRequest {
  email: string;
}

/** POST /api/auth/verify-email */
export interface TokenRequest {
  /** The token from the link in the e-mail. */
  token: string;
}

/** POST /api/auth/reset-password */
export interface ResetPasswordRequest extends TokenRequest {
  password: string;
}

/** POST /api/auth/logout */
export interface LogoutRequest {
  /** End every session of this user, on every device. */
  everywhere?: boolean;
}

/** Answers that only say what happened: verify-email, forgot-password, reset-password. */
export interface MessageResult {
  message: string;
}

/** GET and PUT /api/me/profile (null: 'Not provided'). */
export interface Profile {
  fullName: string | null;
  businessName: string | null;
  phone: string | null;
}

/** PUT /api/me/profile: every field optional; an empty value clears it. */
export interface ProfileUpdate extends PaymentDetailsUpdate {
  fullName?: string;
  businessName?: string;
  phone?: string;
}

/** GET /api/auth/me: the signed-in account. */
export interface Me extends SessionUser {
  profile: Profile;
  createdAt: string;
}

/** POST /api/admin/users/invite */
export interface InviteUserRequest extends EmailRequest {
  role: Role;
}

/** POST /api/admin/users/invite: the same answer whether or not the address already has an account. */
export interface InvitationResult {
  /** 'Invitation sent to …', or in preview mode '… saved as a preview (not sent: no SMTP server configured)'. */
  message: string;
  status: EmailDelivery;
}
