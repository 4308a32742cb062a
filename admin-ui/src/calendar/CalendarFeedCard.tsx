import AddLinkIcon from '@mui/icons-material/AddLink';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { CalendarFeed } from '@relining/contracts/api/appointments';
import { errorMessage } from '@relining/contracts/client/http';
import { formatDateTime } from '../common/dates';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { session } from '../providers/session';

const FEED_PATH = '/admin/calendar-feed';

type Action = 'create' | 'rotate' | 'stop';

/** The feed's address as a calendar app takes it: absolute, whatever the server wrote. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * 'Your calendar feed' (GET/POST/DELETE /api/admin/calendar-feed): the signed-in staff member's own
 * private subscription link to the confirmed appointments, for Google Calendar or Outlook. Creating
 * it again rotates it (the old link stops working) and 'Stop feed' ends it; both ask first.
 */
export function CalendarFeedCard() {
  const loaded = useApiGet<CalendarFeed>(FEED_PATH, 0, 'Could not fetch your calendar feed.');
  const [changed, setChanged] = useState<CalendarFeed | null>(null);
  const [asking, setAsking] = useState<'rotate' | 'stop' | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const notify = useNotify();
  const feed = changed ?? loaded.data;
  const url = feed?.url ? absolute(feed.url) : null;

  async function run(action: Action) {
    setBusy(action);
    try {
      const answer =
        action === 'stop' ? await session.call<CalendarFeed>(FEED_PATH, { method: 'DELETE' }) : await session.call<CalendarFeed>(FEED_PATH, { method: 'POST' });
      setChanged(answer);
      setAsking(null);
      if (action === 'create') notify(<Toast title="Feed link created" description="Copy it into your calendar app." />, { type: 'success' });
      else if (action === 'rotate')
        notify(<Toast title="Feed link rotated" description="The old link no longer works: subscribe again with the new one." />, { type: 'success' });
      else notify(<Toast title="Feed stopped" description="The link no longer works." />, { type: 'success' });
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify(<Toast title="Link copied" />, { type: 'success' });
    } catch {
      (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.select();
      notify(<Toast title="Could not copy" description="The link is selected: copy it with Ctrl+C (⌘C on a Mac)." />, { type: 'warning' });
    }
  }

  return (
    <Card component="section" aria-labelledby="calendar-feed-title">
      <CardContent>
        <Typography id="calendar-feed-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Your calendar feed
        </Typography>
        {!feed ? (
          loaded.error ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={loaded.retry}>
                  Retry
                </Button>
              }
            >
              {loaded.error}
            </Alert>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} />
              <Typography variant="body2" color="text.secondary">
                Loading your calendar feed...
              </Typography>
            </Stack>
          )
        ) : url ? (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Subscribe to the confirmed appointments in your own calendar app. The link is private to you: anyone who has it can see the appointments, so do
              not share it.
              {feed.createdAt ? ` Created ${formatDateTime(feed.createdAt)}.` : ''}
            </Typography>
            <TextField
              id="calendar-feed-url"
              label="Feed link"
              value={url}
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false },
                input: {
                  sx: { fontFamily: 'monospace', fontSize: '0.85rem' },
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title="Copy link">
                        <IconButton onClick={copy} edge="end" aria-label="Copy feed link">
                          <ContentCopyIcon />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Box component="ol" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
              <Typography component="li" variant="body2">
                <strong>Google Calendar</strong> (on a computer): beside Other calendars, choose + then <em>From URL</em>, paste the link and choose Add
                calendar.
              </Typography>
              <Typography component="li" variant="body2">
                <strong>Outlook</strong>: Add calendar, then <em>Subscribe from web</em>, paste the link, name it and choose Import.
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Calendar apps fetch a feed every few hours (Google up to once a day), so a change can take a while to show there.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setAsking('rotate')} disabled={busy !== null}>
                Rotate link
              </Button>
              <Button color="error" startIcon={<LinkOffIcon />} onClick={() => setAsking('stop')} disabled={busy !== null}>
                Stop feed
              </Button>
            </Box>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" color="text.secondary">
              A private link that puts the confirmed appointments in Google Calendar or Outlook, kept up to date. You have none yet.
            </Typography>
            <Button variant="contained" startIcon={<AddLinkIcon />} onClick={() => void run('create')} disabled={busy !== null}>
              {busy === 'create' ? 'Creating...' : 'Create feed link'}
            </Button>
          </Stack>
        )}
      </CardContent>
      {asking ? <ConfirmFeedChange action={asking} busy={busy !== null} onClose={() => setAsking(null)} onConfirm={() => void run(asking)} /> : null}
    </Card>
  );
}

function ConfirmFeedChange({ action, busy, onClose, onConfirm }: { action: 'rotate' | 'stop'; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const rotating = action === 'rotate';
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="feed-change-title">
      <DialogTitle id="feed-change-title">{rotating ? 'Rotate feed link?' : 'Stop feed?'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {rotating
            ? 'The old link will stop working: every calendar subscribed to it stops updating until you subscribe again with the new link.'
            : 'The link will stop working: every calendar subscribed to it stops updating. You can create a new link later.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color={rotating ? 'primary' : 'error'} onClick={onConfirm} disabled={busy}>
          {busy ? 'Saving...' : rotating ? 'Rotate link' : 'Stop feed'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
