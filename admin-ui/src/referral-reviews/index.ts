import FactCheckIcon from '@mui/icons-material/FactCheck';
import { ReferralReviewList } from './ReferralReviewList';
import { ReferralReviewShow } from './ReferralReviewShow';

/** The referral review queue (/admin/referral-reviews): reviews are decided by their actions, never edited. */
export default {
  list: ReferralReviewList,
  show: ReferralReviewShow,
  icon: FactCheckIcon,
  recordRepresentation: 'summary',
};
