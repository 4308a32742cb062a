import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PublishIcon from '@mui/icons-material/Publish';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Edit, SimpleForm, TextInput, TopToolbar, maxLength, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { REVIEW_LIMITS, REVIEW_MESSAGES, ReviewStatus } from '@relining/contracts/review-rules';
import { formatDate, formatDateTime } from '../common/dates';
import { DetailRows, DetailSection } from '../common/DetailSection';
import { RecordHistory } from '../common/RecordHistory';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { ReviewSource, ReviewStatusChip } from './ReviewList';
import { ReviewStars } from './ReviewStars';
import { areaName, type ReviewChange, type ReviewRecord } from './reviewFormat';
import { problemText } from './reviewProblems';

/** Shown on the review's page when its author said no: the server refuses to publish it, and the button says why first. */
export const NO_CONSENT_NOTE = "The author did not consent to publication: this review can't be published";

function ReviewTitle() {
  const review = useRecordContext<ReviewRecord>();
  return <>{review ? `Review by ${review.firstName}` : 'Review'}</>;
}

function ReviewActions() {
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <Button component={RouterLink} to="/reviews" startIcon={<ArrowBackIcon />}>
        All reviews
      </Button>
    </TopToolbar>
  );
}

/** Only the public reply is staff's to write (PUT {reply}); empty removes it. The author's words are never sent back. */
function replyOnly(data: Partial<ReviewRecord>): ReviewChange {
  const reply = typeof data.reply === 'string' ? data.reply.trim() : '';
  return { reply: reply === '' ? null : reply };
}

/**
 * One review (/admin/reviews/:id): as its author wrote it, where it came from, whether they consented;
 * 'Publish' and 'Hide' (the server's moderation, pessimistic: its message on refusal) and the public
 * reply, saved with PUT. Then the review's History.
 */
export function ReviewEdit() {
  const notify = useNotify();
  return (
    <Edit<ReviewRecord>
      title={<ReviewTitle />}
      actions={<ReviewActions />}
      mutationMode="pessimistic"
      redirect={false}
      transform={replyOnly}
      mutationOptions={{
        onSuccess: (review: ReviewRecord) => notify(<Toast title={review.reply ? 'Reply saved' : 'Reply removed'} />, { type: 'success' }),
        onError: (error: unknown) => notify(<Toast title="Reply not saved" description={problemText(error)} />, { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={<SaveOnlyToolbar label="Save reply" />} sx={{ maxWidth: 900 }}>
        <ReviewDetail />
        <TextInput
          source="reply"
          label="Public reply"
          multiline
          minRows={3}
          fullWidth
          validate={maxLength(REVIEW_LIMITS.reply, REVIEW_MESSAGES.reply)}
          helperText={`Shown under the review on the website, from the business (once the review is published). At most ${REVIEW_LIMITS.reply.toLocaleString('en-AU')} characters; empty removes the reply.`}
          slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.reply } }}
        />
        <ReviewHistory />
      </SimpleForm>
    </Edit>
  );
}

function ReviewDetail() {
  const review = useRecordContext<ReviewRecord>();
  if (!review) return null;
  const area = areaName(review.area);
  const rows: Array<[string, ReactNode]> = [
    ['Name shown', review.firstName],
    ['Suburb', review.suburb || '—'],
    ['Postcode', [review.postcode, area ? `(${area} area)` : null].filter(Boolean).join(' ') || '—'],
    ['Source', <ReviewSource key="source" review={review} />],
    ['Verified job', review.verified ? 'Yes: written from a completed job’s private link' : 'No'],
    [
      'Job',
      review.jobId ? (
        <Link key="job" component={RouterLink} to={`/job-tracking/${encodeURIComponent(review.jobId)}/show`}>
          {review.jobNumber ?? 'Open job'}
        </Link>
      ) : (
        '—'
      ),
    ],
    ['Written', formatDate(review.writtenAt)],
    // The server keeps when it was published after it is hidden: say it is no longer shown.
    [
      review.status === ReviewStatus.Published || !review.publishedAt ? 'Published' : 'Last published',
      review.publishedAt ? formatDateTime(review.publishedAt) : 'Not yet',
    ],
    ['Consent to publish', review.consent ? 'Yes' : 'No'],
  ];
  if (review.repliedAt) rows.push(['Replied', formatDateTime(review.repliedAt)]);
  return (
    <Stack spacing={2} sx={{ width: '100%', mb: 2 }}>
      <Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <ReviewStars rating={review.rating} size="medium" />
          <ReviewStatusChip review={review} />
        </Stack>
        <Typography component="blockquote" sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.text || (
            <Typography component="span" color="text.secondary">
              The author wrote no text, only stars.
            </Typography>
          )}
        </Typography>
      </Box>
      {review.consent ? null : (
        <Alert severity="warning" role="note">
          {NO_CONSENT_NOTE}
        </Alert>
      )}
      <ModerationButtons review={review} />
      <DetailSection title="Details">
        <DetailRows rows={rows} />
      </DetailSection>
    </Stack>
  );
}

const MODERATION = {
  publish: { path: 'publish', label: 'Publish', done: 'Review published', doneText: 'It is shown on the website.', failed: 'Not published' },
  hide: { path: 'hide', label: 'Hide', done: 'Review hidden', doneText: 'It is no longer shown on the website, and kept.', failed: 'Not hidden' },
} as const;

/** 'Publish' (only with the author's consent) and 'Hide', each applied by the server before the page shows it. */
function ModerationButtons({ review }: { review: ReviewRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<keyof typeof MODERATION | null>(null);

  async function moderate(action: keyof typeof MODERATION) {
    const step = MODERATION[action];
    setBusy(action);
    try {
      await session.call<ReviewRecord>(`/admin/reviews/${encodeURIComponent(review.id)}/${step.path}`, { method: 'POST', body: {} });
      notify(<Toast title={step.done} description={step.doneText} />, { type: 'success' });
      refresh();
    } catch (caught) {
      notify(<Toast title={step.failed} description={problemText(caught)} />, { type: 'error', autoHideDuration: 10_000 });
    } finally {
      setBusy(null);
    }
  }

  const published = review.status === ReviewStatus.Published;
  const hidden = review.status === ReviewStatus.Hidden;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
      <Button
        variant="contained"
        color="success"
        startIcon={<PublishIcon />}
        disabled={busy !== null || published || !review.consent}
        onClick={() => void moderate('publish')}
      >
        {busy === 'publish' ? 'Publishing...' : 'Publish'}
      </Button>
      <Button variant="outlined" color="inherit" startIcon={<VisibilityOffIcon />} disabled={busy !== null || hidden} onClick={() => void moderate('hide')}>
        {busy === 'hide' ? 'Hiding...' : 'Hide'}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {published ? 'Shown on the website.' : hidden ? 'Kept, never shown.' : 'Not shown until published.'}
      </Typography>
    </Stack>
  );
}

/** Who published, hid or replied, from the audit trail. */
function ReviewHistory() {
  const review = useRecordContext<ReviewRecord>();
  if (!review) return null;
  return (
    <Box sx={{ width: '100%', mt: 2 }}>
      <RecordHistory entity="review" entityId={String(review.id)} />
    </Box>
  );
}
