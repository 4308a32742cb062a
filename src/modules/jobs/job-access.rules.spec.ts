import { describe, expect, it } from '@jest/globals';
import { phoneLastFour, sitePostcode, unlockInputProblem, unlockMatches } from './job-access.rules.js';

describe('sitePostcode', () => {
  it.each([
    ['12 Smith St, Parramatta NSW 2150', '2150'],
    ['Unit 4, 1200 Main Rd, Hobart TAS 7000', '7000'],
    ['3/15 Beach Rd, Darwin NT 0800', '0800'],
    ['12 Smith St', null],
    [null, null],
    ['PO Box 123', null],
  ])('%s → %s', (address, postcode) => expect(sitePostcode(address)).toBe(postcode));
});

describe('phoneLastFour', () => {
  it.each([
    ['0412 345 678', '5678'],
    ['+61 412 345 678', '5678'],
    ['(02) 9876-5432', '5432'],
    ['123', null],
    [null, null],
  ])('%s → %s', (phone, last) => expect(phoneLastFour(phone)).toBe(last));
});

describe('unlockInputProblem', () => {
  it.each([
    [{ postcode: '2150' }, null],
    [{ phoneLast4: '5678' }, null],
    [{ postcode: ' 2150 ' }, null],
    [{}, 'postcode'],
    [{ postcode: '2150', phoneLast4: '5678' }, 'postcode'],
    [{ postcode: '215' }, 'postcode'],
    [{ postcode: 2150 }, 'postcode'],
    [{ phoneLast4: '56789' }, 'phoneLast4'],
    [{ phoneLast4: 'abcd' }, 'phoneLast4'],
  ])('%j → %s', (input, field) => expect(unlockInputProblem(input)?.field ?? null).toBe(field));
});

describe('unlockMatches', () => {
  const job = { address: '12 Smith St, Parramatta NSW 2150', customerPhone: '0412 345 678' };
  it.each([
    [job, { postcode: '2150' }, true],
    [job, { postcode: '2151' }, false],
    [job, { phoneLast4: '5678' }, true],
    [job, { phoneLast4: '5679' }, false],
    [{ address: null, customerPhone: null }, { postcode: '2150' }, false],
    [{ address: null, customerPhone: null }, { phoneLast4: '5678' }, false],
  ])('%j %j → %s', (j, input, matches) => expect(unlockMatches(j, input)).toBe(matches));
});
