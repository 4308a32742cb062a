import { Box, Typography } from '@mui/material';
import { AutocompleteInput, Edit, FormDataConsumer, ReferenceInput, SimpleForm, TextInput, useGetOne, useRecordContext } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import type { MediaImageRecord, SiteSlotRecord } from '@relining/contracts/api/media';
import { pairWordsProblems } from '@relining/contracts/media-rules';
import { Thumbnail } from '../media/MediaList';

function validate(values: Record<string, unknown>) {
  if (values.kind !== 'pair') return {};
  return Object.fromEntries(pairWordsProblems(values).map((problem) => [problem.field, problem.message]));
}

/** The chosen photo, large enough to judge; or what the page shows without one. */
function ChosenPhoto({ id }: { id: string | null | undefined }) {
  const { data } = useGetOne<MediaImageRecord>('media', { id: id ?? '' }, { enabled: Boolean(id) });
  if (!id) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        No photo chosen: the page shows our own artwork here.
      </Typography>
    );
  }
  return data ? (
    <Box sx={{ mb: 2 }}>
      <Thumbnail record={data} size={240} />
    </Box>
  ) : null;
}

/** Pick a photo from the library by its alt text; clear the field to go back to the artwork. */
function PhotoPicker({ source, label }: { source: 'imageId' | 'afterImageId'; label: string }) {
  return (
    <>
      <ReferenceInput source={source} reference="media" sort={{ field: 'createdAt', order: 'DESC' }} perPage={50}>
        <AutocompleteInput
          label={label}
          optionText={(image: MediaImageRecord) => image.altText}
          filterToQuery={(q: string) => ({ q })}
          helperText="Type to search the media library by alt text; clear it to show our artwork"
          fullWidth
          parse={(value: string | null) => value || null}
        />
      </ReferenceInput>
      <FormDataConsumer<Record<string, string | null | undefined>>>{({ formData }) => <ChosenPhoto id={formData[source]} />}</FormDataConsumer>
    </>
  );
}

function SlotForm() {
  const slot = useRecordContext<SiteSlotRecord>();
  if (!slot) return null;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {slot.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        On the page{' '}
        <a href={slot.page} target="_blank" rel="noreferrer">
          {slot.page}
        </a>
        . Changes show on the website as soon as they are saved.
      </Typography>
      {slot.kind === 'pair' ? (
        <>
          <TextInput source="title" fullWidth isRequired />
          <TextInput source="description" fullWidth multiline isRequired />
          <PhotoPicker source="imageId" label="Before" />
          <PhotoPicker source="afterImageId" label="After" />
        </>
      ) : (
        <PhotoPicker source="imageId" label="Photo" />
      )}
    </>
  );
}

export function SiteSlotEdit() {
  return (
    <Edit title="Website image" mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<SaveOnlyToolbar />} validate={validate}>
        <SlotForm />
      </SimpleForm>
    </Edit>
  );
}
