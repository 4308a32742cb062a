/**
 * Account rules and messages shared by the server and both front ends (spec §5 Registration,
 * §8 Registration / Plumber login, issue 3's password policy).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const ACCOUNT_MESSAGES = {
  registrationTitle: 'Please fill in all fields',
  registrationFieldsRequired: 'All fields are required for registration.',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please check your email for a verification link before logging in.',
  accountDisabled: 'This account has been disabled. Please contact us if you think this is a mistake.',
  tokenInvalid: 'This link is invalid or has expired. Please request a new one.',
  checkEmailTitle: 'Check your email',
  checkEmail: 'Please check your email for a verification link before logging in.',
  accountCreatedTitle: 'Account created!',
  accountCreated: 'Welcome to our plumber referral program.',
  signupDisabledTitle: 'Signup disabled',
  signupDisabled: 'Admin accounts must be created by existing administrators. Please contact your system administrator.',
  passwordResetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordUpdated: 'Your password has been updated. You can now log in.',
  emailVerified: 'Your email address is confirmed. You can now log in.',
  ownRole: 'You cannot change your own role.',
  ownAccountDisabled: 'You cannot disable your own account.',
  profileUpdatedTitle: 'Profile updated',
  profileUpdated: 'Your profile has been updated successfully',
} as const;

/**
 * One e-mail address as people type it (spec §5: text, @, text, a dot, text, no spaces), and nothing
 * a mail header could read as more: no space or line break of any kind, no control character, none of
 * the characters that quote or separate addresses in a header ( ) < > [ ] : ; \ , " — so a value can
 * neither start a header line of its own nor add a recipient. Nor anything that changes a `mailto:`
 * link built from it (issue 12): `?` (starts headers such as cc= or body=), `&` (adds one), `=`, `%`
 * (escapes any character in), `#` (cuts the link), nor an invisible format character (zero-width
 * spaces, direction overrides, soft hyphens) that would hide what the address says. The domain is
 * dot-separated labels of letters (international ones too), digits and hyphens. The one strict
 * mailbox rule: every form, the server, the outbox and the console use it.
 */
export const EMAIL_PATTERN = /^[^\s@()<>[\]:;\\,"?&=%#\p{Cc}\p{Cf}]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/**
 * Length in characters as the server's validators count it (class-validator's MinLength/MaxLength):
 * an emoji or other astral character counts once, and so does a character with its emoji/text
 * presentation selector. Counting UTF-16 units instead let the form accept "🚰" × 11 as 12+
 * characters, which the server then refused.
 */
export function characterLength(value: string): number {
  const presentationSequences = value.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  const surrogatePairs = value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return value.length - presentationSequences - surrogatePairs;
}

/** The server trims the address, then checks its length and shape. */
export function isValidEmail(value: string): boolean {
  const address = value.trim();
  return characterLength(address) <= 254 && EMAIL_PATTERN.test(address);
}

export function passwordProblem(password: string): string | undefined {
  const length = characterLength(password);
  if (length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return undefined;
}
