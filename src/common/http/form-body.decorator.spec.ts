import type { ArgumentMetadata, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { todayIn } from '@relining/contracts/booking-rules';
import { BookingRequestDto } from '../../modules/bookings/dto/booking.dto.js';
import { CorporateEnquiryDto, enquiryClassFor, ProductEnquiryDto } from '../../modules/enquiries/dto/enquiry.dto.js';
import { QuickReferralDto } from '../../modules/referrals/dto/referral.dto.js';
import { DomainError, type FieldError } from '../errors/domain-error.js';
import { FormBodyPipe, receiveForm, type FormBodyOptions } from './form-body.decorator.js';
import { CheckedBy, FormCheckbox, isTrapped, SpamTrap, TextField } from './validation.js';

const TIME_ZONE = 'Australia/Melbourne';

/** A small form with one of each kind of field, and a rule table in the contracts' style. */
@CheckedBy<SampleForm>((sample, context) => {
  const problems: FieldError[] = [];
  if (!sample.name?.trim()) problems.push({ field: 'name', message: 'Please enter your name' });
  if (sample.agree !== undefined && typeof sample.agree !== 'boolean') problems.push({ field: 'agree', message: 'Agree must be yes or no' });
  if (context.timeZone !== TIME_ZONE) problems.push({ field: 'zone', message: 'The rules were given another time zone' });
  return problems;
})
class SampleForm {
  @TextField() name?: string;
  @TextField() note?: string;
  @FormCheckbox() agree?: boolean;
  @SpamTrap() _gotcha?: string;
}

type Encoding = 'json' | 'urlencoded' | 'multipart';
const ENCODINGS: Encoding[] = ['json', 'urlencoded', 'multipart'];
const CONTENT_TYPES: Record<Encoding, string> = {
  json: 'application/json',
  urlencoded: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=x',
};

/** A request as Fastify hands it over: a parsed body (JSON, urlencoded), or multipart parts to read. */
function requestOf(encoding: Encoding, fields: Record<string, unknown>, file?: string): FastifyRequest {
  const headers = { 'content-type': CONTENT_TYPES[encoding] };
  if (encoding !== 'multipart') return { headers, body: fields } as unknown as FastifyRequest;
  return {
    headers,
    async *parts() {
      for (const [fieldname, value] of Object.entries(fields)) yield { type: 'field', fieldname, value };
      if (file) yield { type: 'file', fieldname: file, file: { resume() {} } };
    },
  } as unknown as FastifyRequest;
}

const sut = new FormBodyPipe({ tzDisplay: TIME_ZONE } as AppConfig);

async function submit(
  encoding: Encoding,
  fields: Record<string, unknown>,
  options: Partial<FormBodyOptions> = {},
  bodyClass: Type<object> = SampleForm,
  file?: string,
) {
  const request = requestOf(encoding, fields, file);
  const metadata: ArgumentMetadata = { type: 'custom', metatype: bodyClass, data: { formPostUnknownFields: 'ignore', ...options } as never };
  try {
    return { body: await sut.transform(await receiveForm(request), metadata) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { error: { statusCode: error.statusCode, code: error.code, errors: error.errors } };
  }
}

const refused = (...errors: FieldError[]) => ({ error: { statusCode: 400, code: 'VALIDATION_FAILED', errors } });

describe('FormBody: one validation pipeline, whatever the encoding', () => {
  describe.each(ENCODINGS)('%s', (encoding) => {
    const form = encoding !== 'json';

    it('takes the declared fields, as the body class', async () => {
      const { body } = await submit(encoding, { name: 'Alex', note: 'Side gate' });
      expect(body).toBeInstanceOf(SampleForm);
      expect({ ...body }).toEqual({ name: 'Alex', note: 'Side gate' });
    });

    it.each<[string, Partial<FormBodyOptions>, boolean]>([
      ['a route whose form posts may carry fields we ignore (dropped from a form post, refused in JSON)', { formPostUnknownFields: 'ignore' }, form],
      ['a route that refuses them in every encoding', { formPostUnknownFields: 'refuse' }, false],
    ])('unknown fields, for %s', async (_case, options, dropped) => {
      const result = await submit(encoding, { name: 'Alex', subject: 'New Booking Request', admin: 'yes' }, options);
      if (dropped) expect({ ...result.body }).toEqual({ name: 'Alex' });
      else
        expect(result).toEqual(
          refused({ field: 'subject', message: 'property subject should not exist' }, { field: 'admin', message: 'property admin should not exist' }),
        );
    });

    it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'])('an inherited name (%s) is refused in every encoding', async (name) => {
      expect(await submit(encoding, { name: 'Alex', [name]: 'x' })).toEqual(refused({ field: name, message: `property ${name} should not exist` }));
    });

    it.each<[string, Record<string, unknown>]>([
      ['left out', { note: 'x' }],
      ['empty', { name: '' }],
      ['only spaces', { name: '   ' }],
    ])("a missing field (%s) gets the rule table's message", async (_case, fields) => {
      expect(await submit(encoding, fields)).toEqual(refused({ field: 'name', message: 'Please enter your name' }));
    });

    it('text with a NUL character is refused once the rules pass, naming the field', async () => {
      expect(await submit(encoding, { name: 'Alex', note: 'a\u0000b' })).toEqual(
        refused({ field: 'note', message: 'Text cannot contain the NUL character (U+0000).' }),
      );
    });

    it('a filled spam trap skips the rules (its service answers like a success), but not the unknown-field check', async () => {
      const { body } = await submit(encoding, { _gotcha: 'https://spam.example', note: 'nul\u0000' });
      expect(isTrapped(body!)).toBe(true);
      expect(await submit(encoding, { _gotcha: 'x', extra: 'y' }, { formPostUnknownFields: 'refuse' })).toEqual(
        refused({ field: 'extra', message: 'property extra should not exist' }),
      );
    });

    it('a checkbox is text in a form post (ticked: "true" or "on"), a yes or no in JSON', async () => {
      for (const [sent, ticked] of [
        ['true', true],
        ['on', true],
        ['false', false],
        ['', false],
      ] as const) {
        const result = await submit(encoding, { name: 'Alex', agree: sent });
        if (form) expect(result.body).toMatchObject({ agree: ticked });
        else expect(result).toEqual(refused({ field: 'agree', message: 'Agree must be yes or no' }));
      }
      expect((await submit(encoding, { name: 'Alex' })).body).not.toHaveProperty('agree');
    });
  });

  describe('wrong types (only JSON has any)', () => {
    it.each<[string, unknown]>([
      ['a number', 42],
      ['true', true],
      ['null', null],
      ['an object', { first: 'Alex' }],
    ])("%s for a text field counts as left out: the field's own message", async (_case, value) => {
      expect(await submit('json', { name: value })).toEqual(refused({ field: 'name', message: 'Please enter your name' }));
    });

    it('an optional text field of another type is dropped, and the body holds text or nothing', async () => {
      const { body } = await submit('json', { name: 'Alex', note: 7 });
      expect((body as SampleForm).note).toBeUndefined();
    });

    it('a list keeps its first value, as a repeated form field does', async () => {
      expect((await submit('json', { name: ['Alex', 'Sam'] })).body).toMatchObject({ name: 'Alex' });
    });

    it('a boolean stays a boolean', async () => {
      expect((await submit('json', { name: 'Alex', agree: false })).body).toMatchObject({ agree: false });
    });

    it('a body that is not an object is refused', async () => {
      const request = { headers: { 'content-type': 'application/json' }, body: ['Alex'] } as unknown as FastifyRequest;
      await expect(receiveForm(request)).rejects.toMatchObject({ errors: [{ field: 'body', message: 'The request body must be a JSON object' }] });
    });
  });

  it('refuses a file in a multipart form', async () => {
    expect(await submit('multipart', { name: 'Alex' }, {}, SampleForm, 'photo')).toEqual(
      refused({ field: 'photo', message: 'Files cannot be attached to this form' }),
    );
  });

  it('needs a body class', async () => {
    await expect(
      sut.transform(await receiveForm(requestOf('json', {})), { type: 'custom', metatype: Object, data: { formPostUnknownFields: 'ignore' } as never }),
    ).rejects.toThrow(/needs a class/);
  });
});

describe('FormBody with the public forms', () => {
  const inDays = (days: number) => {
    const date = new Date(`${todayIn(TIME_ZONE)}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  const booking = {
    name: 'Alex Citizen',
    email: 'alex@example.com.au',
    phone: '0400 123 456',
    suburb: 'Richmond',
    address: '12 Station Street',
    preferred_date: inDays(2),
    preferred_time: '9:00 AM',
    message: 'Blocked drain',
  };

  it.each(ENCODINGS)("booking (%s): every problem in the spec's order, with its exact message", async (encoding) => {
    expect(await submit(encoding, { ...booking, message: '  ', email: 'nope', preferred_date: inDays(-1) }, {}, BookingRequestDto)).toEqual(
      refused(
        { field: 'message', message: 'Please fill in the message field' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'preferred_date', message: 'Please select a date from today onwards' },
      ),
    );
    expect((await submit(encoding, { ...booking, preferred_date: inDays(0), _next: '/about' }, {}, BookingRequestDto)).body).toBeInstanceOf(BookingRequestDto);
  });

  it.each(ENCODINGS)('enquiry (%s): the class is chosen by kind, and an unknown kind is refused on its own', async (encoding) => {
    const refuse = { formPostUnknownFields: 'refuse' } as const;
    const product = {
      kind: 'product',
      name: 'Pat Supplier',
      email: 'pat@example.com.au',
      phone: '0400 555 666',
      product: 'RapidResin Liner',
      message: 'Price?',
    };
    const enquiry = async (fields: Record<string, unknown>) => submit(encoding, fields, refuse, enquiryClassFor(fields));
    expect((await enquiry(product)).body).toBeInstanceOf(ProductEnquiryDto);
    expect(await enquiry({ ...product, siteAddress: '1 Civic Drive' })).toEqual(
      refused({ field: 'siteAddress', message: 'property siteAddress should not exist' }),
    );
    expect(await enquiry({ kind: 'council', organisationName: 'City of Example' })).toEqual(
      refused({ field: 'kind', message: "kind must be 'corporate' or 'product'" }),
    );
    expect(enquiryClassFor({})).toBe(CorporateEnquiryDto);
  });

  it.each(ENCODINGS)("quick referral (%s): the referral form's messages; contact permission a checkbox in a form post", async (encoding) => {
    const quick = {
      plumberName: 'Quinn Quick',
      plumberCompany: 'Quick Drains',
      plumberPhone: '0400 121 212',
      plumberEmail: 'quinn@quickdrains.com.au',
      clientName: 'Chris Client',
      jobAddress: '4 Elm Street',
      suburb: 'Toowong',
      clientPhone: '0400 999 000',
      urgency: 'medium',
      description: 'Blocked sewer',
    };
    expect(await submit(encoding, { ...quick, clientName: '', urgency: 'soon' }, {}, QuickReferralDto)).toEqual(
      refused({ field: 'clientName', message: 'Client name is required' }, { field: 'urgency', message: 'Please select an urgency level' }),
    );
    const { body } = await submit(encoding, { ...quick, contactClient: encoding === 'json' ? false : 'false' }, {}, QuickReferralDto);
    expect(body).toMatchObject({ contactClient: false });
  });
});
