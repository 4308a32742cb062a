import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button } from '@mui/material';
import { pageItems } from './pager';

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
