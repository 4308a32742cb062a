import { COMPANY } from './business.js';
import { phoneMatchKey, telHref } from './phone.js';

describe('telHref', () => {
  it.each([
    // National-only numbers: as dialled in Australia, never with +61.
    ['1300 747 354', 'tel:1300747354'],
    ['1300-747-354', 'tel:1300747354'],
    ['1800 123 456', 'tel:1800123456'],
    ['13 22 11', 'tel:132211'],
    ['131 450', 'tel:131450'],
    ['+61 1300 747 354', 'tel:1300747354'],
    // Mobiles and landlines: +61 without the trunk 0.
    ['0412 345 678', 'tel:+61412345678'],
    ['0412345678', 'tel:+61412345678'],
    ['(03) 9123 4567', 'tel:+61391234567'],
    ['02 9876 5432', 'tel:+61298765432'],
    ['(08) 8123-4567', 'tel:+61881234567'],
    ['07 3000 1234', 'tel:+61730001234'],
    ['+61 412 345 678', 'tel:+61412345678'],
    ['+61 (0)412 345 678', 'tel:+61412345678'],
    ['+61 3 9123 4567', 'tel:+61391234567'],
    ['61 412 345 678', 'tel:+61412345678'],
    ['  0400 444 555  ', 'tel:+61400444555'],
    // Other countries keep their code; 0011 is Australia's international prefix.
    ['+44 20 7946 0958', 'tel:+442079460958'],
    ['0011 44 20 7946 0958', 'tel:+442079460958'],
    // A local number without an area code cannot be completed: dialled as typed.
    ['9123 4567', 'tel:91234567'],
    ['000', 'tel:000'],
    // Nothing to call.
    ['', null],
    ['n/a', null],
    ['12', null],
  ])('%j → %j', (typed, href) => {
    expect(telHref(typed)).toBe(href);
  });

  it("is the company's own link", () => {
    expect(COMPANY.phoneHref).toBe('tel:1300747354');
  });

  it('only ever answers digits after tel: and an optional plus (nothing that changes the link)', () => {
    for (const typed of ['0412 345 678?x=1', '0412&345#678', '+61 4 %20 12', 'tel:0412345678', '<0412345678>']) {
      expect(telHref(typed)).toMatch(/^tel:\+?\d+$/);
    }
  });
});

describe('phoneMatchKey', () => {
  it.each([
    // One number however it is typed: normalised to +61 (DESIGN §6).
    ['0412 345 678', '+61412345678'],
    ['0412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['+61 (0)412 345 678', '+61412345678'],
    ['0011 61 412 345 678', '+61412345678'],
    ['(03) 9123 4567', '+61391234567'],
    ['+61 3 9123 4567', '+61391234567'],
    // National-only numbers and other countries as dialled.
    ['1300 747 354', '1300747354'],
    ['+44 20 7946 0958', '+442079460958'],
    ['9123 4567', '91234567'],
    // Nothing to compare.
    ['', ''],
    ['  ', ''],
    ['n/a', ''],
    ['12', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (typed, key) => {
    expect(phoneMatchKey(typed)).toBe(key);
  });

  it('tells different numbers apart', () => {
    expect(phoneMatchKey('0412 345 678')).not.toBe(phoneMatchKey('0412 345 679'));
    expect(phoneMatchKey('(03) 9123 4567')).not.toBe(phoneMatchKey('(02) 9123 4567'));
  });
});
