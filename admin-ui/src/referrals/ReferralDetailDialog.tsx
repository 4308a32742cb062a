import CloseIcon from '@mui/icons-material/Close';
import EmailIcon from '@mui/icons-material/Email';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { placeLabel } from '../../../src/contracts/place-label';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { errorMessage, httpClient } from '../providers/httpClient';
import { EmailPlumberDialog } from './EmailPlumberDialog';
import { ReferralPhotos } from './ReferralPhotos';
import {
  formatDateTime,
  formatMoney,
  historyActor,
  historyText,
  accountText,
  isPastDue,
  rebateStatusLabel,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  SOURCE_LABELS,
  urgencyLabel,
  type ReferralDetail,
  type ReferralStatus,
} from './referralFormat';
import { ReferralStatusChip } from './ReferralStatusChip';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.75 }, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * spec §2 Admin referrals dashboard: an open referral with every field, the status (saved at once,
 * the rebate table applied by the server), notes, rebates, history, photos, and 'Send Email to
 * Plumber'. `onChanged` refreshes the table and the summary after any change.
 */
export function ReferralDetailDialog({ referralId, onClose, onChanged }: { referralId: string; onClose: () => void; onChanged: () => void }) {
  const [version, setVersion] = useState(0);
  const { data: referral, error, loading, retry } = useApiGet<ReferralDetail>(`/api/admin/referrals/${encodeURIComponent(referralId)}`, version, 'Please try again.');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [emailing, setEmailing] = useState(false);

  const changed = () => {
    setVersion((value) => value + 1);
    onChanged();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="referral-detail-title" scroll="paper">
      <DialogTitle id="referral-detail-title" sx={{ pr: 7, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <span>{referral ? `Referral ${referral.refNumber}` : 'Referral'}</span>
        {referral ? <ReferralStatusChip status={referral.status} /> : null}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ height: 4 }}>{loading && referral ? <LinearProgress aria-label="Refreshing referral" /> : null}</Box>
      <DialogContent dividers>
        {referral ? (
          <ReferralDetailBody referral={referral} onChanged={changed} />
        ) : error && !loading ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                Retry
              </Button>
            }
          >
            Failed to fetch the referral. {error}
          </Alert>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
            <CircularProgress size={20} />
            <Typography color="text.secondary">Loading referral...</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<EmailIcon />} onClick={() => setEmailing(true)} disabled={!referral}>
          Send Email to Plumber
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {emailing && referral ? <EmailPlumberDialog referral={referral} onClose={() => setEmailing(false)} onSent={changed} /> : null}
    </Dialog>
  );
}

function ReferralDetailBody({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const services = [referral.serviceTypes.cleanView ? 'Clean & View' : null, referral.serviceTypes.reline ? 'Reline' : null].filter(Boolean).join(', ');
  return (
    <Stack spacing={3}>
      <StatusEditor referral={referral} onChanged={onChanged} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title="Client">
          <Rows
            rows={[
              ['Name', referral.clientName],
              ['Phone', <PhoneLink phone={referral.clientPhone} />],
              ['Address', `${referral.jobAddress}, ${placeLabel(referral)}`],
              ['Permission to contact client', referral.contactClient ? 'Yes' : 'No'],
            ]}
          />
        </Section>
        <Section title="Plumber">
          <Rows
            rows={[
              ['Name', referral.plumberName],
              ['Company', referral.plumberCompany],
              ['Phone', <PhoneLink phone={referral.plumberPhone} />],
              ['Email', <Link href={mailtoHref(referral.plumberEmail)}>{referral.plumberEmail}</Link>],
              ['Account', accountText(referral)],
            ]}
          />
        </Section>
      </Box>
      <Section title="Job">
        <Rows
          rows={[
            ['Urgency', urgencyLabel(referral.urgency)],
            ['Service types asked for', services || 'Not specified'],
            ['Source', SOURCE_LABELS[referral.source] ?? referral.source],
            ['Received', formatDateTime(referral.createdAt)],
            ['Last updated', formatDateTime(referral.updatedAt)],
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Description
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {referral.description}
        </Typography>
      </Section>
      <Section title="Rebates">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <RebatePart
            title="Clean & View (C&V)"
            amount={referral.cleanviewRebateAmount}
            status={referral.cleanviewRebateStatus}
            completedAt={referral.cleanviewCompletedAt}
            paidAt={referral.cleanviewPaidAt}
            dueAt={referral.cleanviewDueAt}
          />
          <RebatePart
            title="Reline"
            amount={referral.relineRebateAmount}
            status={referral.relineRebateStatus}
            completedAt={referral.relineCompletedAt}
            paidAt={referral.relinePaidAt}
            dueAt={referral.relineDueAt}
          />
        </Box>
      </Section>
      <NotesEditor referral={referral} onChanged={onChanged} />
      <Section title="Photos">
        <ReferralPhotos referralId={referral.id} photos={referral.photos} />
      </Section>
      <Section title="History">
        <History referral={referral} />
      </Section>
    </Stack>
  );
}

function RebatePart(props: { title: string; amount: number; status: string; completedAt: string | null; paidAt: string | null; dueAt: string | null }) {
  const overdue = isPastDue(props.dueAt);
  return (
    <Box sx={{ border: 1, borderColor: overdue ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h4">
          {props.title}
        </Typography>
        <Typography variant="subtitle2" component="span">
          {formatMoney(props.amount)}
        </Typography>
        <Chip size="small" label={rebateStatusLabel(props.status)} color={props.status === 'paid' ? 'success' : props.status === 'processing' ? 'info' : 'default'} />
        {overdue ? <Chip size="small" label="Overdue" color="error" /> : null}
      </Box>
      <Rows
        rows={[
          ['Completed', formatDateTime(props.completedAt) || 'Not yet'],
          ['Paid', formatDateTime(props.paidAt) || 'Not yet'],
          ...(props.dueAt ? ([['Payment due', <Box component="span" sx={{ color: overdue ? 'error.main' : undefined }}>{formatDateTime(props.dueAt)}</Box>]] as Array<[string, ReactNode]>) : []),
        ]}
      />
    </Box>
  );
}

/** Saved as soon as it changes; on failure the select goes back to the saved status. */
function StatusEditor({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const [status, setStatus] = useState<ReferralStatus>(referral.status);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  useEffect(() => setStatus(referral.status), [referral.status]);

  async function change(value: ReferralStatus) {
    if (value === status) return;
    setStatus(value);
    setSaving(true);
    try {
      await httpClient(`/api/admin/referrals/${referral.id}`, { method: 'PUT', body: JSON.stringify({ status: value }) });
      notify(<Toast title="Status updated" description="Referral status updated successfully" />, { type: 'success' });
      onChanged();
    } catch (error) {
      setStatus(referral.status);
      notify(<Toast title="Error updating referral" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      <TextField
        select
        label="Status"
        value={status}
        disabled={saving}
        onChange={(event) => change(event.target.value as ReferralStatus)}
        sx={{ minWidth: 260 }}
        helperText="Saved as soon as you choose"
      >
        {REFERRAL_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {REFERRAL_STATUS_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
      {saving ? <CircularProgress size={20} aria-label="Saving status" /> : null}
    </Box>
  );
}

function NotesEditor({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const [notes, setNotes] = useState(referral.notes ?? '');
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  useEffect(() => setNotes(referral.notes ?? ''), [referral.notes]);
  const dirty = notes.trim() !== (referral.notes ?? '').trim();

  async function save() {
    setSaving(true);
    try {
      await httpClient(`/api/admin/referrals/${referral.id}`, { method: 'PUT', body: JSON.stringify({ notes }) });
      notify(<Toast title="Notes updated" />, { type: 'success' });
      onChanged();
    } catch (error) {
      notify(<Toast title="Error updating notes" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title="Notes">
      <TextField
        label="Notes"
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 5_000 } }}
        placeholder="Notes for staff"
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button variant="outlined" onClick={save} disabled={saving || !dirty}>
          {saving ? 'Saving...' : 'Save notes'}
        </Button>
      </Box>
    </Section>
  );
}

function History({ referral }: { referral: ReferralDetail }) {
  if (referral.history.length === 0) return <Typography color="text.secondary">No history yet</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[...referral.history].reverse().map((item, index) => (
        <Box component="li" key={item.id}>
          {index > 0 ? <Divider /> : null}
          <Box sx={{ py: 1, display: 'grid', gap: 0.25 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {historyText(item)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {historyActor(item, referral.source)} · {formatDateTime(item.createdAt)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
