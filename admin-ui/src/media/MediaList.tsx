import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, CreateButton, Datagrid, FunctionField, List, SearchInput, SimpleList, TextField, TopToolbar } from 'react-admin';
import type { MediaImageRecord } from '@relining/contracts/api/media';
import { DateTimeField } from '../common/DateTimeField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search alt text, captions, file names" />,
  <BooleanInput key="archived" source="archived" label="Archived" />,
];

/** A thumbnail (the smallest JPEG); an archived photo is no longer served, so it shows a placeholder. */
export function Thumbnail({
  record,
  size = 96,
}: {
  record: Pick<MediaImageRecord, 'thumbnailUrl' | 'altText' | 'archivedAt' | 'width' | 'height'>;
  size?: number;
}) {
  if (record.archivedAt) {
    return (
      <Box sx={{ width: size, height: (size * 2) / 3, display: 'grid', placeItems: 'center', bgcolor: 'grey.200', borderRadius: 1 }}>
        <Typography variant="caption" color="text.secondary">
          Archived
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={record.thumbnailUrl}
      alt={record.altText}
      loading="lazy"
      width={size}
      height={Math.round((size * record.height) / record.width)}
      sx={{ objectFit: 'cover', borderRadius: 1, display: 'block', maxHeight: size }}
    />
  );
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Before the first upload: what the library is for, and the way to start. */
function MediaEmpty() {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, maxWidth: 560, mx: 'auto' }}>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        No photos yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Upload the business's own photos (crews, vans, finished jobs), then choose them for the website's pages under Website Images. Until then the pages show
        our own artwork.
      </Typography>
      <CreateButton label="Upload photo" variant="contained" />
    </Box>
  );
}

/** The media library: the business's own photos, for the website's image slots. */
export function MediaList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="Media Library"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={24}
      empty={<MediaEmpty />}
      actions={
        <TopToolbar>
          <CreateButton label="Upload photo" />
        </TopToolbar>
      }
    >
      {phone ? (
        <SimpleList<MediaImageRecord>
          leftAvatar={(record) => <Thumbnail record={record} size={56} />}
          primaryText={(record) => record.altText}
          secondaryText={(record) => (record.usedIn.length > 0 ? `On the website: ${record.usedIn.join(', ')}` : 'Not used on the website')}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField label="Photo" render={(record: MediaImageRecord) => <Thumbnail record={record} />} />
          <TextField source="altText" label="Alt text" />
          <TextField source="caption" emptyText="—" />
          <FunctionField
            label="Used on the website"
            render={(record: MediaImageRecord) =>
              record.usedIn.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Not used
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {record.usedIn.map((slot) => (
                    <Chip key={slot} size="small" label={slot} />
                  ))}
                </Box>
              )
            }
          />
          <FunctionField
            label="Size"
            sortBy="byteSize"
            render={(record: MediaImageRecord) => `${record.width}×${record.height}, ${megabytes(record.byteSize)}`}
          />
          <DateTimeField source="createdAt" label="Uploaded" />
        </Datagrid>
      )}
    </List>
  );
}
