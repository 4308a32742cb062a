import fc from 'fast-check';
import { check, nastyString } from '../../../test/support/property.js';
import { parseLocality, splitAddressQuery, STATE_CODES } from './address.rules.js';

/** Locality names as the dataset has them: words of letters, with spaces, hyphens or apostrophes. */
const localityName = fc
  .array(fc.stringMatching(/^[A-Za-z][a-z'-]{1,10}$/), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '))
  .filter((name) => !/(^|\s)(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)$/i.test(name));
const state = fc.constantFrom(...STATE_CODES);
const postcode = fc.stringMatching(/^\d{4}$/);
const separator = fc.constantFrom(' ', ', ', ',', '  ', ' , ');

describe('address rules (properties)', () => {
  it('reading a typed suburb never throws and answers a trimmed name, a known state, a four-digit postcode', () => {
    check(
      fc.property(
        fc.oneof(
          nastyString(60),
          fc.tuple(localityName, separator, state, separator, postcode, fc.constantFrom('', ',', ' ,')).map((parts) => parts.join('')),
        ),
        (text) => {
          const parsed = parseLocality(text);
          expect(parsed.name).toBe(parsed.name.trim());
          expect(parsed.name.endsWith(',')).toBe(false);
          if (parsed.state !== undefined) expect(STATE_CODES).toContain(parsed.state);
          if (parsed.postcode !== undefined) expect(parsed.postcode).toMatch(/^\d{4}$/);
        },
      ),
      250,
    );
  });

  it('"name, STATE postcode", "name state", "name postcode" read back the parts whatever the separators and case', () => {
    check(
      fc.property(localityName, separator, state, separator, postcode, fc.boolean(), (name, sep1, code, sep2, post, lower) => {
        const shownState = lower ? code.toLowerCase() : code;
        expect(parseLocality(`${name}${sep1}${shownState}${sep2}${post}`)).toEqual({ name, state: code, postcode: post });
        expect(parseLocality(`  ${name}${sep1}${shownState} `)).toEqual({ name, state: code, postcode: undefined });
        expect(parseLocality(`${name}${sep1}${post}`)).toEqual({ name, postcode: post });
        expect(parseLocality(name)).toEqual({ name });
      }),
      200,
    );
  });

  it('stays fast on long hostile input (no catastrophic backtracking)', () => {
    check(
      fc.property(fc.constantFrom(' ', ',', ' ,', 'a '), fc.integer({ min: 1_000, max: 5_000 }), (unit, times) => {
        const started = performance.now();
        parseLocality(`x${unit.repeat(times)}y`);
        splitAddressQuery(`x${unit.repeat(times)}y`);
        expect(performance.now() - started).toBeLessThan(250);
      }),
      10,
    );
  });

  it('an address query splits at its last comma: the locality has no comma and street + ", " + locality gives the query back', () => {
    check(
      fc.property(nastyString(60), (query) => {
        const { street, locality } = splitAddressQuery(query);
        expect(locality).not.toContain(',');
        expect(locality).toBe(locality.trim());
        const normalised = query.trim().replace(/\s+/g, ' ');
        if (street === undefined) {
          expect(normalised.includes(',') ? normalised.slice(0, normalised.lastIndexOf(',')).trim() : '').toBe('');
        } else {
          expect(normalised.startsWith(street)).toBe(true);
          expect(normalised.endsWith(locality)).toBe(true);
          expect(normalised.slice(street.length, normalised.length - locality.length)).toMatch(/^ ?, ?$/);
        }
      }),
      250,
    );
  });
});
