import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { useCreatePayoutRun } from '../payout-runs/useCreatePayoutRun';
import type { CreatePayoutRunRequest } from '../payout-runs/payoutFormat';

/**
 * The ledger's bulk action: the selected entries paid in a new payout run (POST
 * /api/admin/payout-runs with their ids), then the run's page. The server says which entries can be
 * paid ('Only approved, unpaid rebates of a plumber can be paid in a run'); its refusal is the toast.
 */
export function PayInNewRunButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const { create, busy } = useCreatePayoutRun();

  async function pay() {
    const refusal = await create({ entryIds: selectedIds.map(String) } satisfies CreatePayoutRunRequest);
    if (!refusal) onUnselectItems();
  }

  return (
    <Button size="small" startIcon={<AccountBalanceWalletIcon />} onClick={() => void pay()} disabled={busy || selectedIds.length === 0}>
      {busy ? 'Creating run...' : 'Pay in a new run'}
    </Button>
  );
}
