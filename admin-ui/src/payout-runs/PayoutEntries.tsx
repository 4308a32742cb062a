import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { RebateAmount, RebateDate, ReferralRefLink } from '../rebates/RebateFields';
import { kindLabel } from '../rebates/rebateFormat';
import { payeeNames, type PayoutRunDetail } from './payoutFormat';

/**
 * The ledger entries a run pays: each referral (its Ref ID opens it), the plumber, the part (Clean &
 * View, reline, adjustment), the amount and when it was due. A table where there is room, a list of
 * small cards below md.
 */
export function PayoutEntries({ run }: { run: Pick<PayoutRunDetail, 'entries' | 'payees'> }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const names = payeeNames(run);
  if (run.entries.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No rebates in this run.
      </Typography>
    );
  if (narrow)
    return (
      <Box component="ul" aria-label="Rebates in this run" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {run.entries.map((entry) => (
          <Box component="li" key={entry.entryId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, display: 'grid', gap: 0.25 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <ReferralRefLink entry={entry} />
              <RebateAmount cents={entry.amountCents} />
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {kindLabel(entry.kind)} · {names.get(entry.plumberId) ?? 'Plumber'}
            </Typography>
            {entry.dueAt ? (
              <Typography variant="body2" color="text.secondary">
                Due <RebateDate value={entry.dueAt} />
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label="Rebates in this run">
        <TableHead>
          <TableRow>
            <TableCell>Referral</TableCell>
            <TableCell>Plumber</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Due</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {run.entries.map((entry) => (
            <TableRow key={entry.entryId}>
              <TableCell>
                <ReferralRefLink entry={entry} />
              </TableCell>
              <TableCell>{names.get(entry.plumberId) ?? '-'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{kindLabel(entry.kind)}</TableCell>
              <TableCell align="right">
                <RebateAmount cents={entry.amountCents} />
              </TableCell>
              <TableCell>
                <RebateDate value={entry.dueAt} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
