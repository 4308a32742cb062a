import type { ArgumentMetadata } from '@nestjs/common';
import fc from 'fast-check';
import { anyValue, check, nastyString } from '../../../test/support/property.js';
import { ConfigError, loadConfig } from '../../config/app-config.js';
import { ForgotPasswordDto, InviteUserDto, LoginDto, LogoutDto, RegisterDto, ResetPasswordDto, TokenDto } from '../../modules/auth/dto/auth.dto.js';
import { CreateJobDto, UpdateJobStatusDto } from '../../modules/jobs/dto/job.dto.js';
import { EmailSettingsDto } from '../../modules/settings/dto/email-settings.dto.js';
import { PreviewTemplateDto, UpdateTemplateDto } from '../../modules/templates/dto/template.dto.js';
import { UpdateUserDto } from '../../modules/users/dto/admin-user.dto.js';
import { UpdateProfileDto } from '../../modules/users/dto/profile.dto.js';
import { DomainError } from '../errors/domain-error.js';
import { createValidationPipe } from './validation.js';

/** Every request body class the global pipe validates, with the fields it declares. */
const DTOS: Array<[new () => object, readonly string[]]> = [
  [RegisterDto, ['email', 'password', 'fullName', 'businessName', 'phone']],
  [LoginDto, ['email', 'password']],
  [TokenDto, ['token']],
  [ForgotPasswordDto, ['email']],
  [ResetPasswordDto, ['token', 'password']],
  [LogoutDto, ['everywhere']],
  [InviteUserDto, ['email', 'role']],
  [CreateJobDto, ['jobNumber', 'customerName', 'customerEmail', 'status', 'customerPhone', 'address', 'bookingId', 'referralId', 'notify']],
  [UpdateJobStatusDto, ['status', 'notify']],
  [EmailSettingsDto, ['autoNotify', 'includeTrackingLink']],
  [UpdateTemplateDto, ['subject', 'body']],
  [PreviewTemplateDto, ['subject', 'body']],
  [UpdateUserDto, ['role', 'disabled']],
  [UpdateProfileDto, ['fullName', 'businessName', 'phone']],
];

const pipe = createValidationPipe();

async function validate(dto: new () => object, body: unknown): Promise<{ value?: object; error?: unknown }> {
  try {
    return { value: await pipe.transform(body, { type: 'body', metatype: dto } as ArgumentMetadata) };
  } catch (error) {
    return { error };
  }
}

describe('request validation (properties)', () => {
  it('every body class accepts a body or refuses it with a 400 naming fields: declared ones, unknown keys that should not exist, or the body', async () => {
    for (const [dto, declared] of DTOS) {
      const key = fc.oneof(fc.constantFrom(...declared), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'isAdmin'), nastyString(10));
      const body = fc.oneof(fc.dictionary(key, anyValue, { maxKeys: 5 }), anyValue);
      await fc.assert(
        fc.asyncProperty(body, async (input) => {
          const { value, error } = await validate(dto, input);
          if (error === undefined) {
            expect(value).toBeInstanceOf(dto);
            for (const name of Object.keys(value!)) expect(declared).toContain(name);
            return;
          }
          expect(error).toBeInstanceOf(DomainError);
          const refusal = error as DomainError;
          expect(refusal.statusCode).toBe(400);
          expect(refusal.code).toBe('VALIDATION_FAILED');
          for (const item of refusal.errors ?? []) {
            // A declared field, an unknown key, or the body itself when it is not an object.
            const known = declared.includes(item.field.split('.')[0]!) || item.field === 'body';
            if (!(known || item.message === `property ${item.field} should not exist`))
              throw new Error(`${dto.name}: ${JSON.stringify(item)} for ${String(input)}`);
            expect(item.message.length).toBeGreaterThan(0);
          }
        }),
        { seed: 20_261_121, numRuns: 60 },
      );
    }
  });

  it("a role, a yes/no or a preview part left out is unchanged, but null is refused with the field's message (it was stored, failed a NOT NULL or crashed the preview: 500)", async () => {
    const nullable: Array<[new () => object, string, string]> = [
      [UpdateUserDto, 'role', 'Role must be admin or plumber'],
      [UpdateUserDto, 'disabled', 'disabled must be true or false'],
      [EmailSettingsDto, 'autoNotify', 'autoNotify must be true or false'],
      [EmailSettingsDto, 'includeTrackingLink', 'includeTrackingLink must be true or false'],
      [PreviewTemplateDto, 'subject', 'Subject must be text'],
      [PreviewTemplateDto, 'body', 'Email body must be text'],
    ];
    for (const [dto, field, message] of nullable) {
      const { error } = await validate(dto, { [field]: null });
      expect((error as DomainError).errors).toEqual([{ field, message }]);
      expect((await validate(dto, {})).error).toBeUndefined();
    }
  });

  it('the configuration accepts an environment or refuses it with a readable list naming each bad variable', () => {
    const variables = [
      'NODE_ENV',
      'PORT',
      'DATABASE_URL',
      'PUBLIC_BASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'COMPANY_EMAIL',
      'JWT_SECRET',
      'TRUST_PROXY',
      'RATE_LIMITS',
      'MAIL_MAX_ATTEMPTS',
      'MAIL_RETRY_BASE_MS',
      'CORS_ORIGINS',
      'REBATE_CLEANVIEW_DOLLARS',
      'TZ_DISPLAY',
      'LOG_LEVEL',
    ];
    const value = fc.oneof(
      nastyString(30),
      fc.constantFrom(
        '',
        '0',
        '-1',
        '65536',
        '1e3',
        'true',
        'off',
        'yes',
        'postgres://u:p@h:5432/d',
        'https://example.com.au',
        'smtp://x',
        'A <a@b.co>',
        'a@b.co\r\nBcc: x@y.z',
        'x'.repeat(40),
      ),
    );
    check(
      fc.property(fc.dictionary(fc.constantFrom(...variables), value, { maxKeys: 6 }), (env) => {
        try {
          const config = loadConfig(env, { cwd: '/srv/app' });
          expect(config.port).toBeGreaterThanOrEqual(0);
          expect(config.port).toBeLessThanOrEqual(65535);
          expect(config.mailFrom).not.toMatch(/[\r\n]/);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          const items = (error as ConfigError).items;
          expect(items.length).toBeGreaterThan(0);
          for (const item of items) expect(variables).toContain(item.variable);
        }
      }),
      200,
    );
  });
});
