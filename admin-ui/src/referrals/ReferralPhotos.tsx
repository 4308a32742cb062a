import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useGuardedImage } from '../common/useGuardedImage';
import { formatDateTime, type ReferralPhoto } from './referralFormat';

const photoName = (photo: ReferralPhoto, index: number) => photo.originalName || `Photo ${index + 1}`;

/** The referral's photos as thumbnails; a click shows one full size. */
export function ReferralPhotos({ referralId, photos }: { referralId: string; photos: ReferralPhoto[] }) {
  const [open, setOpen] = useState<{ src: string; name: string; photo: ReferralPhoto } | null>(null);
  if (photos.length === 0) return <Typography color="text.secondary">No photos</Typography>;
  return (
    <>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, p: 0 }}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <Thumbnail
              path={`/admin/referrals/${referralId}/photos/${photo.id}`}
              name={photoName(photo, index)}
              onOpen={(src) => setOpen({ src, name: photoName(photo, index), photo })}
            />
          </li>
        ))}
      </Box>
      {open ? (
        <Dialog open onClose={() => setOpen(null)} maxWidth="lg" aria-labelledby="photo-title">
          <DialogTitle id="photo-title" sx={{ pr: 7 }}>
            {open.name}
            <Typography variant="body2" color="text.secondary">
              Added {formatDateTime(open.photo.createdAt)}
            </Typography>
          </DialogTitle>
          <IconButton aria-label="Close photo" onClick={() => setOpen(null)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent>
            <Box component="img" src={open.src} alt={open.name} sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }} />
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

function Thumbnail({ path, name, onOpen }: { path: string; name: string; onOpen: (src: string) => void }) {
  const { src, failed, retry } = useGuardedImage(path);
  const frame = { width: 112, height: 112, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.100' };
  if (failed) {
    return (
      <Tooltip title="Photo not loaded. Try again">
        <ButtonBase onClick={retry} aria-label={`Photo ${name} not loaded. Try again`} sx={{ ...frame, display: 'grid', placeItems: 'center' }}>
          <BrokenImageIcon color="disabled" />
        </ButtonBase>
      </Tooltip>
    );
  }
  if (!src) {
    return (
      <Box sx={{ ...frame, display: 'grid', placeItems: 'center' }} role="status" aria-label={`Loading photo ${name}`}>
        <CircularProgress size={20} />
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={() => onOpen(src)}
      aria-label={`Open photo ${name}`}
      sx={{ ...frame, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
    >
      <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </ButtonBase>
  );
}
