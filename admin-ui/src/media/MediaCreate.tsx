import { Typography } from '@mui/material';
import { Create, FileField, FileInput, SimpleForm } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { MEDIA_MESSAGES } from '@relining/contracts/site-content';
import { MediaInputs, validateMediaFields } from './MediaInputs';

function validate(values: Record<string, unknown>) {
  const problems: Record<string, string> = validateMediaFields(values);
  if (!values.file) problems.file = MEDIA_MESSAGES.file;
  return problems;
}

/**
 * Upload one photo (JPEG, PNG or WebP, up to 10 MB): the server removes its metadata (such as the GPS
 * position) and makes every size the pages need, which takes a few seconds for a large photo.
 */
export function MediaCreate() {
  return (
    <Create title="Upload photo" redirect="edit">
      <SimpleForm validate={validate} toolbar={<SaveOnlyToolbar label="Upload" />}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          JPEG, PNG or WebP, up to 10 MB. Location and camera details are removed before the photo is stored, and it is published in every size the website
          needs.
        </Typography>
        <FileInput source="file" label="Photo" accept={{ 'image/jpeg': [], 'image/png': [], 'image/webp': [] }} multiple={false}>
          <FileField source="src" title="title" />
        </FileInput>
        <MediaInputs />
      </SimpleForm>
    </Create>
  );
}
