import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, useListContext, useNotify } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { formatDateTime } from '../common/dates';
import { Toast } from '../common/Toast';
import { REVIEW_KIND_CHOICES, REVIEW_KIND_COLOURS, REVIEW_STATUS_CHOICES, reviewKindLabel, reviewStatusLabel, type ReferralReviewRecord } from './reviewFormat';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={REVIEW_STATUS_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={REVIEW_KIND_CHOICES} alwaysOn />,
];

export function ReviewKindChip({ review }: { review: Pick<ReferralReviewRecord, 'kind'> }) {
  return <Chip size="small" label={reviewKindLabel(review.kind)} color={REVIEW_KIND_COLOURS[review.kind] ?? 'default'} variant="outlined" />;
}

export function ReviewStatusChip({ review }: { review: Pick<ReferralReviewRecord, 'status'> }) {
  return <Chip size="small" label={reviewStatusLabel(review.status)} color={review.status === 'open' ? 'warning' : 'success'} />;
}

/**
 * The referral review queue (/admin/referral-reviews): what staff must decide (two plumbers claiming
 * one customer, a repeat referral held, a booking's unknown code), the open ones first by default. A
 * row opens the review and its decision.
 */
export function ReferralReviewList() {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Typography variant="h5" component="h1">
          Referral reviews
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Decisions the referral rules leave to staff: who gets a customer two plumbers referred, repeat referrals, unknown codes.
        </Typography>
      </Box>
      <List
        title="Referral reviews"
        filters={filters}
        filterDefaultValues={{ status: 'open' }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
        queryOptions={{ onError: () => notify(<Toast title="Failed to fetch referral reviews" />, { type: 'error' }) }}
      >
        {phone ? (
          <SimpleList<ReferralReviewRecord>
            linkType="show"
            primaryText={(review) => review.summary}
            secondaryText={(review) => `${reviewKindLabel(review.kind)} · ${formatDateTime(review.createdAt)}`}
            tertiaryText={(review) => reviewStatusLabel(review.status)}
            empty={<NoReviews />}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick="show" empty={<NoReviews />} sx={{ '& .RaDataTable-row': { verticalAlign: 'top' } }}>
            <DataTable.Col source="kind" label="Kind" disableSort render={(review: ReferralReviewRecord) => <ReviewKindChip review={review} />} />
            <DataTable.Col source="summary" label="Summary" disableSort />
            <DataTable.Col source="createdAt" label="Created">
              <DateTimeField source="createdAt" />
            </DataTable.Col>
            <DataTable.Col source="status" label="Status" disableSort render={(review: ReferralReviewRecord) => <ReviewStatusChip review={review} />} />
          </DataTable>
        )}
      </List>
    </>
  );
}

function NoReviews() {
  const { filterValues } = useListContext();
  const open = filterValues.status === 'open';
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <FactCheckIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {open ? 'Nothing to review' : 'No reviews found'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {open ? 'No referral decision is waiting for staff.' : 'Try other filters, or clear them.'}
      </Typography>
    </Box>
  );
}
