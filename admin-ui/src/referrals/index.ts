import HandshakeIcon from '@mui/icons-material/Handshake';
import { ReferralPage } from './ReferralPage';

/**
 * The referrals resource. Its list lives on the dashboard (/admin/dashboard, spec §2, where
 * /admin/referrals leads); a referral has its own page at /admin/referrals/:id, react-admin's edit
 * route (its status and notes are changed there), besides the dashboard's dialog.
 */
export default {
  edit: ReferralPage,
  icon: HandshakeIcon,
  recordRepresentation: 'refNumber',
};
