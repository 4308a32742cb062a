import { Box, Chip, Tooltip } from '@mui/material';
import { AutocompleteInput, BooleanInput, DateInput, ReferenceInput, SearchInput, SelectInput, useListContext } from 'react-admin';
import type { UserRecord } from '@relining/contracts/api/users';
import { displayZoneLabel } from '../common/dates';
import { REBATE_KIND_CHOICES, REBATE_STATE_CHOICES } from './rebateFormat';

const plumberText = (user: UserRecord) => (user.fullName ? `${user.fullName} (${user.email})` : user.email);

/**
 * The ledger's filters (GET /api/admin/rebates): a text search (plumber, Ref ID), state, kind, one
 * plumber or referral, entries due before a day (the display zone's), and overdue only. Made when the
 * list renders (the zone's name comes from the console's settings).
 */
export const rebateFilters = () => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search plumber or Ref ID" sx={{ minWidth: { xs: '100%', sm: 260 } }} />,
  <SelectInput key="state" source="state" label="State" choices={REBATE_STATE_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={REBATE_KIND_CHOICES} />,
  <ReferenceInput key="plumberId" source="plumberId" reference="users" filter={{ role: 'plumber' }} sort={{ field: 'fullName', order: 'ASC' }}>
    <AutocompleteInput label="Plumber" optionText={plumberText} sx={{ minWidth: 260 }} />
  </ReferenceInput>,
  <ReferenceInput key="referralId" source="referralId" reference="referrals" sort={{ field: 'createdAt', order: 'DESC' }}>
    <AutocompleteInput label="Referral" optionText="refNumber" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <DateInput key="dueBefore" source="dueBefore" label={`Due before (${displayZoneLabel()})`} />,
  // On: overdue entries only; off: the filter is left out (not 'not overdue').
  <BooleanInput
    key="overdue"
    source="overdue"
    label="Overdue only"
    alwaysOn
    helperText={false}
    sx={{ mb: 1 }}
    format={(value: unknown) => value === true}
    parse={(checked: boolean) => (checked ? true : null)}
  />,
];

/** The quick chips: each one filter, shown filled while it is the list's. */
const QUICK_FILTERS: Array<{ label: string; hint: string; filter: Record<string, string | boolean> }> = [
  { label: 'Due', hint: 'Earned and waiting for approval (pending)', filter: { state: 'pending' } },
  { label: 'Overdue', hint: 'Unpaid past the due date', filter: { overdue: true } },
  { label: 'Approved', hint: 'Approved, waiting for payment', filter: { state: 'approved' } },
  { label: 'Paid', hint: 'Paid to the plumber', filter: { state: 'paid' } },
];
const QUICK_KEYS = [...new Set(QUICK_FILTERS.flatMap((quick) => Object.keys(quick.filter)))];

export function RebateQuickFilters() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const without = (keys: string[]) => Object.fromEntries(Object.entries(filterValues).filter(([key]) => !keys.includes(key)));
  return (
    <Box role="group" aria-label="Quick filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: { xs: 1, sm: 2 }, py: 1 }}>
      {QUICK_FILTERS.map((quick) => {
        const active = Object.entries(quick.filter).every(([key, value]) => filterValues[key] === value);
        return (
          <Tooltip key={quick.label} title={quick.hint} describeChild>
            <Chip
              label={quick.label}
              clickable
              color={quick.label === 'Overdue' ? 'error' : 'primary'}
              variant={active ? 'filled' : 'outlined'}
              aria-pressed={active}
              onClick={() => setFilters(active ? without(Object.keys(quick.filter)) : { ...without(QUICK_KEYS), ...quick.filter }, displayedFilters)}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
