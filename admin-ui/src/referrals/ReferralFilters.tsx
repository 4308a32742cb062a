import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { BooleanInput, DateInput, FilterLiveForm, SelectInput, TextInput, useListContext } from 'react-admin';
import { displayZoneLabel } from '../common/dates';
import { REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, URGENCIES, URGENCY_LABELS } from './referralFormat';

const STATUS_CHOICES = REFERRAL_STATUSES.map((status) => ({ id: status, name: REFERRAL_STATUS_LABELS[status] }));
const URGENCY_CHOICES = URGENCIES.map((urgency) => ({ id: urgency, name: URGENCY_LABELS[urgency] }));

/** The API reads overdue=false as 'not overdue': the switch off means no overdue filter at all. */
const overdueOnly = (checked: unknown) => (checked === true ? true : null);

/**
 * spec §2 Admin referrals dashboard: the filters above the table, react-admin inputs bound to the list
 * context (its filter values, in the address). Every change goes back to page 1; typing is applied
 * after a pause. A change made elsewhere (a summary card, 'Clear filters', Back) shows in the inputs.
 */
export function ReferralFilters() {
  const { filterValues, setFilters } = useListContext();
  const hasFilters = Object.keys(filterValues).length > 0;
  return (
    <FilterLiveForm debounce={300} formComponent={FilterGrid}>
      <TextInput
        source="q"
        label="Search"
        type="search"
        helperText={false}
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
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} emptyText="All statuses" translateChoice={false} helperText={false} />
      <SelectInput source="urgency" label="Urgency" choices={URGENCY_CHOICES} emptyText="All urgencies" translateChoice={false} helperText={false} />
      <DateInput
        source="createdFrom"
        label={`Received from (${displayZoneLabel()})`}
        helperText={false}
        slotProps={{ htmlInput: { max: filterValues.createdTo || undefined } }}
      />
      <DateInput
        source="createdTo"
        label={`Received to (${displayZoneLabel()})`}
        helperText={false}
        slotProps={{ htmlInput: { min: filterValues.createdFrom || undefined } }}
      />
      <Box sx={{ gridColumn: { xs: '1 / -1', xl: 'auto' }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <BooleanInput
          source="overdue"
          label="Overdue rebates only"
          parse={overdueOnly}
          defaultValue={null}
          helperText={false}
          sx={{ '& .MuiFormControlLabel-root': { m: 0, whiteSpace: 'nowrap' } }}
        />
        <Button onClick={() => setFilters({})} disabled={!hasFilters} sx={{ whiteSpace: 'nowrap' }}>
          Clear filters
        </Button>
      </Box>
    </FilterLiveForm>
  );
}

/** The form the filters live in: one row on a wide screen, two columns on a phone. */
function FilterGrid({ onSubmit, children }: { onSubmit?: FormEventHandler<HTMLFormElement>; children?: ReactNode }) {
  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter referrals"
      onSubmit={onSubmit}
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
        // The inputs sit in the grid's gaps, not in react-admin's form margins.
        '& .MuiFormControl-root': { m: 0 },
      }}
    >
      {children}
    </Box>
  );
}
