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
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { CreateJobRequest, JobChangeResult } from '@relining/contracts/api/jobs';
import type { ReferralMatch, ReferralMatches } from '@relining/contracts/api/referrals';
import { errorMessage } from '@relining/contracts/client/http';
import { JOB_STATUS_LABELS, JOB_STATUSES, trackingLinkProblem, type JobStatus } from '@relining/contracts/job-status';
import { placeLabel } from '@relining/contracts/place-label';
import { REFERRAL_STATUS_LABELS, REFERRAL_WINDOW_DAYS } from '@relining/contracts/referral-rules';
import { formatDate } from '../common/dates';
import { Toast } from '../common/Toast';
import { useApiGet, type ApiGetState } from '../common/useApiGet';
import { matchedByText } from '../referral-reviews/reviewFormat';
import { session } from '../providers/session';
import type { BookingRecord } from './bookingStatus';
import { notifyTrackingLinkEmail } from '../jobs/trackingLinkEmail';

/**
 * POST /api/admin/jobs as this dialog sends it: `referralId` null when staff chose 'No referral' over
 * the matches the server would otherwise link (as a review's resolution names no referral).
 */
type CreateJobFromBookingRequest = Omit<CreateJobRequest, 'referralId'> & { referralId?: string | null };

/** The choice of referral: one of the matches, none, or (two plumbers claiming the customer) the review queue. */
const NONE = 'none';
const REVIEW = 'review';

type Field = 'jobNumber' | 'customerName' | 'customerEmail' | 'customerPhone' | 'address';

/**
 * 'Create job' from a booking: the customer's details as the booking has them, the Job ID staff type,
 * and the referrals of this customer (GET /api/admin/referrals/matches?bookingId=…), the first
 * referrer's preselected. Left as suggested, the request names no referral and the server links it
 * (or opens a conflict review); chosen explicitly, it names the referral (or none). Then the job's page.
 */
export function CreateJobDialog({ booking, onClose }: { booking: BookingRecord; onClose: () => void }) {
  const [form, setForm] = useState<Record<Field, string>>({
    jobNumber: '',
    customerName: booking.fullName,
    customerEmail: booking.email,
    customerPhone: booking.phone,
    address: [booking.address, placeLabel(booking)].filter(Boolean).join(', '),
  });
  const [status, setStatus] = useState<JobStatus>('booked');
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = useApiGet<ReferralMatches>(`/admin/referrals/matches?bookingId=${encodeURIComponent(booking.id)}`, 0, 'Could not look for referrals.');
  const [choice, setChoice] = useState<string | null>(null);
  const [chosen, setChosen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  // The suggestion, once the matches are in (until staff choose themselves).
  const answer = matches.data;
  useEffect(() => {
    if (!answer || chosen) return;
    setChoice(answer.conflict ? REVIEW : (answer.suggestedReferralId ?? NONE));
  }, [answer, chosen]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = trackingLinkProblem(form);
    if (found) {
      setProblem({ field: found.field, message: found.message });
      notify(<Toast title={found.title} description={found.message} />, { type: 'error' });
      return;
    }
    const offered = (answer?.matches ?? []).some((match) => match.jobId === null);
    const body: CreateJobFromBookingRequest = {
      jobNumber: form.jobNumber.trim(),
      customerName: form.customerName.trim(),
      customerEmail: form.customerEmail.trim(),
      customerPhone: form.customerPhone.trim() || undefined,
      address: form.address.trim() || undefined,
      status,
      bookingId: booking.id,
    };
    if (chosen && choice && choice !== REVIEW) {
      if (choice !== NONE) body.referralId = choice;
      else if (offered) body.referralId = null;
    }
    setBusy(true);
    try {
      const job = await session.call<JobChangeResult>('/admin/jobs', { method: 'POST', body });
      notify(<Toast title="Job created" description={`${job.jobNumber}: a tracking link has been created for ${job.customerName}`} />, { type: 'success' });
      notifyTrackingLinkEmail(notify, job);
      refresh();
      onClose();
      void navigate(`/job-tracking/${encodeURIComponent(job.id)}/show`);
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Failed to create the job')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, extra: { required?: boolean; type?: string; placeholder?: string; autoFocus?: boolean; hint?: string } = {}) => (
    <TextField
      label={label}
      fullWidth
      required={extra.required}
      type={extra.type}
      placeholder={extra.placeholder}
      autoFocus={extra.autoFocus}
      value={form[name]}
      onChange={(event) => {
        setForm({ ...form, [name]: event.target.value });
        if (problem?.field === name) setProblem(null);
      }}
      error={problem?.field === name}
      helperText={problem?.field === name ? problem.message : extra.hint}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="create-job-title" scroll="paper">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id="create-job-title">Create job</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field('jobNumber', 'Job ID', { required: true, placeholder: 'JOB-1001', autoFocus: true, hint: 'As staff know the job, e.g. JOB-1001' })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField select label="Current Status" fullWidth value={status} onChange={(event) => setStatus(event.target.value as JobStatus)}>
                  {JOB_STATUSES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {JOB_STATUS_LABELS[value]}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('customerName', 'Customer Name', { required: true })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('customerEmail', 'Customer Email', { required: true, type: 'email' })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field('customerPhone', 'Phone')}</Grid>
              <Grid size={12}>{field('address', 'Address', { placeholder: 'Not specified' })}</Grid>
            </Grid>
            <ReferralChoice
              matches={matches}
              choice={choice}
              onChoose={(value) => {
                setChoice(value);
                setChosen(true);
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Creating...' : 'Create job'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function ReferralChoice(props: { matches: ApiGetState<ReferralMatches>; choice: string | null; onChoose: (value: string) => void }) {
  const { data, error, loading, retry } = props.matches;
  if (!data) {
    if (error && !loading) {
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Retry
            </Button>
          }
        >
          {error} Without them, the server links the first referrer of this customer itself.
        </Alert>
      );
    }
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={18} />
        <Typography variant="body2" color="text.secondary">
          Looking for referrals of this customer...
        </Typography>
      </Stack>
    );
  }
  // Oldest first: the first referrer wins (the server's order, kept).
  const firstId = data.matches[0]?.id;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        Referral
      </FormLabel>
      {data.conflict ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Two or more plumbers referred this customer: the job will go to the review queue. Choose a referral below only to decide now.
        </Alert>
      ) : null}
      {data.matches.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No referral of this customer in the last {REFERRAL_WINDOW_DAYS} days.
        </Typography>
      ) : null}
      <RadioGroup value={props.choice ?? ''} onChange={(event) => props.onChoose(event.target.value)} aria-label="Referral">
        {data.conflict ? <FormControlLabel value={REVIEW} control={<Radio />} label="Let staff decide in the review queue" sx={{ mb: 1 }} /> : null}
        {data.matches.map((match) => (
          <FormControlLabel
            key={match.id}
            value={match.id}
            disabled={match.jobId !== null}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={<MatchLabel match={match} first={match.id === firstId} suggested={match.id === data.suggestedReferralId} />}
          />
        ))}
        <FormControlLabel value={NONE} control={<Radio />} label="No referral" />
      </RadioGroup>
    </FormControl>
  );
}

function MatchLabel({ match, first, suggested }: { match: ReferralMatch; first: boolean; suggested: boolean }) {
  return (
    <Box sx={{ py: 0.25 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
        <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          {match.refNumber}
        </Typography>
        {first ? <Chip size="small" label="First referrer" color="primary" /> : null}
        {suggested ? <Chip size="small" label="Suggested" color="success" variant="outlined" /> : null}
        {match.jobId ? <Chip size="small" label="Already linked to a job" /> : null}
      </Box>
      <Typography variant="body2">
        {match.plumberName}
        {match.plumberCompany ? ` · ${match.plumberCompany}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Referred {formatDate(match.createdAt)} · {REFERRAL_STATUS_LABELS[match.status] ?? match.status} · matched by {matchedByText(match)}
      </Typography>
    </Box>
  );
}
