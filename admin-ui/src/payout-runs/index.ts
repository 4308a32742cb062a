import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { PayoutRunList } from './PayoutRunList';
import { PayoutRunShow } from './PayoutRunShow';

/** Payout runs (/admin/payout-runs): made from the ledger, then changed only by their actions (file, Mark paid, Cancel), never edited as a form. */
export default {
  list: PayoutRunList,
  show: PayoutRunShow,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: 'number',
};
