import { SearchInput, SelectInput } from 'react-admin';
import { SUPPRESSION_REASON_LABELS, SUPPRESSION_REASONS } from '@relining/contracts/api/email-preferences';

export const emailSuppressionFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search address" />,
  <SelectInput key="reason" source="reason" label="Why" choices={SUPPRESSION_REASONS.map((id) => ({ id, name: SUPPRESSION_REASON_LABELS[id] }))} />,
];
