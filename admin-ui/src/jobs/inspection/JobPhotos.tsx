import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, ButtonBase, CircularProgress, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import type { JobPhotoRecord } from '@relining/contracts/api/inspections';
import { errorMessage } from '@relining/contracts/client/http';
import { formatDateTime } from '../../common/dates';
import { Toast } from '../../common/Toast';
import { useGuardedImage } from '../../common/useGuardedImage';
import { session } from '../../providers/session';
import { jobPath, jobPhotoPath, oversizedFiles, uploadJobPhotos } from './jobFiles';

/** 'Photo 3 (added 21/11/2026, 9:41 am AEDT)': how a photo is named to screen readers and in tooltips. */
export const photoLabel = (photo: JobPhotoRecord, index: number) => `Photo ${index + 1} (added ${formatDateTime(photo.createdAt)})`;

const FRAME = { borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.100', display: 'grid', placeItems: 'center' } as const;

/** A job photo fetched with the staff token, as a square of `size` px. */
export function JobPhotoImage({ jobId, photo, size, label }: { jobId: string; photo: JobPhotoRecord; size: number; label: string }) {
  const { src, failed, retry } = useGuardedImage(jobPhotoPath(jobId, photo, size * 2));
  const frame = { ...FRAME, width: size, height: size };
  if (failed) {
    return (
      <Tooltip title="Photo not loaded. Try again">
        <ButtonBase onClick={retry} aria-label={`${label} not loaded. Try again`} sx={frame}>
          <BrokenImageIcon color="disabled" />
        </ButtonBase>
      </Tooltip>
    );
  }
  if (!src) {
    return (
      <Box sx={frame} role="status" aria-label={`Loading ${label}`}>
        <CircularProgress size={20} />
      </Box>
    );
  }
  return <Box component="img" src={src} alt={label} sx={{ ...frame, objectFit: 'cover', display: 'block' }} />;
}

/**
 * The job's photos: thumbnails (each can be deleted) and 'Add photos', which on a tablet opens the
 * camera (`capture="environment"`) and elsewhere the file picker; several at once, with the upload's
 * progress, and the server's own message when it refuses one.
 */
export function JobPhotos({
  jobId,
  photos,
  onAdded,
  onDeleted,
}: {
  jobId: string;
  photos: JobPhotoRecord[];
  onAdded: (added: JobPhotoRecord[]) => void;
  onDeleted: (photoId: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ photo: JobPhotoRecord; label: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function upload(files: File[]) {
    setRefusal(null);
    if (files.length === 0) return;
    const tooBig = oversizedFiles(files);
    if (tooBig.length > 0) {
      setRefusal(`${tooBig.join(', ')} ${tooBig.length === 1 ? 'is' : 'are'} larger than 10 MB. Nothing was uploaded.`);
      return;
    }
    setProgress(0);
    try {
      const added = await uploadJobPhotos(jobId, files, setProgress);
      onAdded(added);
      notify(<Toast title={added.length === 1 ? 'Photo added' : `${added.length} photos added`} />, { type: 'success' });
    } catch (caught) {
      setRefusal(errorMessage(caught, 'The photos were not uploaded. Please try again.'));
    } finally {
      setProgress(null);
    }
  }

  async function remove(photo: JobPhotoRecord) {
    setBusy(true);
    try {
      await session.call(`${jobPath(jobId)}/photos/${photo.id}`, { method: 'DELETE' });
      onDeleted(photo.id);
      setDeleting(null);
      notify(<Toast title="Photo deleted" />, { type: 'success' });
    } catch (caught) {
      notify(<Toast title="Not deleted" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5}>
      {photos.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No photos yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Job photos" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, p: 0 }}>
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} sx={{ position: 'relative' }}>
              <JobPhotoImage jobId={jobId} photo={photo} size={112} label={photoLabel(photo, index)} />
              <IconButton
                aria-label={`Delete ${photoLabel(photo, index)}`}
                onClick={() => setDeleting({ photo, label: photoLabel(photo, index) })}
                size="small"
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Box>
        <input
          ref={input}
          id={`job-${jobId}-photos`}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void upload(files);
          }}
        />
        <Button
          variant="outlined"
          size="large"
          startIcon={<AddAPhotoIcon />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
          sx={{ minHeight: 48 }}
        >
          Add photos
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          JPEG, PNG, WebP or HEIC, up to 10 MB each. Location and camera details are removed.
        </Typography>
      </Box>
      {progress !== null ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">Uploading… {Math.round(progress * 100)}%</Typography>
          <LinearProgress variant="determinate" value={progress * 100} aria-label="Upload progress" />
        </Box>
      ) : null}
      {refusal ? (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      <Confirm
        isOpen={deleting !== null}
        loading={busy}
        title="Delete this photo?"
        content={`${deleting?.label ?? 'The photo'} is removed from the job and from any observation it is attached to.`}
        confirm="Delete"
        onConfirm={() => deleting && void remove(deleting.photo)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/**
 * Photos to choose from (an observation's, a before-and-after pair's): each a toggle button with a
 * tick when chosen. `single` allows one at a time.
 */
export function PhotoChooser({
  jobId,
  photos,
  chosen,
  onChange,
  label,
  single = false,
}: {
  jobId: string;
  photos: JobPhotoRecord[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  label: string;
  single?: boolean;
}) {
  if (photos.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No photos on this job yet: add them under Photos.
      </Typography>
    );
  }
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {photos.map((photo, index) => {
        const on = chosen.includes(photo.id);
        const name = photoLabel(photo, index);
        return (
          <ButtonBase
            key={photo.id}
            aria-pressed={on}
            aria-label={name}
            onClick={() => onChange(single ? (on ? [] : [photo.id]) : on ? chosen.filter((id) => id !== photo.id) : [...chosen, photo.id])}
            sx={{
              position: 'relative',
              borderRadius: 1,
              outline: on ? '3px solid' : 'none',
              outlineColor: 'primary.main',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
            }}
          >
            <JobPhotoImage jobId={jobId} photo={photo} size={72} label={name} />
            {on ? <CheckCircleIcon color="primary" sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', borderRadius: '50%' }} /> : null}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
