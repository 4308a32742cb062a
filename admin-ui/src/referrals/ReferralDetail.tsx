import { Alert, AlertTitle, Box, Button, Chip, CircularProgress, Divider, LinearProgress, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useNotify, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { placeLabel } from '@relining/contracts/place-label';
import { REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { BookingLink, JobLink, ReferralLink } from '../common/RecordLinks';
import { DetailRows as Rows, DetailSection } from '../common/DetailSection';
import { RecordHistory } from '../common/RecordHistory';
import { Toast } from '../common/Toast';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { reviewQueue } from '../referral-reviews/reviewFormat';
import { RebateLedger } from './RebateLedger';
import { ReferralPhotos } from './ReferralPhotos';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  historyActor,
  historyText,
  accountText,
  isPastDue,
  REBATE_STATUS_COLOURS,
  rebateStatusLabel,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  SOURCE_LABELS,
  urgencyLabel,
  type RebateStatus,
  type ReferralChangeResult,
  type ReferralDetail,
  type ReferralStatus,
  type ReferralUpdate,
} from './referralFormat';

/**
 * How the console fetches a referral's detail (GET /api/admin/referrals/:id: the record with its
 * history, photos and rebate ledger). The meta only keeps it apart in react-admin's cache: its lists
 * put their rows (without history, photos or ledger) under the plain getOne key of each referral,
 * which would otherwise show as a detail without them. A referral that cannot be fetched says so where it would have been (no
 * toast, no redirect), with Retry.
 */
export const REFERRAL_DETAIL = {
  resource: 'referrals',
  queryOptions: { meta: { view: 'detail' }, onError: () => undefined },
  redirectOnError: false,
} as const;

/**
 * A referral's detail as the dialog and its own page show it, from the show context: every field,
 * the status (saved at once, the server applies the rebate rules and says what it could not do), its
 * review state, the booking and job it is linked to, the plumber's notes and staff's own, the rebate
 * parts and ledger (with Approve, Void, Refund), photos and history; the loading line, or the error
 * with Retry, until it is there. `onChanged` runs after any change (it refreshes what shows the
 * referral).
 */
export function ReferralDetailContent({ onChanged }: { onChanged: () => void }) {
  const { record: referral, error, isFetching, refetch } = useShowContext<ReferralDetail>();
  if (referral) return <ReferralDetailBody referral={referral} onChanged={onChanged} />;
  if (error && !isFetching) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        Failed to fetch the referral. {errorMessage(error, 'Please try again.')}
      </Alert>
    );
  }
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
      <CircularProgress size={20} />
      <Typography color="text.secondary">Loading referral...</Typography>
    </Stack>
  );
}

/** The thin bar that says a shown referral is being fetched again (after a change). */
export function ReferralRefreshing() {
  const { record, isFetching } = useShowContext<ReferralDetail>();
  return <Box sx={{ height: 4 }}>{isFetching && record ? <LinearProgress aria-label="Refreshing referral" /> : null}</Box>;
}

function ReferralDetailBody({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const services = [referral.serviceTypes.cleanView ? 'Clean & View' : null, referral.serviceTypes.reline ? 'Reline' : null].filter(Boolean).join(', ');
  const links: Array<[string, ReactNode]> = [
    ...(referral.bookingId ? ([['Booking', <BookingLink id={referral.bookingId} />]] as Array<[string, ReactNode]>) : []),
    ['Linked job', referral.jobId ? <JobLink id={referral.jobId} stage={referral.jobStage} /> : 'No job linked yet'],
    ...(referral.duplicateOf
      ? ([['Repeats', <ReferralLink id={referral.duplicateOf} withPlumber fallback="The earlier referral" />]] as Array<[string, ReactNode]>)
      : []),
  ];
  return (
    <Stack spacing={3}>
      <ReviewNotice referral={referral} />
      <StatusEditor referral={referral} onChanged={onChanged} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section title="Client">
          <Rows
            rows={[
              ['Name', referral.clientName],
              ['Phone', <PhoneLink phone={referral.clientPhone} />],
              ...(referral.clientEmail
                ? ([['Email', <Link href={mailtoHref(referral.clientEmail)}>{referral.clientEmail}</Link>]] as Array<[string, ReactNode]>)
                : []),
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
            ...links,
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
      <Section title="Rebate ledger">
        <RebateLedger referral={referral} onChanged={onChanged} />
      </Section>
      <Section title="Plumber's notes">
        <Typography variant="body2" color={referral.notes ? undefined : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {referral.notes || 'The plumber left no notes.'}
        </Typography>
      </Section>
      <StaffNotesEditor referral={referral} onChanged={onChanged} />
      <Section title="Photos">
        <ReferralPhotos referralId={referral.id} photos={referral.photos} />
      </Section>
      <Section title="History">
        <History referral={referral} />
      </Section>
      <RecordHistory entity="referral" entityId={referral.id} title="Audit trail" />
    </Stack>
  );
}

/** A repeat referral of the same client: held (earning nothing) until staff decide, and what they decided. */
function ReviewNotice({ referral }: { referral: ReferralDetail }) {
  const earlier = referral.duplicateOf ? <ReferralLink id={referral.duplicateOf} withPlumber fallback="an earlier referral" /> : 'an earlier referral';
  if (referral.review === 'held') {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={reviewQueue('duplicate')}>
            Review queue
          </Button>
        }
      >
        <AlertTitle>Held for review: possible duplicate</AlertTitle>
        This referral repeats {earlier} (the same client within {REFERRAL_WINDOW_DAYS} days). It earns nothing until staff approve it in the review queue.
      </Alert>
    );
  }
  if (referral.review === 'approved') {
    return (
      <Alert severity="info">
        <AlertTitle>Duplicate approved</AlertTitle>
        This referral repeats {earlier}; staff approved it, and it earns from the approval on.
      </Alert>
    );
  }
  if (referral.review === 'rejected') {
    return (
      <Alert severity="error">
        <AlertTitle>Duplicate rejected</AlertTitle>
        This referral repeats {earlier}; staff rejected it, and its rebates are void.
      </Alert>
    );
  }
  return null;
}

function RebatePart(props: { title: string; amount: number; status: RebateStatus; completedAt: string | null; paidAt: string | null; dueAt: string | null }) {
  const overdue = props.status !== 'paid' && props.status !== 'void' && isPastDue(props.dueAt);
  return (
    <Box sx={{ border: 1, borderColor: overdue ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h4">
          {props.title}
        </Typography>
        <Typography variant="subtitle2" component="span">
          {formatMoney(props.amount)}
        </Typography>
        <Chip
          size="small"
          label={rebateStatusLabel(props.status)}
          color={REBATE_STATUS_COLOURS[props.status] ?? 'default'}
          variant={props.status === 'void' || props.status === 'pending' ? 'outlined' : 'filled'}
        />
        {overdue ? <Chip size="small" label="Overdue" color="error" /> : null}
      </Box>
      <Rows
        rows={[
          ['Completed', formatDateTime(props.completedAt) || 'Not yet'],
          ['Paid', formatDateTime(props.paidAt) || 'Not yet'],
          ...(props.dueAt
            ? ([
                [
                  'Payment due',
                  <Box component="span" sx={{ color: overdue ? 'error.main' : undefined }}>
                    {formatDate(props.dueAt)}
                  </Box>,
                ],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </Box>
  );
}

/**
 * The toast of a saved change: success, or (when the server says what the change could not do, e.g. a
 * reline rebate not earned) one warning toast per notice, the first with the change's title.
 */
function changeToasts(notify: ReturnType<typeof useNotify>, result: Pick<ReferralChangeResult, 'notices'> | undefined, title: string, description?: string) {
  const notices = result?.notices ?? [];
  if (notices.length === 0) {
    notify(<Toast title={title} description={description} />, { type: 'success' });
    return;
  }
  notices.forEach((notice, index) => notify(<Toast title={index === 0 ? title : 'Please note'} description={notice} />, { type: 'warning' }));
}

/**
 * Saved as soon as it changes (the server applies the rebate rules, and its notices say what they
 * could not do); on failure the select goes back to the saved status.
 */
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
      const result = await session.call<ReferralChangeResult>(`/admin/referrals/${referral.id}`, {
        method: 'PUT',
        body: { status: value } satisfies ReferralUpdate,
      });
      changeToasts(notify, result, 'Status updated', 'Referral status updated successfully');
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

/** Staff's internal notes (never shown to the plumber); the plumber's own notes are read-only above. */
function StaffNotesEditor({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const saved = referral.staffNotes ?? '';
  const [notes, setNotes] = useState(saved);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  useEffect(() => setNotes(saved), [saved]);
  const dirty = notes.trim() !== saved.trim();

  async function save() {
    setSaving(true);
    try {
      const result = await session.call<ReferralChangeResult>(`/admin/referrals/${referral.id}`, {
        method: 'PUT',
        body: { staffNotes: notes.trim() ? notes : null } satisfies ReferralUpdate,
      });
      changeToasts(notify, result, 'Staff notes updated');
      onChanged();
    } catch (error) {
      notify(<Toast title="Error updating staff notes" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title="Staff notes (internal)">
      <TextField
        label="Staff notes (internal)"
        multiline
        minRows={3}
        fullWidth
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 5_000 } }}
        placeholder="Notes for staff"
        helperText="Only staff see these: never the plumber."
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button variant="outlined" onClick={save} disabled={saving || !dirty}>
          {saving ? 'Saving...' : 'Save staff notes'}
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

/** This page's sections: headings at level h3. */
function Section(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return <DetailSection heading="h3" {...props} />;
}
