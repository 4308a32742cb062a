import {
  BOOKING_BUTTON_LABEL,
  CLIENT_CONTACT_TIME,
  COMPANY,
  countOf,
  dollarsToCents,
  FEES,
  formatMoney,
  INC_GST,
  INSPECTION_PRICE,
  INSPECTION_PRICE_FROM,
  INSPECTION_PRICE_INC_GST,
  MAX_REFERRAL_FEE_DOLLARS,
  PAYMENT_TERMS,
  PRINTED_AMOUNTS,
  REFERRAL_FEE_CENTS,
  REFERRAL_FEE_DOLLARS,
  WARRANTY,
} from './business.js';

describe('formatMoney', () => {
  it.each([
    [80, '$80'],
    [400, '$400'],
    [0, '$0'],
    [1200, '$1,200'],
    [1234567, '$1,234,567'],
    [80.5, '$80.50'],
    [0.05, '$0.05'],
    [1234.5, '$1,234.50'],
  ])('%s dollars read %s', (dollars, printed) => {
    expect(formatMoney(dollars)).toBe(printed);
  });
});

describe('countOf', () => {
  it.each([
    [1, 'day', '1 day'],
    [15, 'day', '15 days'],
    [1, 'business day', '1 business day'],
    [2, 'business day', '2 business days'],
    [25, 'year', '25 years'],
  ])('%s %s reads %s', (count, unit, printed) => {
    expect(countOf(count, unit)).toBe(printed);
  });
});

describe('the printed figures follow the constants', () => {
  it('the most per referral is the sum of both fees', () => {
    expect(MAX_REFERRAL_FEE_DOLLARS).toBe(REFERRAL_FEE_DOLLARS.cleanView + REFERRAL_FEE_DOLLARS.reline);
    expect(FEES.max).toBe(formatMoney(REFERRAL_FEE_DOLLARS.cleanView + REFERRAL_FEE_DOLLARS.reline));
  });

  it('each new referral stores the fees in cents', () => {
    expect(REFERRAL_FEE_CENTS).toEqual({ cleanView: REFERRAL_FEE_DOLLARS.cleanView * 100, reline: REFERRAL_FEE_DOLLARS.reline * 100 });
    expect(dollarsToCents(80.1)).toBe(8010);
  });

  it('the button, the badge and every printed amount come from the same numbers', () => {
    expect(BOOKING_BUTTON_LABEL).toBe(`Book Clean & View: From ${INSPECTION_PRICE} ${INC_GST}`);
    expect(INSPECTION_PRICE_FROM).toBe(`From ${INSPECTION_PRICE_INC_GST}`);
    expect(COMPANY.accreditations).toContain(WARRANTY.badge);
    expect(PRINTED_AMOUNTS).toEqual([INSPECTION_PRICE, FEES.cleanView, FEES.reline, FEES.max]);
  });

  // The spec's copy (§1, §2, §9) with today's constants: pages and e-mails print exactly these words.
  it('reads as the spec words it with the default values', () => {
    expect(INSPECTION_PRICE).toBe('$299');
    expect(FEES).toEqual({ cleanView: '$80', reline: '$400', max: '$480' });
    expect(PAYMENT_TERMS).toEqual({ cleanView: '15 days', reline: '30 days' });
    expect(CLIENT_CONTACT_TIME).toBe('1 business day');
    expect(WARRANTY).toEqual({ guarantee: '25-year guarantee', years: '25 years', badge: '25 Year Warranty' });
    // Every price a homeowner reads says it includes GST (issue 17).
    expect(INSPECTION_PRICE_INC_GST).toBe('$299 inc. GST');
    expect(INSPECTION_PRICE_FROM).toBe('From $299 inc. GST');
    expect(BOOKING_BUTTON_LABEL).toBe('Book Clean & View: From $299 inc. GST');
    expect(COMPANY.phone).toBe('1300 747 354');
  });
});
