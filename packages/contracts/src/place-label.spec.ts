import { placeLabel } from './place-label.js';

describe('placeLabel', () => {
  it.each([
    [{ suburb: 'Parramatta', state: 'NSW', postcode: '2150' }, 'Parramatta NSW 2150'],
    [{ suburb: 'Parramatta', state: 'NSW', postcode: null }, 'Parramatta NSW'],
    [{ suburb: 'Richmond', state: null, postcode: null }, 'Richmond'],
    [{ suburb: 'Richmond' }, 'Richmond'],
    [{ suburb: 'Nowhere', state: '', postcode: '3999' }, 'Nowhere 3999'],
  ])('%j → %j', (place, label) => {
    expect(placeLabel(place)).toBe(label);
  });
});
