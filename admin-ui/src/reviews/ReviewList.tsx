import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ReviewsIcon from '@mui/icons-material/Reviews';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Button, Chip, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FilterButton, List, Loading, SimpleList, TopToolbar, useGetList, useListContext, useNotify } from 'react-admin';
import { ReviewStatus } from '@relining/contracts/review-rules';
import { DateTimeField } from '../common/DateTimeField';
import { formatDate } from '../common/dates';
import { Toast } from '../common/Toast';
import { ReviewBulkActions } from './ReviewBulkActions';
import { ReviewImportButton } from './ReviewImportButton';
import { ReviewStars, ratingText } from './ReviewStars';
import { reviewFilters } from './reviewFilters';
import { REVIEW_STATUS_COLOURS, excerpt, reviewSourceLabel, reviewStatusLabel, type ReviewRecord } from './reviewFormat';

export function ReviewStatusChip({ review }: { review: Pick<ReviewRecord, 'status'> }) {
  const pending = review.status === ReviewStatus.Pending;
  return (
    <Chip
      size="small"
      label={reviewStatusLabel(review.status)}
      color={REVIEW_STATUS_COLOURS[review.status] ?? 'default'}
      variant={pending ? 'filled' : 'outlined'}
      sx={pending ? { fontWeight: 700 } : undefined}
    />
  );
}

/** 'Verified job' (with its badge) or the source named on import. */
export function ReviewSource({ review }: { review: Pick<ReviewRecord, 'source' | 'verified'> }) {
  const label = reviewSourceLabel(review);
  if (review.source !== null || !review.verified) return <>{label}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <VerifiedIcon fontSize="inherit" color="primary" aria-hidden />
      {label}
    </Box>
  );
}

/** A row's reply indicator: an icon that says so when the business replied publicly. */
function ReplyIndicator({ review }: { review: Pick<ReviewRecord, 'reply'> }) {
  if (!review.reply) return null;
  return (
    <Tooltip title={`Replied: ${excerpt(review.reply, 120)}`} describeChild>
      <ChatBubbleOutlineIcon fontSize="small" color="action" titleAccess="Replied" />
    </Tooltip>
  );
}

/** 'Waiting for moderation' as one click, toggled: the queue staff work through. */
function PendingQuickFilter() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const on = filterValues.status === ReviewStatus.Pending;
  return (
    <Button
      size="small"
      variant={on ? 'contained' : 'outlined'}
      color="warning"
      aria-pressed={on}
      onClick={() => {
        const { status: _status, ...others } = filterValues as Record<string, unknown>;
        setFilters(on ? others : { ...others, status: ReviewStatus.Pending }, displayedFilters);
      }}
    >
      Waiting for moderation
    </Button>
  );
}

function ReviewListActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <PendingQuickFilter />
      <FilterButton />
      <ReviewImportButton />
    </TopToolbar>
  );
}

/**
 * Customer reviews (/admin/reviews): the moderation queue. Staff land on the reviews waiting for
 * moderation when there are any (all reviews otherwise), newest first; a row opens the review, to
 * publish, hide or reply. Bulk 'Publish' and 'Hide'; 'Import CSV' for reviews written elsewhere.
 */
export function ReviewList() {
  const { total, isPending } = useGetList<ReviewRecord>(
    'reviews',
    { filter: { status: ReviewStatus.Pending }, pagination: { page: 1, perPage: 1 }, sort: { field: 'writtenAt', order: 'DESC' } },
    { retry: false, onError: () => undefined },
  );
  if (isPending) return <Loading />;
  return <ReviewListView landOnPending={(total ?? 0) > 0} />;
}

function ReviewListView({ landOnPending }: { landOnPending: boolean }) {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1">
          Reviews
        </Typography>
        <Typography variant="body2" color="text.secondary">
          What customers wrote. Only reviews whose author consented can be published; the website's rating is computed from the published ones.
        </Typography>
      </Box>
      <List
        title="Reviews"
        filters={reviewFilters}
        filterDefaultValues={landOnPending ? { status: ReviewStatus.Pending } : {}}
        sort={{ field: 'writtenAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        actions={<ReviewListActions />}
        queryOptions={{ onError: () => notify(<Toast title="Failed to fetch reviews" />, { type: 'error' }) }}
      >
        {phone ? (
          <SimpleList<ReviewRecord>
            linkType="edit"
            primaryText={(review) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <ReviewStars rating={review.rating} />
                <ReviewStatusChip review={review} />
              </Stack>
            )}
            secondaryText={(review) => excerpt(review.text, 120) || 'No text'}
            tertiaryText={(review) =>
              [review.firstName, review.suburb, reviewSourceLabel(review), formatDate(review.writtenAt), review.reply ? 'Replied' : null]
                .filter(Boolean)
                .join(' · ')
            }
            empty={<NoReviews />}
          />
        ) : (
          <DataTable bulkActionButtons={<ReviewBulkActions />} rowClick="edit" empty={<NoReviews />} sx={{ '& .RaDataTable-row': { verticalAlign: 'top' } }}>
            <DataTable.Col
              source="rating"
              label="Stars"
              render={(review: ReviewRecord) => (
                <Box sx={{ whiteSpace: 'nowrap' }} title={ratingText(review.rating)}>
                  <ReviewStars rating={review.rating} />
                </Box>
              )}
            />
            <DataTable.Col
              source="text"
              label="Review"
              disableSort
              render={(review: ReviewRecord) =>
                review.text ? (
                  <Typography variant="body2" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
                    {excerpt(review.text)}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    No text
                  </Typography>
                )
              }
            />
            <DataTable.Col source="firstName" label="Name" disableSort />
            <DataTable.Col source="suburb" label="Suburb" disableSort />
            <DataTable.Col source="source" label="Source" disableSort render={(review: ReviewRecord) => <ReviewSource review={review} />} />
            <DataTable.Col source="status" label="Status" render={(review: ReviewRecord) => <ReviewStatusChip review={review} />} />
            <DataTable.Col source="writtenAt" label="Written">
              <DateTimeField source="writtenAt" dateOnly />
            </DataTable.Col>
            <DataTable.Col label="Reply" disableSort render={(review: ReviewRecord) => <ReplyIndicator review={review} />} />
          </DataTable>
        )}
      </List>
    </>
  );
}

function NoReviews() {
  const { filterValues, setFilters } = useListContext();
  const pending = filterValues.status === ReviewStatus.Pending;
  const filtered = Object.keys(filterValues).length > 0;
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <ReviewsIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {pending ? 'Nothing waiting for moderation' : 'No reviews found'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {pending
          ? 'Every review has been published or hidden.'
          : filtered
            ? 'Try other filters, or clear them.'
            : 'Reviews arrive from completed jobs, or import them from a CSV file.'}
      </Typography>
      {filtered ? (
        <Button sx={{ mt: 2 }} onClick={() => setFilters({}, {})}>
          Show all reviews
        </Button>
      ) : (
        <Box sx={{ mt: 2 }}>
          <ReviewImportButton />
        </Box>
      )}
    </Box>
  );
}
