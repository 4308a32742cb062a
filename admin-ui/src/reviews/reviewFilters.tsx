import { NullableBooleanInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { RATING_CHOICES, REVIEW_STATUS_CHOICES } from './reviewFormat';

/** The reviews list's filters (the server's allow-list: q, status, rating, source, verified). */
export const reviewFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search text, name, suburb" />,
  <SelectInput key="status" source="status" label="Status" choices={REVIEW_STATUS_CHOICES} alwaysOn />,
  <SelectInput key="rating" source="rating" label="Rating" choices={RATING_CHOICES} />,
  <TextInput key="source" source="source" label="Source (exact, e.g. Google)" />,
  <NullableBooleanInput key="verified" source="verified" label="From a verified job" trueLabel="Verified jobs" falseLabel="Not verified" />,
];
