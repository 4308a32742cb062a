import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Divider, Link, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../common/dates';
import { RebateActions } from './RebateActions';
import { RebateAmount, RebateDate, RebateStateChips, ReferralRefLink } from './RebateFields';
import { kindLabel, type RebateEntryDetail } from './rebateFormat';
import { RebateHistory } from './RebateHistory';
import { DetailRow as Row } from '../common/DetailSection';
import { RecordHistory } from '../common/RecordHistory';

/**
 * GET /api/admin/rebates/:id: the entry with its history. The meta keeps it apart in react-admin's
 * cache from the list's rows (which have no history).
 */
const DETAIL_QUERY = { meta: { view: 'detail' } } as const;

function Title() {
  const entry = useRecordContext<RebateEntryDetail>();
  return <>{entry ? `Rebate ${entry.refNumber} · ${kindLabel(entry.kind)}` : 'Rebate'}</>;
}

function Actions() {
  const entry = useRecordContext<RebateEntryDetail>();
  return (
    <TopToolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Button component={RouterLink} to="/rebates" startIcon={<ArrowBackIcon />}>
        All rebates
      </Button>
      {entry ? <RebateActions entry={entry} /> : null}
    </TopToolbar>
  );
}

/** A ledger entry's page (/admin/rebates/:id/show): its amounts and dates, its actions, and every change made to it. */
export function RebateShow() {
  return (
    <Show title={<Title />} actions={<Actions />} queryOptions={DETAIL_QUERY}>
      <RebateDetail />
    </Show>
  );
}

function RebateDetail() {
  const entry = useRecordContext<RebateEntryDetail>();
  if (!entry) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading rebate...</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h6" component="h1">
          {kindLabel(entry.kind)}
        </Typography>
        <RebateAmount cents={entry.amountCents} variant="h6" />
        <RebateStateChips entry={entry} />
      </Box>
      {entry.state === 'void' && entry.voidReason ? <Alert severity="info">Void: {entry.voidReason}</Alert> : null}
      {entry.overdue ? <Alert severity="error">Overdue: not paid by its due date.</Alert> : null}
      <Row label="Referral">
        <ReferralRefLink entry={entry} />
      </Row>
      <Row label="Plumber">
        {entry.plumberId ? (
          <Link component={RouterLink} to={{ pathname: '/rebates', search: `?filter=${encodeURIComponent(JSON.stringify({ plumberId: entry.plumberId }))}` }}>
            {entry.plumberName}
          </Link>
        ) : (
          entry.plumberName
        )}
      </Row>
      <Row label="Milestone">
        <RebateDate value={entry.milestoneAt} />
      </Row>
      <Row label="Due">
        <RebateDate value={entry.dueAt} overdue={entry.overdue} empty="No due date" />
      </Row>
      <Row label="Paid">
        <RebateDate value={entry.paidAt} empty="Not yet" />
      </Row>
      {entry.adjusts ? (
        <Row label="Reverses">
          <Link component={RouterLink} to={`/rebates/${encodeURIComponent(entry.adjusts)}/show`}>
            The paid entry this refund reverses
          </Link>
        </Row>
      ) : null}
      <Row label="Recorded">{formatDateTime(entry.createdAt)}</Row>
      <Row label="Last changed">{formatDateTime(entry.updatedAt)}</Row>
      <Divider sx={{ my: 1 }} />
      <Typography variant="subtitle2" component="h2">
        History
      </Typography>
      <RebateHistory history={entry.history} />
      <Divider sx={{ my: 1 }} />
      <RecordHistory entity="rebate_entry" entityId={entry.id} title="Audit trail" />
    </Stack>
  );
}
