import fc from 'fast-check';

/**
 * Property-based tests (fast-check) run the same cases on every run, so a failure in CI reproduces
 * on a laptop: a fixed seed, overridable to explore (`PROPERTY_SEED=123 npm test -- property`), and
 * `PROPERTY_RUNS` multiplies every property's number of runs (e.g. 20 for a long run).
 */
export const PROPERTY_SEED = Number(process.env.PROPERTY_SEED ?? 20_261_121);
const RUNS_FACTOR = Number(process.env.PROPERTY_RUNS ?? 1);

export function runs(numRuns = 200): fc.Parameters<unknown> {
  return { seed: PROPERTY_SEED, numRuns: Math.max(1, Math.round(numRuns * RUNS_FACTOR)) };
}

/** Checks a property with the fixed seed; `numRuns` sized so each file takes well under a second. */
export function check<T>(property: fc.IProperty<T>, numRuns = 150): void {
  fc.assert(property, runs(numRuns) as fc.Parameters<T>);
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const awkward = fc.constantFrom(
  '\u0000',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\v',
  '\f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\u202e',
  '\u200f',
  '\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  '𝕏',
  '🚰',
  '👩‍🔧',
  'é',
  'e\u0301',
  'İ',
  'ß',
  '\ufe0f',
  '"',
  "'",
  ',',
  ';',
  '<',
  '>',
  '&',
  '\\',
  '/',
  '{',
  '}',
  '{{',
  '}}',
  '%',
  '_',
  '=',
  '+',
  '-',
  '@',
  '#',
  '?',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '0',
  '-1',
  '1e309',
  'x'.repeat(300),
);

/**
 * Text as people, browsers and bots send it: any code point (astral, RTL, NUL, control characters),
 * lone surrogates, characters with a meaning in CSV, HTML, templates, URLs and SQL LIKE.
 */
export const nastyString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(fc.oneof(awkward, loneSurrogate, fc.string({ maxLength: 3 })), { maxLength: Math.max(1, Math.ceil(maxLength / 4)) })
      .map((parts) => parts.join('')),
  );

/** Any value JSON or a form could carry, and a few that neither can (functions excluded). */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString(),
  fc.anything({ maxDepth: 2, withBigInt: false, withNullPrototype: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
  fc.constantFrom(undefined, null, true, false, 0, -0, Number.NaN, Infinity, -Infinity, [], {}, ['a'], { toString: 'x' }),
);

/**
 * An address the one strict mailbox rule takes (`EMAIL_PATTERN`): fast-check's RFC 5322 addresses
 * with the characters that would change a mailto: link (? & = % #) made plain.
 */
export const plainMailbox = (): fc.Arbitrary<string> =>
  fc
    .emailAddress()
    .map((address) => address.replace(/[?&=%#]/g, '_'))
    .filter((address) => address.length <= 254);
