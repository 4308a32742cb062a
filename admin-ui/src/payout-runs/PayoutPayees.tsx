import CheckIcon from '@mui/icons-material/Check';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { countOf } from '@relining/contracts/business';
import { errorMessage } from '@relining/contracts/client/http';
import { apiPathOf, downloadFromApi } from '../common/download';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { formatCents } from '../rebates/rebateFormat';
import { RebateAmount } from '../rebates/RebateFields';
import {
  abnText,
  entryIdsWithout,
  payeeDestination,
  payeeStanding,
  payeeTotals,
  paymentMethodLabel,
  payoutRunPath,
  plumberLedgerPage,
  type PayoutPayee,
  type PayoutRunDetail,
  type UpdatePayoutRunRequest,
} from './payoutFormat';

/**
 * 'Totals per plumber': each payee's total and GST, how they are paid (bank details masked, or the
 * cheque's address), whether they can be paid and why not, whether they are in the ABA file, and once
 * the run is paid their RCTI. A draft can leave a plumber out (their rebates go back to the ledger).
 * A table where there is room (lg and up); one card per plumber below, so nothing scrolls sideways.
 */
export function PayoutPayees({ run }: { run: PayoutRunDetail }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const [leaving, setLeaving] = useState<PayoutPayee | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  // The last plumber cannot be left out: a run with nobody in it is cancelled instead.
  const canLeaveOut = run.status === 'draft' && run.payees.length > 1;

  async function leaveOut(payee: PayoutPayee) {
    setBusy(true);
    try {
      const body: UpdatePayoutRunRequest = { entryIds: entryIdsWithout(run, payee.plumberId) };
      await session.call<PayoutRunDetail>(payoutRunPath(run.id), { method: 'PUT', body });
      notify(<Toast title={`${payee.plumberName} left out of ${run.number}`} description="Their rebates stay approved in the ledger for a later run." />, {
        type: 'success',
      });
    } catch (caught) {
      notify(<Toast title="Plumber not left out" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
      setLeaving(null);
      refresh();
    }
  }

  const props = { run, onLeaveOut: canLeaveOut ? setLeaving : null, busy };
  return (
    <>
      {run.payees.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No plumbers in this run.
        </Typography>
      ) : wide ? (
        <PayeeTable {...props} />
      ) : (
        <PayeeCards {...props} />
      )}
      <Confirm
        isOpen={leaving !== null}
        loading={busy}
        title={leaving ? `Leave ${leaving.plumberName} out of ${run.number}?` : 'Leave out?'}
        content={
          leaving
            ? `Their ${countOf(leaving.entryCount, 'rebate')} (${formatCents(leaving.amountCents)}) stay approved in the ledger for a later run. A new ABA file leaves them out.`
            : ''
        }
        confirm="Leave out"
        confirmColor="warning"
        onConfirm={() => leaving && void leaveOut(leaving)}
        onClose={() => setLeaving(null)}
      />
    </>
  );
}

interface PayeesProps {
  run: PayoutRunDetail;
  onLeaveOut: ((payee: PayoutPayee) => void) | null;
  busy: boolean;
}

/** The plumber's name (their ledger), business, and ABN with GST registration as the RCTI shows them. */
function PayeeName({ payee }: { payee: PayoutPayee }) {
  return (
    <Box sx={{ display: 'grid', minWidth: 0 }}>
      <Link component={RouterLink} to={plumberLedgerPage(payee.plumberId)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {payee.plumberName}
      </Link>
      {payee.businessName ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {payee.businessName}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {payee.abn ? `ABN ${abnText(payee.abn)}` : abnText(payee.abn)}
        {payee.gstRegistered ? ' · GST registered' : ' · Not registered for GST'}
      </Typography>
    </Box>
  );
}

function Destination({ payee }: { payee: PayoutPayee }) {
  const { text, missing } = payeeDestination(payee);
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', color: missing ? 'error.main' : undefined }}>
      {text}
    </Typography>
  );
}

/** How the payee is paid, and where to (the table's one column for both). */
function PaidBy({ payee }: { payee: PayoutPayee }) {
  return (
    <Box sx={{ display: 'grid' }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {paymentMethodLabel(payee.paymentMethod)}
      </Typography>
      <Destination payee={payee} />
    </Box>
  );
}

function Standing({ payee, run }: { payee: PayoutPayee; run: PayoutRunDetail }) {
  const { labels, tone } = payeeStanding(payee, run.status);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label) => (
        <Chip
          key={label}
          size="small"
          label={label}
          color={tone}
          variant={tone === 'warning' ? 'outlined' : 'filled'}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      ))}
    </Box>
  );
}

function InFile({ payee }: { payee: PayoutPayee }) {
  return payee.inFile ? (
    <CheckIcon fontSize="small" color="success" titleAccess="In the ABA file" />
  ) : (
    <Typography component="span" variant="body2" color="text.secondary" aria-label="Not in the ABA file">
      -
    </Typography>
  );
}

/** The payee's RCTI (after the run is paid), fetched with the session and saved under the server's name. */
function RctiButton({ payee }: { payee: PayoutPayee }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!payee.rctiUrl) return null;
  const url = payee.rctiUrl;

  async function download() {
    setBusy(true);
    try {
      await downloadFromApi(apiPathOf(url), `${payee.rctiNumber ?? 'RCTI'}.pdf`, 'application/pdf');
    } catch (caught) {
      notify(<Toast title="RCTI not downloaded" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfIcon />}
      onClick={() => void download()}
      disabled={busy}
      aria-label={`Download RCTI ${payee.rctiNumber ?? ''} for ${payee.plumberName}`}
      sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}
    >
      {busy ? 'Downloading...' : (payee.rctiNumber ?? 'RCTI')}
    </Button>
  );
}

function LeaveOutButton({ payee, onLeaveOut, busy }: { payee: PayoutPayee; onLeaveOut: (payee: PayoutPayee) => void; busy: boolean }) {
  return (
    <Tooltip title="Leave out of this run">
      <span>
        <IconButton aria-label={`Leave ${payee.plumberName} out of this run`} onClick={() => onLeaveOut(payee)} disabled={busy} sx={{ width: 44, height: 44 }}>
          <PersonRemoveIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

const NUMBER = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function PayeeTable({ run, onLeaveOut, busy }: PayeesProps) {
  const totals = payeeTotals(run.payees);
  const paid = run.status === 'paid';
  const columns = 7 + (paid ? 1 : 0) + (onLeaveOut ? 1 : 0);
  return (
    <TableContainer>
      <Table size="small" aria-label="Totals per plumber" sx={{ '& td': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Plumber</TableCell>
            <TableCell>Paid by</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">GST</TableCell>
            <TableCell align="right">Rebates</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              In file
            </TableCell>
            {paid ? <TableCell>RCTI</TableCell> : null}
            {/* Named for screen readers only: each row's button says whom it leaves out. */}
            {onLeaveOut ? <TableCell aria-label="Leave out" sx={{ width: 56 }} /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {run.payees.map((payee) => (
            <TableRow key={payee.plumberId}>
              <TableCell sx={{ minWidth: 180 }}>
                <PayeeName payee={payee} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <PaidBy payee={payee} />
              </TableCell>
              <TableCell align="right">
                <RebateAmount cents={payee.amountCents} />
              </TableCell>
              <TableCell align="right" sx={NUMBER}>
                {formatCents(payee.gstCents)}
              </TableCell>
              <TableCell align="right" sx={NUMBER}>
                {payee.entryCount}
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <Standing payee={payee} run={run} />
              </TableCell>
              <TableCell align="center">
                <InFile payee={payee} />
              </TableCell>
              {paid ? (
                <TableCell>
                  <RctiButton payee={payee} />
                </TableCell>
              ) : null}
              {onLeaveOut ? (
                <TableCell sx={{ py: 0 }}>
                  <LeaveOutButton payee={payee} onLeaveOut={onLeaveOut} busy={busy} />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
            <TableCell colSpan={2}>Total</TableCell>
            <TableCell align="right" sx={NUMBER}>
              {formatCents(totals.amountCents)}
            </TableCell>
            <TableCell align="right" sx={NUMBER}>
              {formatCents(totals.gstCents)}
            </TableCell>
            <TableCell align="right" sx={NUMBER}>
              {totals.entryCount}
            </TableCell>
            <TableCell colSpan={columns - 5} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** Narrow screens: one card per plumber, the amount beside the name, the rest one above the other. */
function PayeeCards({ run, onLeaveOut, busy }: PayeesProps) {
  const totals = payeeTotals(run.payees);
  return (
    <Box>
      <Box component="ul" aria-label="Totals per plumber" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {run.payees.map((payee) => (
          <Box
            component="li"
            key={payee.plumberId}
            aria-label={payee.plumberName}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <PayeeName payee={payee} />
              <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                <RebateAmount cents={payee.amountCents} variant="subtitle1" />
                <Typography variant="caption" color="text.secondary" component="p" sx={NUMBER}>
                  GST {formatCents(payee.gstCents)} · {countOf(payee.entryCount, 'rebate')}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: '72px 1fr', columnGap: 1, rowGap: 0.5, alignItems: 'start' }}>
              <Typography variant="body2" color="text.secondary">
                Method
              </Typography>
              <Typography variant="body2">{paymentMethodLabel(payee.paymentMethod)}</Typography>
              <Typography variant="body2" color="text.secondary">
                Paid to
              </Typography>
              <Destination payee={payee} />
              <Typography variant="body2" color="text.secondary">
                In file
              </Typography>
              <Typography variant="body2" component="span">
                {payee.inFile ? 'Yes' : 'No'}
              </Typography>
            </Box>
            <Standing payee={payee} run={run} />
            {payee.rctiUrl || onLeaveOut ? (
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <RctiButton payee={payee} />
                {onLeaveOut ? (
                  <Button
                    size="small"
                    color="warning"
                    startIcon={<PersonRemoveIcon />}
                    onClick={() => onLeaveOut(payee)}
                    disabled={busy}
                    aria-label={`Leave ${payee.plumberName} out of this run`}
                    sx={{ ml: 'auto', minHeight: 40 }}
                  >
                    Leave out
                  </Button>
                ) : null}
              </Box>
            ) : null}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, pt: 1.5, px: 0.5 }}>
        <Typography variant="subtitle2" component="p">
          Total
        </Typography>
        <Typography variant="subtitle2" component="p" sx={NUMBER}>
          {formatCents(totals.amountCents)} (GST {formatCents(totals.gstCents)})
        </Typography>
      </Box>
    </Box>
  );
}
