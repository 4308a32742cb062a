import { Chip } from '@mui/material';
import { useGetList } from 'react-admin';

/**
 * How many records of a list wait for staff, as a badge beside its menu entry (nothing when none, or
 * when it cannot be known): one record asked for, the list's total read, again every two minutes.
 */
export function MenuCount({ resource, filter, sortField, label }: { resource: string; filter: Record<string, unknown>; sortField: string; label: string }) {
  const { total } = useGetList(
    resource,
    { filter, pagination: { page: 1, perPage: 1 }, sort: { field: sortField, order: 'DESC' } },
    { retry: false, onError: () => undefined, refetchInterval: 120_000, refetchOnWindowFocus: true },
  );
  if (!total) return null;
  return (
    <Chip
      component="span"
      size="small"
      color="warning"
      label={total > 99 ? '99+' : total}
      aria-label={`${total} ${label}`}
      sx={{ ml: 1, height: 20, fontWeight: 600 }}
    />
  );
}
