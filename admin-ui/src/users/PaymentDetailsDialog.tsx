import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Stack,
  Switch,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import type { UserRecord } from '@relining/contracts/api/users';
import { errorMessage } from '@relining/contracts/client/http';
import { formatDateTime } from '../common/dates';
import { DetailRows } from '../common/DetailSection';
import { LoadState } from '../common/LoadState';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { session } from '../providers/session';
import { abnText, isHeld, payeeDestination, paymentMethodLabel, type PaymentDetails, type StaffPaymentDetailsUpdate } from '../payout-runs/payoutFormat';

const detailsPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/payment-details`;

/**
 * A plumber's row's 'Payment details' button (nothing for staff accounts): their payment details in a
 * dialog, full screen on a phone, so the users' table keeps its width.
 */
export function PaymentDetailsButton() {
  const user = useRecordContext<UserRecord>();
  const [open, setOpen] = useState(false);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!user || user.role !== 'plumber') return null;
  const who = user.fullName || user.email;
  const titleId = `payment-details-${user.id}`;
  return (
    <>
      <Tooltip title="Payment details">
        <IconButton size="small" aria-label={`Payment details of ${who}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <AccountBalanceWalletIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId} scroll="paper">
          <DialogTitle id={titleId}>
            Payment details
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {who}
              {user.businessName ? ` · ${user.businessName}` : ''}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            <PaymentDetailsOf user={user} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * A plumber's payment details, as staff may see them (bank details masked): ABN and GST, how they
 * are paid, the RCTI agreement, a hold after a change of bank details, and what stops a payout now.
 * Staff record a Statement by a Supplier here (a plumber without an ABN may then be paid without
 * withholding), pessimistically: the switch shows what the server saved.
 */
function PaymentDetailsOf({ user }: { user: UserRecord }) {
  const { data, error, loading, retry } = useApiGet<PaymentDetails>(detailsPath(user.id), 0, 'The payment details could not be loaded.');
  const [saved, setSaved] = useState<PaymentDetails | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const details = saved ?? data;
  const who = user.fullName || user.email;

  async function setSupplierStatement(supplierStatement: boolean) {
    setBusy(true);
    try {
      const body: StaffPaymentDetailsUpdate = { supplierStatement };
      setSaved(await session.call<PaymentDetails>(detailsPath(user.id), { method: 'PUT', body }));
      notify(
        <Toast
          title={supplierStatement ? 'Statement by a Supplier recorded' : 'Statement by a Supplier removed'}
          description={supplierStatement ? `${who} may be paid without an ABN, with no withholding.` : `${who} needs an ABN to be paid.`}
        />,
        { type: 'success' },
      );
    } catch (caught) {
      notify(<Toast title="Not saved" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (!details) return <LoadState isPending={loading} error={error} retry={retry} loading="Loading payment details..." failed={error ?? ''} />;

  const destination = payeeDestination(details);
  const rows: Array<[string, ReactNode]> = [
    ['ABN', abnText(details.abn)],
    ['GST', details.gstRegistered ? 'Registered for GST' : 'Not registered for GST'],
    ['Paid by', paymentMethodLabel(details.paymentMethod)],
  ];
  if (details.paymentMethod !== 'cheque') {
    rows.push(['Account name', details.accountName ?? 'None on file']);
    rows.push([
      'Bank details',
      <Box component="span" sx={{ color: destination.missing ? 'error.main' : undefined }}>
        {details.bankDetails ?? 'None on file'}
      </Box>,
    ]);
  }
  rows.push([
    'Postal address',
    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
      {details.postalAddress?.trim() || 'None on file'}
    </Box>,
  ]);
  if (details.bankDetailsChangedAt) rows.push(['Bank details changed', formatDateTime(details.bankDetailsChangedAt)]);
  if (isHeld(details.payoutsHeldUntil)) rows.push(['Payouts held until', formatDateTime(details.payoutsHeldUntil)]);
  rows.push(['RCTI agreement', details.rctiAcceptedAt ? `Accepted ${formatDateTime(details.rctiAcceptedAt)}` : 'Not accepted yet']);

  return (
    <Stack spacing={2}>
      <Box role="status" aria-label="Can this plumber be paid?" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {details.cannotBePaid.length === 0 ? (
          <Chip size="small" color="success" label="Can be paid" />
        ) : (
          <>
            <Typography variant="body2" component="span" sx={{ mr: 0.5, alignSelf: 'center' }}>
              Cannot be paid yet:
            </Typography>
            {details.cannotBePaid.map((reason) => (
              <Chip
                key={reason.code}
                size="small"
                color="warning"
                variant="outlined"
                label={reason.text}
                sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
              />
            ))}
          </>
        )}
      </Box>
      <DetailRows rows={rows} />
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={details.supplierStatement}
              disabled={busy}
              onChange={(event) => void setSupplierStatement(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `supplier-statement-${user.id}` } }}
            />
          }
          label="Statement by a Supplier on file"
        />
        <FormHelperText id={`supplier-statement-${user.id}`} sx={{ mt: 0 }}>
          The plumber gave a Statement by a Supplier (they are not carrying on an enterprise): without an ABN, they may be paid with no withholding.
        </FormHelperText>
      </Box>
    </Stack>
  );
}
