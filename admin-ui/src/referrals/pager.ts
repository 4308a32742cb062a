/**
 * The page buttons of a pager (spec §9): the first page, the last page, the current page and its
 * neighbours, with an ellipsis wherever pages are left out between them. Pure, so it can be tested
 * on its own.
 *
 *   pageItems(1, 1)   → []                       (one page or none: no pager at all)
 *   pageItems(1, 3)   → [1, 2, 3]
 *   pageItems(1, 10)  → [1, 2, 'ellipsis', 10]
 *   pageItems(5, 10)  → [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]
 *   pageItems(4, 10)  → [1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]  (a gap of one page is an ellipsis too)
 *   pageItems(10, 10) → [1, 'ellipsis', 9, 10]
 *
 * `current` is 1-based and is clamped into 1…total; `total` is the number of pages.
 */
export type PageItem = number | 'ellipsis';

export function pageItems(current: number, total: number): PageItem[] {
  const pages = Number.isFinite(total) ? Math.floor(total) : 0;
  if (pages <= 1) return [];
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 1, 1), pages);
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((value) => value >= 1 && value <= pages));
  const items: PageItem[] = [];
  let previous = 0;
  for (const value of [...shown].sort((a, b) => a - b)) {
    if (value - previous > 1) items.push('ellipsis');
    items.push(value);
    previous = value;
  }
  return items;
}

/** How many pages `total` rows make at `perPage` rows a page. */
export function pageCount(total: number, perPage: number): number {
  if (!(total > 0) || !(perPage > 0)) return 0;
  return Math.ceil(total / perPage);
}
