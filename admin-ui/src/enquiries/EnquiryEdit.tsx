import { Alert, Box, Typography } from '@mui/material';
import { Edit, Labeled, SelectInput, SimpleForm, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { ArchiveButton } from '../common/ArchiveButton';
import { formatDateTime } from '../common/dates';
import { RecordHistory } from '../common/RecordHistory';
import { ISSUE_TYPES, TIMINGS } from '@relining/contracts/enquiry-rules';
import { ENQUIRY_STATUS_CHOICES } from './EnquiryList';

function Details() {
  const record = useRecordContext<Record<string, string | null>>();
  if (!record) return null;
  const label = (options: ReadonlyArray<{ value: string; label: string }>, value: string | null | undefined) =>
    options.find((option) => option.value === value)?.label ?? value;
  const rows: Array<[string, string | null | undefined]> =
    record.kind === 'corporate'
      ? [
          ['Organisation', record.organisationName],
          ['Contact person', record.contactPerson],
          ['Email', record.email],
          ['Phone', record.phone],
          ['Site address', record.siteAddress],
          ['Type of issue', label(ISSUE_TYPES, record.issueType)],
          ['Quantity', record.quantity],
          ['Timing', label(TIMINGS, record.timing)],
          ['Notes from the enquirer', record.message],
        ]
      : [
          ['Name', record.contactPerson],
          ['Email', record.email],
          ['Phone', record.phone],
          ['Business', record.business],
          ['Product', record.product],
          ['Message', record.message],
        ];
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 } }}>
          <Typography color="text.secondary">{name}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value || '—'}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** When it came in, in the display zone; and whether it is archived. */
function Received() {
  const record = useRecordContext<{ createdAt: string; archivedAt: string | null }>();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      {record.archivedAt ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Archived {formatDateTime(record.archivedAt)}: kept, and hidden from the enquiry list until restored.
        </Alert>
      ) : null}
      <Labeled label="Received">
        <Typography>{formatDateTime(record.createdAt)}</Typography>
      </Labeled>
    </Box>
  );
}

/** Who changed the enquiry and how (status, notes, archive), from the audit trail. */
function EnquiryHistory() {
  const record = useRecordContext<{ id: string }>();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <RecordHistory entity="enquiry" entityId={String(record.id)} />
    </Box>
  );
}

export function EnquiryEdit() {
  return (
    <Edit
      title="Enquiry"
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <ArchiveButton apiPath="/admin/enquiries" archivedField="archivedAt" name={() => 'Enquiry'} />
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <Received />
        <Details />
        <SelectInput source="status" choices={ENQUIRY_STATUS_CHOICES} />
        <TextInput source="notes" label="Staff notes" multiline minRows={3} fullWidth />
        <EnquiryHistory />
      </SimpleForm>
    </Edit>
  );
}
