import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Labeled, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { EMAIL_PREVIEW_NOTE } from '@relining/contracts/email-delivery';
import { DateTimeField } from '../common/DateTimeField';
import { notificationStatusLabel } from '../common/emailOutcome';
import { RecordHistory } from '../common/RecordHistory';
import { Toast } from '../common/Toast';
import type { NotificationRecord } from '@relining/contracts/api/notifications';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { STATUS_COLOURS } from './OutboxList';

function ResendButton() {
  const record = useRecordContext<NotificationRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || (record.status !== 'failed' && record.status !== 'dead')) return null;
  async function resend() {
    setBusy(true);
    try {
      await session.call<NotificationRecord>(`/admin/notifications/${record!.id}/resend`, { method: 'POST' });
      notify(<Toast title="Message queued again" />, { type: 'success' });
      refresh();
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Could not resend the message')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button startIcon={<ReplayIcon />} onClick={resend} disabled={busy}>
      Resend
    </Button>
  );
}

function Rendered() {
  const record = useRecordContext<NotificationRecord>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Message
      </Typography>
      {/* Sandboxed: the stored HTML can never run script or reach the console. */}
      <Box
        component="iframe"
        title="Rendered e-mail"
        sandbox=""
        srcDoc={record.html}
        sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Box>
  );
}

/** The files the message carries, by name and type (the API never gives their content). */
function Attachments() {
  const record = useRecordContext<NotificationRecord>();
  if (!record) return null;
  const files = record.attachments ?? [];
  return (
    <Labeled label="Attachments">
      <Typography variant="body2">{files.length === 0 ? '-' : files.map((file) => `${file.filename} (${file.contentType})`).join(', ')}</Typography>
    </Labeled>
  );
}

function StatusLine() {
  const record = useRecordContext<NotificationRecord>();
  if (!record) return null;
  return (
    <Stack spacing={1}>
      <Chip sx={{ alignSelf: 'flex-start' }} label={notificationStatusLabel(record.status)} color={STATUS_COLOURS[record.status]} />
      {record.status === 'preview' ? <Alert severity="info">This message was {EMAIL_PREVIEW_NOTE}. Set SMTP_URL to send e-mails.</Alert> : null}
      {record.lastError ? <Alert severity={record.status === 'dead' ? 'error' : 'warning'}>{record.lastError}</Alert> : null}
    </Stack>
  );
}

/** Who resent the message, and when (issue 19). */
function MessageHistory() {
  const record = useRecordContext<{ id: string }>();
  if (!record) return null;
  return <RecordHistory entity="notification" entityId={record.id} />;
}

export function OutboxShow() {
  return (
    <Show
      title="Message"
      actions={
        <TopToolbar>
          <ResendButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <StatusLine />
        <TextField source="to" label="To" />
        <TextField source="subject" />
        <TextField source="templateKey" label="Template" emptyText="-" />
        <NumberField source="attempts" label="Tries" />
        <Labeled label="Queued">
          <DateTimeField source="createdAt" />
        </Labeled>
        <Labeled label="Sent">
          <DateTimeField source="sentAt" emptyText="-" />
        </Labeled>
        <Attachments />
        <Labeled label="Plain text">
          <TextField source="text" sx={{ whiteSpace: 'pre-wrap' }} />
        </Labeled>
        <Rendered />
        <MessageHistory />
      </SimpleShowLayout>
    </Show>
  );
}
