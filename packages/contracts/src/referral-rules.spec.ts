import { normaliseReferralCode, REFERRAL_CODE_PATTERN, referralProblems, refNumber } from './referral-rules.js';

const valid = {
  plumberName: 'Sam Taylor',
  plumberCompany: 'Taylor Plumbing',
  plumberPhone: '+61 400 123 456',
  plumberEmail: 'sam@taylorplumbing.com.au',
  clientName: 'Chris Client',
  jobAddress: '4 Elm Street',
  suburb: 'Toowong',
  clientPhone: '0400 999 000',
  urgency: 'medium',
  description: 'Recurring blockage in the sewer line',
  serviceTypes: { cleanView: true, reline: false },
};

describe('referralProblems', () => {
  it('accepts a complete referral', () => {
    expect(referralProblems(valid, { requireServiceType: true })).toEqual([]);
  });

  it.each([
    ['plumberName', '', 'Plumber name is required'],
    ['plumberCompany', ' ', 'Company name is required'],
    ['plumberPhone', '', 'Contact number is required'],
    ['plumberEmail', 'sam@', 'Invalid email address'],
    ['clientName', '', 'Client name is required'],
    ['jobAddress', '', 'Job address is required'],
    ['suburb', '', 'Suburb is required'],
    ['clientPhone', '', 'Client contact is required'],
    ['urgency', 'whenever', 'Please select an urgency level'],
    ['description', '', 'Please describe the issue'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(referralProblems({ ...valid, [field]: value }, { requireServiceType: true })).toEqual([{ field, message }]);
  });

  it('needs a service type on the signed-in form only', () => {
    const none = { ...valid, serviceTypes: { cleanView: false, reline: false } };
    expect(referralProblems(none, { requireServiceType: true })).toEqual([{ field: 'serviceTypes', message: 'Please select at least one service type' }]);
    expect(referralProblems(none, { requireServiceType: false })).toEqual([]);
    expect(referralProblems({ ...valid, serviceTypes: undefined }, { requireServiceType: true })[0]?.field).toBe('serviceTypes');
  });

  it('lists the problems in the form order', () => {
    expect(referralProblems({}, { requireServiceType: true }).map((p) => p.field)).toEqual([
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
      'serviceTypes',
    ]);
  });

  it('refuses a non-boolean permission to contact the client', () => {
    expect(referralProblems({ ...valid, contactClient: 'yes' }, { requireServiceType: true })[0]?.field).toBe('contactClient');
  });
});

describe('refNumber', () => {
  it.each([
    [1, 'R-000001'],
    [123, 'R-000123'],
    [1234567, 'R-1234567'],
  ])('%i → %s', (n, ref) => {
    expect(refNumber(n)).toBe(ref);
  });
});

describe('normaliseReferralCode', () => {
  it.each([
    ['SAMT2024', 'SAMT2024'],
    ['samt2024', 'SAMT2024'],
    ['  SamT2024 ', 'SAMT2024'],
    ['SAMT-2024', 'SAMT2024'],
    ['sam t 2024', 'SAMT2024'],
    ['SAM--T\t2024\n', 'SAMT2024'],
    ['', ''],
    ['  - ', ''],
    [undefined, ''],
    [null, ''],
    [12345678, ''],
    [['SAMT2024'], ''],
    ['x'.repeat(60), 'X'.repeat(40)],
  ])('%j → %j', (typed, code) => {
    expect(normaliseReferralCode(typed)).toBe(code);
  });

  it('keeps what is not a code recognisable as not one (the pattern still refuses it)', () => {
    for (const typed of ['SAM_T2024', 'SAMT2024!', 'ÉCOLE123', 'ab1']) expect(REFERRAL_CODE_PATTERN.test(normaliseReferralCode(typed))).toBe(false);
    expect(REFERRAL_CODE_PATTERN.test(normaliseReferralCode(' samt-2024 '))).toBe(true);
  });
});
