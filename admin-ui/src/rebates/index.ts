import PaymentsIcon from '@mui/icons-material/Payments';
import { RebateList } from './RebateList';
import { RebateShow } from './RebateShow';

/** The rebate ledger (/admin/rebates): entries are changed only by their actions (Approve, Void, Refund), never edited. */
export default {
  list: RebateList,
  show: RebateShow,
  icon: PaymentsIcon,
  recordRepresentation: 'refNumber',
};
