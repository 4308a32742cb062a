import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';
import { pageCount, pageItems } from './pager';

/**
 * The line under the referrals table: which rows are shown, and the spec §9 pager, both from the
 * list context (page, perPage, total, setPage). Nothing when the page has no rows.
 */
export function ReferralPagination() {
  const { page, perPage, total, data, setPage } = useListContext();
  const rows = data?.length ?? 0;
  if (rows === 0) return null;
  const first = (page - 1) * perPage + 1;
  const last = first + rows - 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {`Showing ${first}–${last} of ${total ?? rows}`}
      </Typography>
      <ReferralPager page={page} pages={pageCount(total ?? rows, perPage)} onPage={setPage} />
    </Box>
  );
}

/**
 * spec §9 pager: only when there is more than one page; first, last and the current page's neighbours,
 * with an ellipsis for the pages left out; previous and next.
 */
export function ReferralPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const items = pageItems(page, pages);
  if (items.length === 0) return null;
  return (
    <Box component="nav" aria-label="Referrals pages" sx={{ display: 'flex', justifyContent: 'center' }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        <li>
          <Button size="small" startIcon={<ChevronLeftIcon />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
            Previous
          </Button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <Box component="li" key={`ellipsis-${index}`} aria-hidden="true" sx={{ px: 1, color: 'text.secondary' }}>
              …
            </Box>
          ) : (
            <li key={item}>
              <Button
                size="small"
                variant={item === page ? 'contained' : 'text'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => item !== page && onPage(item)}
                sx={{ minWidth: 36 }}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button size="small" endIcon={<ChevronRightIcon />} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
            Next
          </Button>
        </li>
      </Box>
    </Box>
  );
}

/**
 * react-admin scrolls the window to the top whenever a list's page changes (its own pager sits under
 * a page-long list). The referrals pager sits in the middle of the dashboard, under a 5-row table, so
 * the window stays where the reader was, as it always has. The position is taken before react-admin's
 * scroll (this effect runs before the router's, which is an ancestor) and put back before the next
 * paint.
 */
export function useKeepScrollOnPageChange(page: number) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const y = window.scrollY;
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [page]);
}

/**
 * A page past the end (a bookmark of page 9 when there are 3, or rows gone after a change) shows the
 * last page, as the dashboard always has; react-admin alone goes back to page 1. Its correction is
 * queued in the same pass (useListController's effect, in an ancestor, runs after this one), so this
 * one, a microtask later, is applied on top of it.
 */
export function useLastPageWhenPastTheEnd() {
  const { page, perPage, total, isPending, isFetching, error, setPage } = useListContext();
  useEffect(() => {
    if (isPending || isFetching || error || total == null) return;
    const last = Math.max(pageCount(total, perPage), 1);
    if (page <= last) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) setPage(last);
    });
    return () => {
      cancelled = true;
    };
  }, [page, perPage, total, isPending, isFetching, error, setPage]);
}
