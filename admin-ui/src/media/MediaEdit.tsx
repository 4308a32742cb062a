import { Alert, Box, Chip, Typography } from '@mui/material';
import { Edit, SimpleForm, TopToolbar, useRecordContext } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import type { MediaImageRecord } from '@relining/contracts/api/media';
import { ArchiveButton } from '../common/ArchiveButton';
import { formatDateTime } from '../common/dates';
import { MediaInputs, validateMediaFields } from './MediaInputs';

function Preview() {
  const record = useRecordContext<MediaImageRecord>();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2, display: 'grid', gap: 1 }}>
      {record.archivedAt ? (
        <Alert severity="warning">Archived {formatDateTime(record.archivedAt)}: no longer shown or served; restore it to use it again.</Alert>
      ) : (
        <Box
          component="img"
          src={`/media/${record.id}/${record.widths.find((width) => width >= 800) ?? record.widths[record.widths.length - 1]}.jpg`}
          alt={record.altText}
          sx={{ maxWidth: '100%', width: 640, height: 'auto', borderRadius: 1 }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {record.width}×{record.height} pixels, served {record.widths.join(', ')} px wide as AVIF, WebP and JPEG · uploaded {formatDateTime(record.createdAt)}
        {record.originalName ? ` · ${record.originalName}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">Used on the website:</Typography>
        {record.usedIn.length === 0 ? (
          <Typography variant="body2">not used</Typography>
        ) : (
          record.usedIn.map((slot) => <Chip key={slot} size="small" label={slot} />)
        )}
      </Box>
    </Box>
  );
}

export function MediaEdit() {
  return (
    <Edit
      title="Photo"
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <ArchiveButton apiPath="/admin/media" archivedField="archivedAt" name={() => 'Photo'} />
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<SaveOnlyToolbar />} validate={validateMediaFields}>
        <Preview />
        <MediaInputs />
      </SimpleForm>
    </Edit>
  );
}
