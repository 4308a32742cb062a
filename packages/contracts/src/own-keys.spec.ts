import { isInheritedName, isOwnKey, ownValue } from './own-keys.js';

const PERIODS = { today: 0, last7: 6, last30: 29 } as const;
const INHERITED = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

describe('own-key lookups', () => {
  it.each(INHERITED)('%s is no key of an option map', (name) => {
    expect(ownValue(PERIODS, name)).toBeUndefined();
    expect(isOwnKey(PERIODS, name)).toBe(false);
    expect(isInheritedName(name)).toBe(true);
  });

  it.each([
    ['today', 0],
    ['last30', 29],
    ['Today', undefined],
    ['', undefined],
    [7, undefined],
    [null, undefined],
    [['today'], undefined],
  ])('ownValue(%j) → %j', (key, expected) => {
    expect(ownValue(PERIODS, key)).toBe(expected);
  });

  it.each(['name', 'status', 'id', 'q', 'kind', 'toJSON', 'then'])('%s is an ordinary name', (name) => {
    expect(isInheritedName(name)).toBe(false);
  });

  it('finds own keys even when they shadow an inherited name', () => {
    const map: Record<string, number> = Object.fromEntries([['constructor', 1]]);
    expect(ownValue(map, 'constructor')).toBe(1);
  });
});
