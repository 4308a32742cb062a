import fc from 'fast-check';
import { anyValue, check, nastyString, plainMailbox } from '../../../test/support/property.js';
import { CORPORATE_MESSAGES, corporateEnquiryProblems, ISSUE_TYPES, PRODUCT_MESSAGES, productEnquiryProblems, PRODUCTS, TIMINGS } from './enquiry-rules.js';
import { REFERRAL_MESSAGES, referralProblems, refNumber, serviceTypesOf, URGENCIES } from './referral-rules.js';

const filled = (max: number, min = 1) => fc.string({ minLength: min, maxLength: max }).filter((value) => value.trim().length >= min);
const email = plainMailbox();

const REFERRAL_FIELDS = [
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
] as const;

const validReferral = fc.record({
  plumberName: filled(120),
  plumberCompany: filled(160),
  plumberPhone: filled(40),
  plumberEmail: email,
  clientName: filled(120),
  jobAddress: filled(300),
  suburb: filled(120),
  clientPhone: filled(40),
  urgency: fc.constantFrom(...URGENCIES),
  description: filled(400),
  notes: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
  contactClient: fc.option(fc.boolean(), { nil: undefined }),
  serviceTypes: fc.constantFrom({ cleanView: true, reline: false }, { cleanView: false, reline: true }, { cleanView: true, reline: true }),
});

const REFERRAL_SPEC_MESSAGES = new Set<string>([
  ...Object.values(REFERRAL_MESSAGES),
  ...[120, 160, 40, 300, 5_000].map((max) => `This field can hold at most ${max} characters`),
  'Permission to contact client must be yes or no',
]);

describe('referral rules (properties)', () => {
  it('never throw, whatever each field holds, and answer only form fields with the spec messages', () => {
    const input = fc.record(Object.fromEntries(REFERRAL_FIELDS.map((field) => [field, anyValue])), { requiredKeys: [] });
    check(
      fc.property(input, fc.boolean(), (referral, requireServiceType) => {
        for (const problem of referralProblems(referral, { requireServiceType })) {
          expect(REFERRAL_FIELDS).toContain(problem.field);
          expect(REFERRAL_SPEC_MESSAGES).toContain(problem.message);
        }
      }),
      300,
    );
  });

  it('accept every referral the spec allows (signed-in form and quick form)', () => {
    check(
      fc.property(validReferral, fc.boolean(), (referral, requireServiceType) => {
        expect(referralProblems(referral, { requireServiceType })).toEqual([]);
      }),
    );
  });

  it('a blank required field gets exactly its own spec message', () => {
    const required = ['plumberName', 'plumberCompany', 'plumberPhone', 'clientName', 'jobAddress', 'suburb', 'clientPhone', 'description'] as const;
    check(
      fc.property(validReferral, fc.constantFrom(...required), fc.constantFrom('', '  ', undefined, null, 7, true, ['a']), (referral, field, blank) => {
        expect(referralProblems({ ...referral, [field]: blank }, { requireServiceType: true })).toEqual([{ field, message: REFERRAL_MESSAGES[field] }]);
      }),
    );
  });

  it('the urgency must be one of the four levels; the signed-in form needs a service type that is exactly true', () => {
    check(
      fc.property(validReferral, anyValue, anyValue, (referral, urgency, serviceTypes) => {
        const problems = referralProblems({ ...referral, urgency, serviceTypes }, { requireServiceType: true });
        const urgencyOk = typeof urgency === 'string' && (URGENCIES as readonly string[]).includes(urgency.trim());
        expect(problems.some((problem) => problem.field === 'urgency' && problem.message === REFERRAL_MESSAGES.urgency)).toBe(!urgencyOk);
        const flags = serviceTypesOf(serviceTypes);
        expect(problems.some((problem) => problem.field === 'serviceTypes')).toBe(!flags.cleanView && !flags.reline);
      }),
    );
  });

  it('service types are two booleans, true only for a literal true', () => {
    check(
      fc.property(fc.oneof(anyValue, fc.record({ cleanView: anyValue, reline: anyValue })), (value) => {
        const flags = serviceTypesOf(value);
        expect(Object.keys(flags).sort()).toEqual(['cleanView', 'reline']);
        const source = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
        expect(flags.cleanView).toBe(source.cleanView === true);
        expect(flags.reline).toBe(source.reline === true);
      }),
    );
  });

  it('Ref IDs are R- and at least six digits, distinct, read back to their number, and sort like their numbers', () => {
    check(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), (a, b) => {
        const [ra, rb] = [refNumber(a), refNumber(b)];
        expect(ra).toMatch(/^R-\d{6,}$/);
        expect(Number(ra.slice(2))).toBe(a);
        expect(ra === rb).toBe(a === b);
        // Same width (up to 999,999, or equally long numbers beyond): text order is number order.
        if (ra.length === rb.length) expect(ra < rb).toBe(a < b);
      }),
      250,
    );
  });
});

describe('enquiry rules (properties)', () => {
  const validCorporate = fc.record({
    organisationName: filled(80, 2),
    contactPerson: filled(80, 2),
    email,
    phone: filled(20, 6),
    siteAddress: filled(120, 5),
    issueType: fc.constantFrom(...ISSUE_TYPES.map((option) => option.value)),
    timing: fc.constantFrom(...TIMINGS.map((option) => option.value)),
    quantity: fc.option(fc.string(), { nil: undefined }),
    notes: fc.option(fc.string(), { nil: undefined }),
  });
  const validProduct = fc.record({
    name: filled(80, 2),
    email,
    phone: filled(20, 6),
    business: fc.option(fc.string(), { nil: undefined }),
    product: fc.constantFrom(...PRODUCTS),
    message: filled(300, 2),
  });

  it('accept every enquiry the spec allows', () => {
    check(fc.property(validCorporate, (enquiry) => expect(corporateEnquiryProblems(enquiry)).toEqual([])));
    check(fc.property(validProduct, (enquiry) => expect(productEnquiryProblems(enquiry)).toEqual([])));
  });

  it('never throw and answer one spec message per broken field, in the form order', () => {
    const corporateFields = Object.keys(CORPORATE_MESSAGES) as Array<keyof typeof CORPORATE_MESSAGES>;
    check(
      fc.property(
        validCorporate,
        fc.subarray(corporateFields, { minLength: 1 }),
        fc.constantFrom('', ' ', null, 3, ['blocked'], { value: 'asap' }, 'x'),
        (enquiry, broken, junk) => {
          const input: Record<string, unknown> = { ...enquiry };
          for (const field of broken) input[field] = junk;
          expect(corporateEnquiryProblems(input)).toEqual(
            corporateFields.filter((field) => broken.includes(field)).map((field) => ({ field, message: CORPORATE_MESSAGES[field] })),
          );
        },
      ),
    );
    const productFields = Object.keys(PRODUCT_MESSAGES) as Array<keyof typeof PRODUCT_MESSAGES>;
    check(
      fc.property(
        validProduct,
        fc.subarray(productFields, { minLength: 1 }),
        fc.constantFrom('', ' ', null, 3, ['RapidResin Liner'], 'x'),
        (enquiry, broken, junk) => {
          const input: Record<string, unknown> = { ...enquiry };
          for (const field of broken) input[field] = junk;
          expect(productEnquiryProblems(input)).toEqual(
            productFields.filter((field) => broken.includes(field)).map((field) => ({ field, message: PRODUCT_MESSAGES[field] })),
          );
        },
      ),
    );
  });

  it('never throw on any value in any field', () => {
    check(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(CORPORATE_MESSAGES), ...Object.keys(PRODUCT_MESSAGES), 'notes', '__proto__'), anyValue),
        (input) => {
          expect(Array.isArray(corporateEnquiryProblems(input))).toBe(true);
          expect(Array.isArray(productEnquiryProblems(input))).toBe(true);
        },
      ),
    );
  });

  it('an issue type or timing is accepted only as one of the listed values, exactly', () => {
    check(
      fc.property(validCorporate, nastyString(12), (enquiry, value) => {
        const problems = corporateEnquiryProblems({ ...enquiry, issueType: value, timing: value });
        expect(problems.some((problem) => problem.field === 'issueType')).toBe(!ISSUE_TYPES.some((option) => option.value === value));
        expect(problems.some((problem) => problem.field === 'timing')).toBe(!TIMINGS.some((option) => option.value === value));
      }),
    );
  });
});
