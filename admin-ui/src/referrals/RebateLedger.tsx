import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RebateActions } from '../rebates/RebateActions';
import { RebateAmount, RebateDate, RebateStateChips } from '../rebates/RebateFields';
import { formatCents, kindLabel, type RebateEntryDetail } from '../rebates/rebateFormat';
import { RebateHistory } from '../rebates/RebateHistory';
import type { ReferralDetail } from './referralFormat';

/**
 * A referral's rebate ledger (its `ledger`, oldest first): each entry's amount, state, dates, void
 * reason and history, with the same actions as the Rebates list (Approve, Void, Refund). `onChanged`
 * refreshes the referral (and what shows it) after an action.
 */
export function RebateLedger({ referral, onChanged }: { referral: ReferralDetail; onChanged: () => void }) {
  const ledger = referral.ledger ?? [];
  if (ledger.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No ledger entries yet: an entry is made when the Clean & View or the reline is completed.
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label="Rebate ledger" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ledger.map((entry) => (
        <li key={entry.id}>
          <LedgerEntry entry={entry} ledger={ledger} onChanged={onChanged} />
        </li>
      ))}
    </Stack>
  );
}

function LedgerEntry({ entry, ledger, onChanged }: { entry: RebateEntryDetail; ledger: RebateEntryDetail[]; onChanged: () => void }) {
  const refund = ledger.find((other) => other.adjusts === entry.id);
  const reversed = entry.adjusts ? ledger.find((other) => other.id === entry.adjusts) : undefined;
  return (
    <Box
      component="article"
      aria-label={`${kindLabel(entry.kind)} ${formatCents(entry.amountCents)}`}
      sx={{ border: 1, borderColor: entry.overdue ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {kindLabel(entry.kind)}
        </Typography>
        <RebateAmount cents={entry.amountCents} variant="subtitle2" />
        <RebateStateChips entry={entry} />
        <Link component={RouterLink} to={`/rebates/${encodeURIComponent(entry.id)}/show`} variant="body2" sx={{ ml: 'auto' }}>
          Open entry
        </Link>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', sm: 'repeat(3, auto 1fr)' }, columnGap: 1.5, rowGap: 0.5, m: 0, alignItems: 'baseline' }}
      >
        <Term>Milestone</Term>
        <Definition>
          <RebateDate value={entry.milestoneAt} />
        </Definition>
        <Term>Due</Term>
        <Definition>
          <RebateDate value={entry.dueAt} overdue={entry.overdue} />
        </Definition>
        <Term>Paid</Term>
        <Definition>
          <RebateDate value={entry.paidAt} empty="Not yet" />
        </Definition>
      </Box>
      {entry.voidReason ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Void reason:{' '}
          </Box>
          {entry.voidReason}
        </Typography>
      ) : null}
      {reversed ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Refund of the {kindLabel(reversed.kind)} payment of {formatCents(reversed.amountCents)}
        </Typography>
      ) : null}
      {refund ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Refunded: an adjustment of {formatCents(refund.amountCents)} reverses it
        </Typography>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <RebateActions entry={entry} onDone={onChanged} refunded={Boolean(refund)} />
      </Box>
      <Box component="details" open sx={{ mt: 1, '& > summary': { cursor: 'pointer', typography: 'body2', color: 'text.secondary' } }}>
        <summary>History ({entry.history?.length ?? 0})</summary>
        <Box sx={{ pl: 1.5, mt: 0.5, borderLeft: 2, borderColor: 'divider' }}>
          <RebateHistory history={entry.history} dense />
        </Box>
      </Box>
    </Box>
  );
}

const Term = ({ children }: { children: string }) => (
  <Typography component="dt" variant="body2" color="text.secondary">
    {children}
  </Typography>
);

const Definition = ({ children }: { children: ReactNode }) => (
  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
    {children}
  </Typography>
);
