import type { Response, Test } from 'supertest';
import { slotSequence } from '../support/booking-slots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The public forms through the one validation pipeline, over HTTP: each form in each encoding, with
 * known, unknown, missing and wrongly typed fields. A JSON body refuses unknown fields like every
 * JSON body of the API; a browser's form post of the booking or quick referral form may carry fields
 * we ignore (the enquiry forms refuse them in every encoding); the answer follows what the client
 * accepts (a page for a browser, JSON otherwise).
 */
// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

interface Form {
  path: string;
  table: string;
  fields: Record<string, string>;
  /** A required field and its message when left empty. */
  required: [string, string];
  /** A field of free text. */
  freeText: string;
  /** Whether a browser form post may carry fields we ignore (and is answered with pages). */
  browserForm: boolean;
}

const FORMS: Record<string, Form> = {
  booking: {
    path: '/api/bookings',
    table: 'bookings',
    // A free slot each time the fields are read.
    get fields() {
      return {
        name: 'Alex Citizen',
        email: 'alex.pipeline@example.com.au',
        phone: '0400 123 456',
        suburb: 'Richmond VIC 3121',
        address: '12 Station Street',
        ...slots.next(),
        message: 'Blocked drain',
      };
    },
    required: ['name', 'Please fill in the name field'],
    freeText: 'message',
    browserForm: true,
  },
  'quick referral': {
    path: '/api/referrals/quick',
    table: 'referrals',
    fields: {
      plumberName: 'Quinn Quick',
      plumberCompany: 'Quick Drains',
      plumberPhone: '0400 121 212',
      plumberEmail: 'quinn.pipeline@quickdrains.com.au',
      clientName: 'Chris Client',
      jobAddress: '4 Elm Street',
      suburb: 'Toowong',
      clientPhone: '0400 999 000',
      urgency: 'medium',
      description: 'Blocked sewer',
    },
    required: ['clientName', 'Client name is required'],
    freeText: 'description',
    browserForm: true,
  },
  'corporate enquiry': {
    path: '/api/enquiries',
    table: 'enquiries',
    fields: {
      kind: 'corporate',
      organisationName: 'City of Example',
      contactPerson: 'Jordan Lee',
      email: 'jordan.pipeline@example.gov.au',
      phone: '03 9000 0000',
      siteAddress: '1 Civic Drive, Example VIC 3000',
      issueType: 'roots',
      timing: 'planned',
    },
    required: ['contactPerson', 'Contact person name is required'],
    freeText: 'siteAddress',
    browserForm: false,
  },
  'product enquiry': {
    path: '/api/enquiries',
    table: 'enquiries',
    fields: {
      kind: 'product',
      name: 'Pat Supplier',
      email: 'pat.pipeline@example.com.au',
      phone: '0400 555 666',
      product: 'RapidResin Liner',
      message: 'Price list please',
    },
    required: ['product', 'Please choose a product'],
    freeText: 'message',
    browserForm: false,
  },
};

type Encoding = 'json' | 'urlencoded' | 'multipart';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('public forms: one validation pipeline, whatever the encoding', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  function post(form: Form, encoding: Encoding, fields: Record<string, unknown>, accept?: string): Test {
    const request = sut.http().post(form.path);
    if (accept) void request.set('accept', accept);
    if (encoding === 'json') return request.send(fields);
    if (encoding === 'urlencoded') return request.type('form').send(new URLSearchParams(fields as Record<string, string>).toString());
    for (const [key, value] of Object.entries(fields)) void request.field(key, value as string);
    return request;
  }

  async function rows(form: Form): Promise<number> {
    return (await sut.dataSource.query(`SELECT count(*)::int AS count FROM ${form.table}`))[0].count;
  }

  /** A 400 in the one error format (JSON), or, for a browser's form post, the page listing the same problems. */
  function expectRefused(response: Response, page: boolean, errors: Array<{ field: string; message: string }>): void {
    expect(response.status).toBe(400);
    if (page) {
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      for (const { message } of errors) expect(response.text).toContain(message);
    } else {
      expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: errors[0]!.message, errors, correlationId: expect.any(String) });
    }
  }

  describe.each(Object.entries(FORMS))('%s', (_name, form) => {
    it.each<Encoding>(['json', 'urlencoded', 'multipart'])('%s: known fields are taken', async (encoding) => {
      const before = await rows(form);
      const response = await post(form, encoding, form.fields, 'application/json');
      expect(response.status).toBe(201);
      expect(response.body).toEqual(expect.objectContaining({ id: expect.any(String) }));
      expect(await rows(form)).toBe(before + 1);
    });

    it.each<Encoding>(['json', 'urlencoded', 'multipart'])('%s: unknown fields', async (encoding) => {
      const before = await rows(form);
      const response = await post(form, encoding, { ...form.fields, utm_source: 'newsletter' }, 'application/json');
      if (encoding !== 'json' && form.browserForm) {
        expect(response.status).toBe(201);
        expect(await rows(form)).toBe(before + 1);
      } else {
        expectRefused(response, false, [{ field: 'utm_source', message: 'property utm_source should not exist' }]);
        expect(await rows(form)).toBe(before);
      }
    });

    it.each<[Encoding, string | undefined]>([
      ['json', undefined],
      ['urlencoded', BROWSER],
      ['multipart', undefined],
      ['multipart', 'application/json'],
    ])("%s accepting %s: a missing field gets the spec's message, nothing stored", async (encoding, accept) => {
      const before = await rows(form);
      const [field, message] = form.required;
      const response = await post(form, encoding, { ...form.fields, [field]: '' }, accept);
      expectRefused(response, encoding !== 'json' && accept !== 'application/json' && form.browserForm, [{ field, message }]);
      expect(await rows(form)).toBe(before);
    });

    it('urlencoded: an inherited name as a field is refused, like in JSON', async () => {
      const before = await rows(form);
      expectRefused(await post(form, 'urlencoded', { ...form.fields, toString: 'x' }, 'application/json'), false, [
        { field: 'toString', message: 'property toString should not exist' },
      ]);
      expect(await rows(form)).toBe(before);
    });

    it('multipart: an inherited name as a field is refused (by the multipart reader itself) in the one error format', async () => {
      const before = await rows(form);
      const response = await post(form, 'multipart', { ...form.fields, toString: 'x' }, BROWSER);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'The request is not valid.', correlationId: expect.any(String) });
      expect(await rows(form)).toBe(before);
    });

    it("json: a number for a required text field gets the field's own message", async () => {
      const [field, message] = form.required;
      expectRefused(await post(form, 'json', { ...form.fields, [field]: 42 }), false, [{ field, message }]);
    });

    it.each<[Encoding, string | undefined]>([
      ['json', undefined],
      ['urlencoded', undefined],
    ])('%s: text with a NUL character is refused before anything is stored, naming the field', async (encoding, accept) => {
      const before = await rows(form);
      const field = form.freeText;
      const response = await post(form, encoding, { ...form.fields, [field]: `${form.fields[field]}\u0000` }, accept);
      expectRefused(response, encoding !== 'json' && form.browserForm, [{ field, message: 'Text cannot contain the NUL character (U+0000).' }]);
      expect(await rows(form)).toBe(before);
    });
  });

  it('a multipart form with a file: refused with the page for a browser, in the error format for JSON', async () => {
    const form = FORMS.booking!;
    const send = (accept: string) => {
      const request = post(form, 'multipart', form.fields, accept);
      return request.attach('photo', Buffer.from('not a photo'), 'drain.jpg');
    };
    const problem = [{ field: 'photo', message: 'Files cannot be attached to this form' }];
    expectRefused(await send(BROWSER), true, problem);
    expectRefused(await send('application/json'), false, problem);
  });
});
