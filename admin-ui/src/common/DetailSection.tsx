import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of a record's page (a booking's, a referral's): an overline heading, an optional action at its end. */
export function DetailSection({ title, children, action, heading = 'h3' }: { title: string; children: ReactNode; action?: ReactNode; heading?: 'h2' | 'h3' }) {
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="overline" component={heading} color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
          {title}
        </Typography>
        {action ? <Box sx={{ ml: 'auto' }}>{action}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}

/** Label and value pairs as a description list: two columns on a laptop, one above the other on a phone. */
export function DetailRows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 }, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One label and its value on a row of its own (a value that is a block of its own: chips, links, lists). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
