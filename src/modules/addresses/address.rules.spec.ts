import { localityName } from './localities.seed.js';
import { localityOfAddress, parseLocality, placeOf, splitAddressQuery, wantedLocality } from './address.rules.js';

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

describe('wantedLocality', () => {
  it.each([
    ['Parramatta NSW 2150', {}, { name: 'Parramatta', state: 'NSW', postcode: '2150' }],
    ['Parramatta NSW 2150', { state: 'NSW', postcode: '2150' }, { name: 'Parramatta', state: 'NSW', postcode: '2150' }],
    ['Richmond VIC 3121', { state: 'NSW', postcode: '2753' }, { name: 'Richmond', state: 'VIC', postcode: '3121' }],
    ['Richmond VIC', { postcode: '2753' }, { name: 'Richmond', state: 'VIC', postcode: undefined }],
    ['Richmond', { state: 'vic', postcode: '3121' }, { name: 'Richmond', state: 'VIC', postcode: '3121' }],
    ['Richmond', { state: 'Victoria', postcode: '31' }, { name: 'Richmond' }],
    ['Richmond', { state: ['VIC'], postcode: 3121 }, { name: 'Richmond' }],
    ['Richmond', {}, { name: 'Richmond' }],
  ])('%j with %j', (text, hint, expected) => {
    expect(wantedLocality(text, hint)).toEqual(expected);
  });
});

describe('placeOf', () => {
  const parramatta = { name: 'Parramatta', state: 'NSW', postcode: '2150' };
  const richmonds = [
    { name: 'Richmond', state: 'NSW', postcode: '2753' },
    { name: 'Richmond', state: 'VIC', postcode: '3121' },
  ];
  it.each([
    [
      'one match fills what is missing, spelled as the dataset spells it',
      { name: 'parramatta' },
      [parramatta],
      { suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
    ],
    ['several matches fill only what they share', { name: 'Richmond' }, richmonds, { suburb: 'Richmond', state: null, postcode: null }],
    ['what was given stays', { name: 'Richmond', state: 'VIC' }, [richmonds[1]!], { suburb: 'Richmond', state: 'VIC', postcode: '3121' }],
    [
      'an unknown place keeps what was given',
      { name: 'Nowhere Creek', state: 'VIC', postcode: '3999' },
      [],
      { suburb: 'Nowhere Creek', state: 'VIC', postcode: '3999' },
    ],
    ['an unknown bare name has neither', { name: 'Nowhere Creek' }, [], { suburb: 'Nowhere Creek', state: null, postcode: null }],
  ])('%s', (_case, wanted, matches, expected) => {
    expect(placeOf(wanted, matches)).toEqual(expected);
  });
});

describe('localityOfAddress', () => {
  it.each([
    ['1 Civic Drive, Parramatta NSW 2150', 'Parramatta NSW 2150'],
    ['1 Civic Drive, Parramatta NSW, Australia', 'Parramatta NSW'],
    ['Unit 2, 1 Civic Drive, Toowong', 'Toowong'],
    ['1 Civic Drive Parramatta NSW 2150', '1 Civic Drive Parramatta NSW 2150'],
    ['1 Civic Drive,', '1 Civic Drive,'],
    ['  ', ''],
  ])('%j → %j', (address, locality) => {
    expect(localityOfAddress(address)).toBe(locality);
  });
});
