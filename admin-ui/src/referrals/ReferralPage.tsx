import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmailIcon from '@mui/icons-material/Email';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ShowBase, Title, useRefresh, useShowContext } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmailPlumberDialog } from './EmailPlumberDialog';
import { REFERRAL_DETAIL, ReferralDetailContent, ReferralRefreshing } from './ReferralDetail';
import type { ReferralDetail } from './referralFormat';
import { ReferralStatusChip } from './ReferralStatusChip';

/**
 * A referral at its own address, /admin/referrals/:id (the referrals resource's edit route: staff
 * change its status and notes here): the same detail as the dashboard's dialog, as a page that can
 * be bookmarked, shared or opened in a new tab.
 */
export function ReferralPage() {
  return (
    <ShowBase {...REFERRAL_DETAIL}>
      <ReferralPageView />
    </ShowBase>
  );
}

function ReferralPageView() {
  const { record: referral } = useShowContext<ReferralDetail>();
  const refresh = useRefresh();
  const [emailing, setEmailing] = useState(false);
  // Opened from the dashboard's dialog: back to the dashboard as it was (its filters and page).
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const title = referral ? `Referral ${referral.refNumber}` : 'Referral';

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 3, width: '100%', contain: 'inline-size' }}>
      <Title title={title} />
      <Box>
        <Button component={RouterLink} to={{ pathname: '/dashboard', search: typeof from === 'string' ? from : '' }} startIcon={<ArrowBackIcon />}>
          All referrals
        </Button>
      </Box>
      <Card component="article" aria-labelledby="referral-page-title">
        <Box sx={{ px: 2, pt: 2, pb: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography id="referral-page-title" variant="h5" component="h1">
            {title}
          </Typography>
          {referral ? <ReferralStatusChip status={referral.status} /> : null}
          <Button startIcon={<EmailIcon />} onClick={() => setEmailing(true)} disabled={!referral} sx={{ ml: 'auto' }}>
            Send Email to Plumber
          </Button>
        </Box>
        <ReferralRefreshing />
        <CardContent sx={{ borderTop: 1, borderColor: 'divider' }}>
          <ReferralDetailContent onChanged={refresh} />
        </CardContent>
      </Card>
      {emailing && referral ? <EmailPlumberDialog referral={referral} onClose={() => setEmailing(false)} onSent={refresh} /> : null}
    </Stack>
  );
}
