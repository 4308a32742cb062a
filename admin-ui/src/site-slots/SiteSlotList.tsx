import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, TextField, useGetMany } from 'react-admin';
import type { MediaImageRecord, SiteSlotRecord } from '@relining/contracts/api/media';
import { Thumbnail } from '../media/MediaList';

const PAGES = [
  { id: '/', name: 'Home' },
  { id: '/about', name: 'About Us' },
  { id: '/why-no-dig', name: 'Why No-Dig' },
  { id: '/corporate', name: 'Councils & Corporate' },
  { id: '/plumber-referral', name: 'For Plumbers' },
  { id: '/rapidresin', name: 'RapidResin' },
];

const filters = [<SelectInput key="page" source="page" choices={PAGES} alwaysOn label="Page" />];

/** The photos a slot shows, or a note that the page shows its own artwork. */
function SlotPhotos({ slot, images }: { slot: SiteSlotRecord; images: Map<string, MediaImageRecord> }) {
  const chosen = [slot.imageId, slot.afterImageId].filter((id): id is string => Boolean(id)).map((id) => images.get(id));
  if (chosen.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Our artwork (no photo chosen)
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      {chosen.map((image, index) => (image ? <Thumbnail key={image.id} record={image} size={80} /> : <Typography key={index}>…</Typography>))}
    </Box>
  );
}

function SlotGrid() {
  return (
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="label" label="Slot" sortable={false} />
      <FunctionField label="Shows" render={(slot: SiteSlotRecord) => <SlotPhotosOf slot={slot} />} />
      <FunctionField label="Words" render={(slot: SiteSlotRecord) => slot.title ?? ''} />
    </Datagrid>
  );
}

function SlotPhotosOf({ slot }: { slot: SiteSlotRecord }) {
  const ids = [slot.imageId, slot.afterImageId].filter((id): id is string => Boolean(id));
  const { data = [] } = useGetMany<MediaImageRecord>('media', { ids }, { enabled: ids.length > 0 });
  return <SlotPhotos slot={slot} images={new Map(data.map((image) => [image.id, image]))} />;
}

/** The website's image slots, page by page: each shows a chosen photo, or the product's own artwork. */
export function SiteSlotList() {
  return (
    <List title="Website Images" filters={filters} sort={{ field: 'position', order: 'ASC' }} perPage={50} pagination={false} exporter={false}>
      <SlotGrid />
    </List>
  );
}
