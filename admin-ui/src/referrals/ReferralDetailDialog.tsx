import CloseIcon from '@mui/icons-material/Close';
import EmailIcon from '@mui/icons-material/Email';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { ShowBase, useShowContext } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmailPlumberDialog } from './EmailPlumberDialog';
import { REFERRAL_DETAIL, ReferralDetailContent, ReferralRefreshing } from './ReferralDetail';
import type { ReferralDetail } from './referralFormat';
import { ReferralStatusChip } from './ReferralStatusChip';

/**
 * spec §2 Admin referrals dashboard: an open referral, over the dashboard, with 'Send Email to
 * Plumber'; 'Open as page' leads to its own address (/admin/referrals/:id). `onChanged` refreshes the
 * table, the summary and the referral after any change.
 */
export function ReferralDetailDialog({ referralId, onClose, onChanged }: { referralId: string; onClose: () => void; onChanged: () => void }) {
  return (
    <ShowBase {...REFERRAL_DETAIL} id={referralId}>
      <ReferralDetailDialogView referralId={referralId} onClose={onClose} onChanged={onChanged} />
    </ShowBase>
  );
}

function ReferralDetailDialogView({ referralId, onClose, onChanged }: { referralId: string; onClose: () => void; onChanged: () => void }) {
  const { record: referral } = useShowContext<ReferralDetail>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [emailing, setEmailing] = useState(false);
  // The page's 'All referrals' goes back to the dashboard as it is now (its filters and page).
  const { search } = useLocation();

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="referral-detail-title" scroll="paper">
      <DialogTitle id="referral-detail-title" sx={{ pr: 7, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <span>{referral ? `Referral ${referral.refNumber}` : 'Referral'}</span>
        {referral ? <ReferralStatusChip status={referral.status} /> : null}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <ReferralRefreshing />
      <DialogContent dividers>
        <ReferralDetailContent onChanged={onChanged} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={`/referrals/${encodeURIComponent(referralId)}`} state={{ from: search }} sx={{ mr: 'auto' }}>
          Open as page
        </Button>
        <Button startIcon={<EmailIcon />} onClick={() => setEmailing(true)} disabled={!referral}>
          Send Email to Plumber
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {emailing && referral ? <EmailPlumberDialog referral={referral} onClose={() => setEmailing(false)} onSent={onChanged} /> : null}
    </Dialog>
  );
}
