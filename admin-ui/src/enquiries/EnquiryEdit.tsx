import { Box, Typography } from '@mui/material';
import { Edit, Labeled, SelectInput, SimpleForm, TextField, TextInput, useRecordContext } from 'react-admin';
import { ISSUE_TYPES, TIMINGS } from '../../../src/contracts/enquiry-rules';
import { ENQUIRY_STATUS_CHOICES } from './EnquiryList';

function Details() {
  const record = useRecordContext<Record<string, string | null>>();
  if (!record) return null;
  const label = (options: ReadonlyArray<{ value: string; label: string }>, value: string | null) => options.find((option) => option.value === value)?.label ?? value;
  const rows: Array<[string, string | null]> =
    record.kind === 'corporate'
      ? [
          ['Organisation', record.organisation_name],
          ['Contact person', record.contact_person],
          ['Email', record.email],
          ['Phone', record.phone],
          ['Site address', record.site_address],
          ['Type of issue', label(ISSUE_TYPES, record.issue_type)],
          ['Quantity', record.quantity],
          ['Timing', label(TIMINGS, record.timing)],
          ['Notes from the enquirer', record.message],
        ]
      : [
          ['Name', record.contact_person],
          ['Email', record.email],
          ['Phone', record.phone],
          ['Business', record.business],
          ['Product', record.product],
          ['Message', record.message],
        ];
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'grid', gridTemplateColumns: '200px 1fr', gap: 2 }}>
          <Typography color="text.secondary">{name}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value || '—'}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export function EnquiryEdit() {
  return (
    <Edit title="Enquiry" mutationMode="pessimistic">
      <SimpleForm>
        <Labeled label="Received">
          <TextField source="created_at" />
        </Labeled>
        <Details />
        <SelectInput source="status" choices={ENQUIRY_STATUS_CHOICES} />
        <TextInput source="notes" label="Staff notes" multiline minRows={3} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
