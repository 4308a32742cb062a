import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditNoteIcon from '@mui/icons-material/EditNote';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SendIcon from '@mui/icons-material/Send';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { JOB_STATUSES, JOB_STATUS_LABELS, type JobStatus } from '@relining/contracts/job-status';
import { emailOutcome } from '../common/emailOutcome';
import { Toast } from '../common/Toast';
import type { JobChangeResult, JobStatusUpdate } from '@relining/contracts/api/jobs';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import type { JobRecord } from './jobStatus';

/** spec §2 row actions: Copy Link, Update Status, send notification, View. */
export function JobRowActions() {
  const record = useRecordContext<JobRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [copied, setCopied] = useState(false);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!record) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(record!.trackingLink);
      setCopied(true);
      notify(<Toast title="Link copied" description="Tracking link copied to clipboard" />, { type: 'success' });
    } catch {
      notify(<Toast title="Copy failed" description={record!.trackingLink} />, { type: 'warning' });
    }
  }

  async function sendNotification() {
    setSending(true);
    try {
      const job = await session.call<JobChangeResult>(`/admin/jobs/${record!.id}/notify`, { method: 'POST' });
      const words = emailOutcome(
        job.notification?.status,
        { title: 'Email notification sent' },
        { what: `the email notification to ${record!.customerEmail}` },
      );
      notify(<Toast {...words} />, { type: 'success' });
    } catch (error) {
      notify(<Toast title="Email Failed" description={errorMessage(error, 'Failed to send notification email')} />, { type: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    // The row opens the job's details; its buttons (and the dialog they open) do only their own thing.
    <Stack direction="row" spacing={0.5} onClick={(event) => event.stopPropagation()}>
      <Tooltip title="Copy Link">
        <IconButton aria-label={`Copy link for ${record.jobNumber}`} onClick={copy}>
          {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Update Status">
        <IconButton aria-label={`Update status of ${record.jobNumber}`} onClick={() => setOpen(true)}>
          <EditNoteIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Send notification email">
        <span>
          <IconButton aria-label={`Send notification for ${record.jobNumber}`} onClick={sendNotification} disabled={sending}>
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="View">
        <IconButton aria-label={`View status page of ${record.jobNumber}`} component="a" href={record.trackingLink} target="_blank" rel="noopener noreferrer">
          <OpenInNewIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <UpdateStatusDialog
          record={record}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** 'Update Job Status': the stage, and the customer's e-mail about it (on by default). */
export function UpdateStatusDialog({ record, onClose, onDone }: { record: JobRecord; onClose: () => void; onDone: () => void }) {
  const [status, setStatus] = useState<JobStatus>(record.status);
  const [sendEmail, setSendEmail] = useState(true);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function update() {
    setBusy(true);
    try {
      const job = await session.call<JobChangeResult>(`/admin/jobs/${record.id}/status`, {
        method: 'PUT',
        body: { status, notify: sendEmail } satisfies JobStatusUpdate,
      });
      if (job.notification) {
        const words = emailOutcome(
          job.notification.status,
          { title: 'Email Notification Sent', description: `Status update email sent to ${job.customerEmail}` },
          { what: `the status update email to ${job.customerEmail}` },
        );
        notify(<Toast {...words} />, { type: 'success' });
      }
      notify(<Toast title="Status Updated" description={`Job status updated to ${job.statusLabel}`} />, { type: 'success' });
      onDone();
    } catch (error) {
      notify(
        <Toast
          title={sendEmail ? 'Email Failed' : 'Error'}
          description={errorMessage(error, sendEmail ? 'Failed to send notification email' : 'Failed to update the status')}
        />,
        {
          type: 'error',
        },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Update Job Status</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Change the status and notify the customer.</DialogContentText>
        <TextField select label="Status" fullWidth value={status} onChange={(event) => setStatus(event.target.value as JobStatus)}>
          {JOB_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {JOB_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={sendEmail} onChange={(event) => setSendEmail(event.target.checked)} />}
          label="Send notification email to customer"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={update} disabled={busy}>
          {busy ? 'Updating...' : 'Update'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
