import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, FormControlLabel, InputAdornment, MenuItem, Switch, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, URGENCIES, URGENCY_LABELS, type ReferralStatus, type Urgency } from './referralFormat';
import type { ReferralQuery } from './useReferralQuery';
import { displayZoneLabel } from '../common/dates';

/** spec §2 Admin referrals dashboard: the filters above the table. Every change goes back to page 1. */
export function ReferralFilters({ query }: { query: ReferralQuery }) {
  const { filters, setFilters, clearFilters, hasFilters } = query;
  const [text, setText] = useState(filters.q);
  const sent = useRef(filters.q);

  // Typing reaches the address after a pause; the box follows the address when something else
  // changes it (Back, 'Clear filters'), never while it is catching up with what was typed.
  useEffect(() => {
    if (filters.q !== sent.current) {
      sent.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      setFilters({ q: text }, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, setFilters]);

  return (
    <Box
      role="search"
      aria-label="Filter referrals"
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          lg: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))',
          xl: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr)) auto',
        },
      }}
    >
      <TextField
        label="Search"
        type="search"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Ref ID, client, plumber, suburb, address"
        sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField select label="Status" size="small" value={filters.status} onChange={(event) => setFilters({ status: event.target.value as ReferralStatus | '' })}>
        <MenuItem value="">All statuses</MenuItem>
        {REFERRAL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {REFERRAL_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Urgency" size="small" value={filters.urgency} onChange={(event) => setFilters({ urgency: event.target.value as Urgency | '' })}>
        <MenuItem value="">All urgencies</MenuItem>
        {URGENCIES.map((urgency) => (
          <MenuItem key={urgency} value={urgency}>
            {URGENCY_LABELS[urgency]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`Received from (${displayZoneLabel()})`}
        type="date"
        size="small"
        value={filters.createdFrom}
        onChange={(event) => setFilters({ createdFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.createdTo || undefined } }}
      />
      <TextField
        label={`Received to (${displayZoneLabel()})`}
        type="date"
        size="small"
        value={filters.createdTo}
        onChange={(event) => setFilters({ createdTo: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.createdFrom || undefined } }}
      />
      <Box sx={{ gridColumn: { xs: '1 / -1', xl: 'auto' }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <FormControlLabel
          control={<Switch checked={filters.overdue} onChange={(event) => setFilters({ overdue: event.target.checked })} />}
          label="Overdue rebates only"
          sx={{ m: 0, whiteSpace: 'nowrap' }}
        />
        <Button onClick={clearFilters} disabled={!hasFilters} sx={{ whiteSpace: 'nowrap' }}>
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
