import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import fc from 'fast-check';
import { check, nastyString } from '../../../../test/support/property.js';
import { ForgotPasswordDto, ResetPasswordDto } from './auth.dto.js';
import { ACCOUNT_MESSAGES, isValidEmail, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@relining/contracts/account-rules';
import { effectiveRole, ROLES } from '@relining/contracts/roles';

/** What the server answers for a value: the first message of its DTO, or undefined when accepted. */
function serverProblem<T extends object>(dto: new () => T, body: object, field: string): string | undefined {
  const errors = validateSync(plainToInstance(dto, body), { whitelist: true, stopAtFirstError: true });
  const error = errors.find((candidate) => candidate.property === field);
  return error ? Object.values(error.constraints ?? {})[0] : undefined;
}

/** A password of `length` characters as people count them: astral characters count once. */
const passwordOf = (length: number) =>
  fc
    .array(fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), fc.constantFrom('🚰', '𝕏', 'é', '密')), { minLength: length, maxLength: length })
    .map((chars) => chars.join(''));

describe('account rules (properties)', () => {
  it('the browser and the server agree on every password: accepted, too short or too long, with the same message', () => {
    const password = fc.oneof(
      nastyString(200),
      fc.integer({ min: 0, max: 140 }).chain(passwordOf),
      fc.constantFrom(PASSWORD_MIN_LENGTH - 1, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH + 1).chain(passwordOf),
    );
    check(
      fc.property(password, (value) => {
        expect(passwordProblem(value)).toBe(serverProblem(ResetPasswordDto, { token: 't', password: value }, 'password'));
      }),
      200,
    );
  });

  it('a password of 12 to 128 characters is accepted; shorter or longer gets the spec message', () => {
    check(
      fc.property(fc.integer({ min: 0, max: 200 }).chain(passwordOf), (value) => {
        const length = [...value].length;
        const expected =
          length < PASSWORD_MIN_LENGTH ? ACCOUNT_MESSAGES.passwordTooShort : length > PASSWORD_MAX_LENGTH ? ACCOUNT_MESSAGES.passwordTooLong : undefined;
        expect(passwordProblem(value)).toBe(expected);
      }),
    );
  });

  it('the browser and the server agree on every e-mail address', () => {
    const email = fc.oneof(
      fc.emailAddress(),
      fc.tuple(fc.constantFrom('', ' ', '  \t'), fc.emailAddress(), fc.constantFrom('', ' ', '\n')).map(([a, b, c]) => a + b + c),
      fc.tuple(fc.string({ minLength: 1, maxLength: 250 }), fc.constantFrom('@x.com.au', '@𝕏.com', '@b.c')).map(([local, domain]) => local + domain),
      // Around the 254-character limit, with astral characters and surrounding spaces.
      fc
        .tuple(fc.integer({ min: 240, max: 252 }), fc.constantFrom('@b.co', '@𝕏.co', '@🚰🚰.com'), fc.constantFrom('', '  '))
        .map(([length, domain, pad]) => `${pad}${'a'.repeat(length - domain.length)}${domain}${pad}`),
      nastyString(60),
    );
    check(
      fc.property(email, (value) => {
        const server = serverProblem(ForgotPasswordDto, { email: value }, 'email');
        expect(isValidEmail(value)).toBe(server === undefined);
        if (server !== undefined) expect(server).toBe(ACCOUNT_MESSAGES.invalidEmail);
      }),
      200,
    );
  });

  it('an accepted e-mail address is one mailbox: one @, a dot after it, no space, at most 254 characters', () => {
    check(
      fc.property(nastyString(80), (value) => {
        if (!isValidEmail(value)) return;
        const address = value.trim();
        expect(address.split('@').length - 1).toBe(1);
        expect(address.split('@')[1]).toContain('.');
        expect(address).not.toMatch(/\s/);
        expect([...address].length).toBeLessThanOrEqual(254);
      }),
      200,
    );
  });

  it('only the stored role "admin" makes an admin; anything else (none, junk, case variants) is a plumber', () => {
    check(
      fc.property(fc.oneof(nastyString(), fc.constantFrom(null, undefined, 'Admin', 'ADMIN', ' admin', 'admin ', 'plumber')), (stored) => {
        const role = effectiveRole(stored);
        expect(ROLES).toContain(role);
        expect(role === 'admin').toBe(stored === 'admin');
      }),
    );
  });
});
