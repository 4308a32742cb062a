import type { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { IsString } from 'class-validator';
import fc from 'fast-check';
import { nastyString, runs } from '../../../test/support/property.js';
import { BookingRequestDto } from '../../modules/bookings/dto/booking.dto.js';
import { CorporateEnquiryDto, ProductEnquiryDto } from '../../modules/enquiries/dto/enquiry.dto.js';
import { QuickReferralDto, ReferralFormDto } from '../../modules/referrals/dto/referral.dto.js';
import { bodyPlanOf, createValidationPipe, StrictValidationPipe, TextField, type BodyValidationOptions } from './validation.js';

/** The same pipe with its shortcut turned off: every body through Nest's ValidationPipe, class-transformer and class-validator. */
function withoutShortcut(pipe: ValidationPipe): ValidationPipe {
  return Object.setPrototypeOf(pipe, LongWay.prototype) as ValidationPipe;
}

class LongWay extends StrictValidationPipe {
  protected override canBuild(): boolean {
    return false;
  }
}

class WithACheck {
  @TextField() name?: string;
  @IsString({ message: 'Note must be text' }) note?: string;
}

/** A body class and the fields it declares. */
const FORMS: Array<[new () => object, string[]]> = [
  [
    BookingRequestDto,
    [
      'name',
      'email',
      'phone',
      'suburb',
      'address',
      'preferred_date',
      'preferred_time',
      'how_heard_about_us',
      'message',
      '_gotcha',
      'state',
      'postcode',
      'subject',
      '_next',
      'idempotency_key',
      'referral_code',
      'marketing_consent',
    ],
  ],
  [
    QuickReferralDto,
    [
      'plumberName',
      'plumberCompany',
      'plumberPhone',
      'plumberEmail',
      'clientName',
      'jobAddress',
      'suburb',
      'clientPhone',
      'urgency',
      'description',
      'notes',
      'contactClient',
      'serviceTypes',
      '_gotcha',
    ],
  ],
  [
    ReferralFormDto,
    [
      'plumberName',
      'plumberCompany',
      'plumberPhone',
      'plumberEmail',
      'clientName',
      'jobAddress',
      'suburb',
      'clientPhone',
      'urgency',
      'description',
      'notes',
      'contactClient',
      'serviceTypes',
    ],
  ],
  [CorporateEnquiryDto, ['kind', 'organisationName', 'contactPerson', 'email', 'phone', 'siteAddress', 'issueType', 'quantity', 'timing', 'notes', '_gotcha']],
  [ProductEnquiryDto, ['kind', 'name', 'email', 'phone', 'business', 'product', 'message', '_gotcha']],
];

const PIPES: Array<[string, BodyValidationOptions]> = [
  ['JSON (unknown fields refused)', {}],
  ['a form post ignoring unknown fields', { unknownFields: 'ignore', encoding: 'form' }],
  ['a form post refusing unknown fields', { unknownFields: 'refuse', encoding: 'form' }],
];

async function outcome(pipe: ValidationPipe, body: unknown, metatype: new () => object): Promise<unknown> {
  try {
    const value = (await pipe.transform(structuredClone(body), { type: 'body', metatype } as ArgumentMetadata)) as object;
    return { class: value.constructor.name, value: { ...value } };
  } catch (error) {
    return { refused: { message: (error as Error).message, errors: (error as { errors?: unknown }).errors } };
  }
}

describe('the validation shortcut (bodies of declared fields only) answers exactly as class-validator would', () => {
  it('knows which classes qualify: the public forms (fields declared, nothing else), not a class with a check of its own', () => {
    for (const [form, fields] of FORMS) {
      const plan = bodyPlanOf(form);
      expect({ declaredOnly: plan.declaredOnly, fields: [...plan.fields.keys()].sort() }).toEqual({ declaredOnly: true, fields: [...fields].sort() });
    }
    expect(bodyPlanOf(WithACheck).declaredOnly).toBe(false);
  });

  it.each(PIPES)('%s: the same body, the same refusal or the same instance', async (_name, options) => {
    const context = { timeZone: 'Australia/Melbourne' };
    const shortcut = createValidationPipe({ ...options, context });
    const longWay = withoutShortcut(createValidationPipe({ ...options, context }));
    for (const [form, fields] of FORMS) {
      // What JSON and forms carry: text (the fields' own values among it), numbers, booleans, null, lists, objects.
      const key = fc.oneof(fc.constantFrom(...fields), fc.constantFrom('admin', 'id', 'utm_source', 'constructor', 'toString'), nastyString(8));
      const value = fc.oneof(
        nastyString(),
        fc.constantFrom('true', 'on', 'corporate', 'product', 'medium', '9:00 AM', 'RapidResin Liner'),
        fc.jsonValue({ maxDepth: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 8 }), async (body) => {
          expect(await outcome(shortcut, body, form)).toEqual(await outcome(longWay, body, form));
        }),
        runs(100),
      );
    }
  });
});
