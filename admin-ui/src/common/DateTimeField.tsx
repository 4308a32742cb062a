import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime } from './dates';

/** A list or show field for an instant, in the display zone and labelled ('21/11/2026, 9:41 am AEDT'). */
export function DateTimeField({
  source,
  emptyText = '',
  dateOnly = false,
}: {
  source: string;
  label?: string;
  emptyText?: string;
  dateOnly?: boolean;
  sortable?: boolean;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  const text = typeof value === 'string' && value ? (dateOnly ? formatDate(value) : formatDateTime(value)) : emptyText;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Typography>
  );
}
