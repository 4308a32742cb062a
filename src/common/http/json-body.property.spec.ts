import fc from 'fast-check';
import { check } from '../../../test/support/property.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-body.js';

/** Nesting depth of a parsed JSON value: 0 for a scalar, 1 for [] or {}. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const nested = (depth: number, leaf: unknown) => Array.from({ length: depth }).reduce<unknown>((inner, _, index) => (index % 2 ? { k: inner } : [inner]), leaf);

describe('JSON body depth (properties)', () => {
  it('tells exactly whether any JSON value nests deeper than the limit, strings with brackets and escapes included', () => {
    const leaf = fc.oneof(fc.string(), fc.constantFrom('[[[{{{', '\\"[', '"]}', '\\\\'), fc.jsonValue({ maxDepth: 2 }));
    check(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 6 }),
          fc.tuple(fc.integer({ min: 0, max: 80 }), leaf).map(([depth, value]) => nested(depth, value)),
        ),
        fc.integer({ min: 1, max: 40 }),
        (value, limit) => {
          const bytes = Buffer.from(JSON.stringify(value), 'utf8');
          expect(exceedsJsonDepth(bytes, limit)).toBe(depthOf(value) > limit);
        },
      ),
      250,
    );
    expect(exceedsJsonDepth(Buffer.from(JSON.stringify(nested(MAX_JSON_DEPTH, 1))))).toBe(false);
    expect(exceedsJsonDepth(Buffer.from(JSON.stringify(nested(MAX_JSON_DEPTH + 1, 1))))).toBe(true);
  });
});
