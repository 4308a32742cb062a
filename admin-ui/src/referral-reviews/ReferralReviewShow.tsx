import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Show, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '@relining/contracts/client/http';
import { REFERRAL_STATUS_LABELS } from '@relining/contracts/referral-rules';
import { formatDate, formatDateTime } from '../common/dates';
import { BookingLink, JobLink, ReferralLink } from '../common/RecordLinks';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { ReviewKindChip, ReviewStatusChip } from './ReferralReviewList';
import { matchedByText, type ReferralMatch, type ReferralReviewRecord, type ResolveReferralReviewRequest } from './reviewFormat';
import { DetailRow as Row } from '../common/DetailSection';

/** A decision staff can make, as the button and the confirmation word it. */
interface Decision {
  label: string;
  /** What will happen, in the confirmation. */
  explanation: string;
  request: Omit<ResolveReferralReviewRequest, 'note'>;
  color: 'primary' | 'success' | 'error' | 'inherit';
}

function ReviewTitle() {
  const review = useRecordContext<ReferralReviewRecord>();
  return <>{review ? `Review: ${review.summary}` : 'Referral review'}</>;
}

function ReviewActions() {
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <Button component={RouterLink} to="/referral-reviews" startIcon={<ArrowBackIcon />}>
        All reviews
      </Button>
    </TopToolbar>
  );
}

/**
 * One referral review (/admin/referral-reviews/:id/show) and its decision, made pessimistically (POST
 * …/resolve, then the review as it now is): a conflict is given to one of its candidates (oldest first,
 * the first referrer marked) or to no referral; a repeat referral is approved (it earns from now on)
 * or rejected (void); an unknown code is dismissed. A note may go with any decision.
 */
export function ReferralReviewShow() {
  return (
    <Show title={<ReviewTitle />} actions={<ReviewActions />}>
      <ReviewDetail />
    </Show>
  );
}

function ReviewDetail() {
  const review = useRecordContext<ReferralReviewRecord>();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  if (!review) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading review...</Typography>
      </Stack>
    );
  }
  const open = review.status === 'open';
  const candidates = [...review.candidates].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  return (
    <Stack spacing={2.5} sx={{ p: 2 }}>
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <ReviewKindChip review={review} />
          <ReviewStatusChip review={review} />
        </Box>
        <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {review.summary}
        </Typography>
      </Box>
      {review.status === 'resolved' ? (
        <Alert severity="success">
          <AlertTitle>Resolved</AlertTitle>
          {review.resolution ?? 'Decided.'}
          {review.resolvedBy || review.resolvedAt ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {[review.resolvedBy, formatDateTime(review.resolvedAt)].filter(Boolean).join(' · ')}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      <Box>
        <Row label="Created">{formatDateTime(review.createdAt)}</Row>
        {review.jobId ? (
          <Row label="Job">
            <JobLink id={review.jobId} />
          </Row>
        ) : null}
        {review.bookingId ? (
          <Row label="Booking">
            <BookingLink id={review.bookingId} />
          </Row>
        ) : null}
        {review.referralId ? (
          <Row label="Referral">
            <ReferralLink id={review.referralId} withPlumber />
          </Row>
        ) : null}
        {review.referralCode ? (
          <Row label="Referral code">
            <Chip size="small" label={review.referralCode} sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
          </Row>
        ) : null}
      </Box>

      {review.kind === 'conflict' ? (
        <Box component="section" aria-labelledby="candidates-title">
          <Typography id="candidates-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Candidates
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Each of these plumbers referred the job's customer. The rule gives it to the first referrer; staff may decide otherwise.
          </Typography>
          {candidates.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No candidates.
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
              {candidates.map((candidate, index) => (
                <Candidate
                  key={candidate.id}
                  candidate={candidate}
                  first={index === 0}
                  onGive={
                    open
                      ? () =>
                          setDeciding({
                            label: 'Give to this referral',
                            explanation: `The job goes to ${candidate.refNumber} (${candidate.plumberName}): its rebates are earned as the job moves on. The other candidates earn nothing from this job.`,
                            request: { referralId: candidate.id },
                            color: 'primary',
                          })
                      : undefined
                  }
                />
              ))}
            </Box>
          )}
          {open ? (
            <Box sx={{ mt: 2 }}>
              <Button
                variant="outlined"
                color="inherit"
                onClick={() =>
                  setDeciding({
                    label: 'No referral',
                    explanation: 'The job is linked to no referral: no plumber earns a rebate from it.',
                    request: { referralId: null },
                    color: 'inherit',
                  })
                }
              >
                No referral
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}

      {review.kind === 'duplicate' ? (
        <Box component="section" aria-labelledby="duplicate-title">
          <Typography id="duplicate-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Repeat referral
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The referral repeats an earlier referral of the same client. It is held, earning nothing, until staff decide.
          </Typography>
          {candidates.length > 0 ? (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, mb: 2 }}>
              {candidates.map((candidate, index) => (
                <Candidate key={candidate.id} candidate={candidate} first={index === 0} />
              ))}
            </Box>
          ) : null}
          {open ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                color="success"
                onClick={() =>
                  setDeciding({
                    label: 'Approve (earns from now)',
                    explanation: 'The referral is approved: it earns its rebates from now on, as its job moves on.',
                    request: { decision: 'approve' },
                    color: 'success',
                  })
                }
              >
                Approve (earns from now)
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() =>
                  setDeciding({
                    label: 'Reject (void)',
                    explanation: 'The referral is rejected: its rebates are void and it will not earn.',
                    request: { decision: 'reject' },
                    color: 'error',
                  })
                }
              >
                Reject (void)
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}

      {review.kind === 'unknown_code' ? (
        <Box component="section" aria-labelledby="unknown-title">
          <Typography id="unknown-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Unknown referral code
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The booking carried {review.referralCode ? `the code ${review.referralCode}` : 'a referral code'}, which no plumber has. Nothing was attributed.
          </Typography>
          {open ? (
            <Button
              variant="outlined"
              onClick={() =>
                setDeciding({
                  label: 'Dismiss',
                  explanation: 'The review is closed: the booking stays unattributed.',
                  request: { decision: 'dismiss' },
                  color: 'primary',
                })
              }
            >
              Dismiss
            </Button>
          ) : null}
        </Box>
      ) : null}

      {deciding ? <DecisionDialog review={review} decision={deciding} onClose={() => setDeciding(null)} /> : null}
    </Stack>
  );
}

function Candidate({ candidate, first, onGive }: { candidate: ReferralMatch; first: boolean; onGive?: () => void }) {
  return (
    <Card variant="outlined" sx={{ borderColor: first ? 'primary.main' : undefined }}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Link
            component={RouterLink}
            to={`/referrals/${encodeURIComponent(candidate.id)}`}
            sx={{ fontFamily: 'monospace', fontWeight: 600, fontSize: '0.95rem' }}
          >
            {candidate.refNumber}
          </Link>
          {first ? <Chip size="small" color="primary" label="First referrer" /> : null}
          {candidate.jobId ? <Chip size="small" label="Linked to a job" /> : null}
        </Box>
        <Typography variant="body2">
          {candidate.plumberName}
          {candidate.plumberCompany ? ` · ${candidate.plumberCompany}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Client {candidate.clientName} · referred {formatDate(candidate.createdAt)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {REFERRAL_STATUS_LABELS[candidate.status] ?? candidate.status} · matched by {matchedByText(candidate)}
        </Typography>
      </CardContent>
      {onGive ? (
        <CardActions sx={{ px: 2, pb: 1.5 }}>
          <Button size="small" variant={first ? 'contained' : 'outlined'} onClick={onGive}>
            Give to this referral
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

function DecisionDialog({ review, decision, onClose }: { review: ReferralReviewRecord; decision: Decision; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const body: ResolveReferralReviewRequest = { ...decision.request, ...(note.trim() ? { note: note.trim() } : {}) };
      const resolved = await session.call<ReferralReviewRecord>(`/admin/referral-reviews/${encodeURIComponent(review.id)}/resolve`, { method: 'POST', body });
      notify(<Toast title="Review resolved" description={resolved?.resolution ?? decision.label} />, { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      notify(<Toast title="Could not resolve the review" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="decision-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="decision-title">{decision.label}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{decision.explanation}</DialogContentText>
          <TextField
            label="Note (optional)"
            fullWidth
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            helperText="Kept with the decision."
            slotProps={{ htmlInput: { maxLength: 1_000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={decision.color === 'inherit' ? 'primary' : decision.color} disabled={busy}>
            {busy ? 'Saving...' : 'Confirm'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
