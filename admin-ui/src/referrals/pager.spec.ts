import { describe, expect, it } from '@jest/globals';
import { pageCount, pageItems } from './pager';

describe('pageItems (spec §9 pager: first, last, neighbours, ellipsis)', () => {
  it.each([
    [1, 0, []],
    [1, 1, []],
    [1, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [1, 4, [1, 2, 'ellipsis', 4]],
    [1, 10, [1, 2, 'ellipsis', 10]],
    [2, 10, [1, 2, 3, 'ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 'ellipsis', 10]],
    [4, 10, [1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [9, 10, [1, 'ellipsis', 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 9, 10]],
    [99, 10, [1, 'ellipsis', 9, 10]],
    [0, 10, [1, 2, 'ellipsis', 10]],
    [Number.NaN, 3, [1, 2, 3]],
  ] as const)('page %d of %d → %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });

  it('never shows more than 7 items, always the first and last page and the current one', () => {
    for (let total = 2; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageItems(current, total);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        expect(items).toContain(current);
        const numbers = items.filter((item): item is number => item !== 'ellipsis');
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });
});

describe('pageCount', () => {
  it.each([
    [0, 5, 0],
    [1, 5, 1],
    [5, 5, 1],
    [6, 5, 2],
    [26, 5, 6],
    [10, 0, 0],
  ])('%d rows at %d a page → %d pages', (total, perPage, pages) => {
    expect(pageCount(total, perPage)).toBe(pages);
  });
});
