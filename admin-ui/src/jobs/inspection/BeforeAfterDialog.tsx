import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormLabel, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BeforeAfterRequest, BeforeAfterResult, ReportRecord } from '@relining/contracts/api/inspections';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { PAIR_SLOT_KEYS, type PairSlotKey } from '@relining/contracts/site-content';
import { LoadState } from '../../common/LoadState';
import { useApiGet } from '../../common/useApiGet';
import { session } from '../../providers/session';
import { jobPath } from './jobFiles';
import { PhotoChooser } from './JobPhotos';

const slotName = (slot: PairSlotKey) => `Home page pair ${slot.slice(-1)}`;

/**
 * 'Send before & after to media library' (issue 17), offered only when the customer agreed on
 * acceptance: one photo of the job as before, one as after, the words the website shows, and
 * optionally the home-page pair they fill.
 */
export function BeforeAfterDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const report = useApiGet<ReportRecord>(`${jobPath(jobId)}/report`);
  const [before, setBefore] = useState<string[]>([]);
  const [after, setAfter] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [slot, setSlot] = useState<PairSlotKey | ''>('');
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BeforeAfterResult | null>(null);

  async function send() {
    const local: Record<string, string> = {};
    if (!before[0]) local.beforePhotoId = 'Choose the before photo';
    if (!after[0]) local.afterPhotoId = 'Choose the after photo';
    if (before[0] && before[0] === after[0]) local.afterPhotoId = 'Choose a different photo for after';
    setMessages(local);
    if (Object.keys(local).length > 0 || !before[0] || !after[0]) return;
    const body: BeforeAfterRequest = {
      beforePhotoId: before[0],
      afterPhotoId: after[0],
      title: title.trim(),
      description: description.trim(),
      ...(slot ? { slot } : {}),
    };
    setBusy(true);
    setFailure(null);
    try {
      setResult(await session.call<BeforeAfterResult>(`${jobPath(jobId)}/before-after`, { method: 'POST', body }));
    } catch (caught) {
      setMessages(caught instanceof ApiError ? Object.fromEntries(caught.errors.map((problem) => [problem.field, problem.message])) : {});
      setFailure(errorMessage(caught, 'The photos were not sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const photos = report.data?.photos ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="before-after-title">
      <DialogTitle id="before-after-title">Send before &amp; after to media library</DialogTitle>
      {result ? (
        <>
          <DialogContent>
            <Alert severity="success">
              The pair is in the media library{result.slot ? `, shown as ${slotName(result.slot as PairSlotKey)} on the home page` : ''}.{' '}
              <Link component={RouterLink} to="/media">
                Open the media library
              </Link>
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                The customer agreed to these photos being used on the website. They go to the media library without any location details.
              </DialogContentText>
              {!report.data ? (
                <LoadState
                  isPending={report.loading}
                  error={report.error}
                  retry={report.retry}
                  loading="Loading the photos..."
                  failed={report.error ?? 'The photos could not be loaded.'}
                />
              ) : null}
              {report.data ? (
                <>
                  <Box>
                    <FormLabel error={Boolean(messages.beforePhotoId)} sx={{ display: 'block', mb: 1 }}>
                      Before
                    </FormLabel>
                    <PhotoChooser jobId={jobId} photos={photos} chosen={before} onChange={setBefore} label="Before photo" single />
                    {messages.beforePhotoId ? (
                      <Alert severity="error" sx={{ mt: 1 }}>
                        {messages.beforePhotoId}
                      </Alert>
                    ) : null}
                  </Box>
                  <Box>
                    <FormLabel error={Boolean(messages.afterPhotoId)} sx={{ display: 'block', mb: 1 }}>
                      After
                    </FormLabel>
                    <PhotoChooser jobId={jobId} photos={photos} chosen={after} onChange={setAfter} label="After photo" single />
                    {messages.afterPhotoId ? (
                      <Alert severity="error" sx={{ mt: 1 }}>
                        {messages.afterPhotoId}
                      </Alert>
                    ) : null}
                  </Box>
                </>
              ) : null}
              <TextField
                label="Title"
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                error={Boolean(messages.title)}
                helperText={messages.title}
                placeholder="Root Intrusion"
              />
              <TextField
                label="Description"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                error={Boolean(messages.description)}
                helperText={messages.description ?? 'What was wrong and how it was fixed, for the website.'}
                multiline
                minRows={3}
              />
              <TextField
                select
                label="Home page pair"
                value={slot}
                onChange={(event) => setSlot(event.target.value as PairSlotKey | '')}
                error={Boolean(messages.slot)}
                helperText={messages.slot ?? 'Optional: replaces that example on the home page.'}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Not on the home page</option>
                {PAIR_SLOT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {slotName(key)}
                  </option>
                ))}
              </TextField>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void send()} disabled={busy || !report.data}>
              {busy ? 'Sending…' : 'Send to media library'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
