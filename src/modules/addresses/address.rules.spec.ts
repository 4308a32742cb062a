import { localityName } from './localities.seed.js';
import { parseLocality, splitAddressQuery } from './address.rules.js';

describe('parseLocality', () => {
  it.each([
    ['Richmond', { name: 'Richmond' }],
    ['Richmond VIC', { name: 'Richmond', state: 'VIC', postcode: undefined }],
    ['Richmond VIC 3121', { name: 'Richmond', state: 'VIC', postcode: '3121' }],
    ['richmond, vic, 3121', { name: 'richmond', state: 'VIC', postcode: '3121' }],
    ['North  Richmond NSW 2754', { name: 'North Richmond', state: 'NSW', postcode: '2754' }],
    ['Richmond 3121', { name: 'Richmond', postcode: '3121' }],
    ['Victoria Park', { name: 'Victoria Park' }],
  ])('%s', (text, expected) => {
    expect(parseLocality(text)).toEqual(expected);
  });
});

describe('splitAddressQuery', () => {
  it.each([
    ['Rich', { street: undefined, locality: 'Rich' }],
    ['12 Station St, Rich', { street: '12 Station St', locality: 'Rich' }],
    ['12 Station St,', { street: '12 Station St', locality: '' }],
  ])('%s', (query, expected) => {
    expect(splitAddressQuery(query)).toEqual(expected);
  });
});

describe('localityName', () => {
  it.each([
    ['RICHMOND', 'Richmond'],
    ['NORTH RICHMOND', 'North Richmond'],
    ["O'CONNOR", "O'Connor"],
    ['MCKINNON', 'McKinnon'],
    ['Australian National University', 'Australian National University'],
  ])('%s → %s', (raw, name) => {
    expect(localityName(raw)).toBe(name);
  });
});
