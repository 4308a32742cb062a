import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import EmailIcon from '@mui/icons-material/Email';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HandshakeIcon from '@mui/icons-material/Handshake';
import OutboxIcon from '@mui/icons-material/Outbox';
import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import PaymentsIcon from '@mui/icons-material/Payments';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import HistoryIcon from '@mui/icons-material/History';
import TodayIcon from '@mui/icons-material/Today';
import PeopleIcon from '@mui/icons-material/People';
import RouteIcon from '@mui/icons-material/Route';
import ReviewsIcon from '@mui/icons-material/Reviews';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { OpenReviewsCount } from '../referral-reviews/OpenReviewsCount';
import { PendingReviewsCount } from '../reviews/PendingReviewsCount';
import { AppMenu, type MenuEntry } from './AppMenu';

export const MENU: MenuEntry[] = [
  { to: '/today', label: 'Today', icon: <TodayIcon /> },
  { to: '/dashboard', label: 'Referrals', icon: <HandshakeIcon /> },
  { to: '/referral-reviews', label: 'Referral reviews', icon: <FactCheckIcon />, badge: <OpenReviewsCount /> },
  { to: '/rebates', label: 'Rebates', icon: <PaymentsIcon /> },
  { to: '/payout-runs', label: 'Payout runs', icon: <AccountBalanceWalletIcon /> },
  { to: '/bookings', label: 'Booking Requests', icon: <EventNoteIcon /> },
  { to: '/calendar', label: 'Calendar', icon: <CalendarMonthIcon /> },
  { to: '/users', label: 'User Management', icon: <PeopleIcon /> },
  { to: '/job-tracking', label: 'Job Tracking', icon: <RouteIcon /> },
  { to: '/email-templates', label: 'Email Templates', icon: <EmailIcon /> },
  { to: '/availability', label: 'Availability', icon: <EventAvailableIcon /> },
  { to: '/price-list', label: 'Price list', icon: <PriceChangeIcon /> },
  { to: '/payout-bank-account', label: 'Payout account', icon: <AccountBalanceIcon /> },
  { to: '/enquiries', label: 'Enquiries', icon: <ContactMailIcon /> },
  { to: '/notifications', label: 'Outbox', icon: <OutboxIcon /> },
  { to: '/email-suppressions', label: 'Suppressed e-mails', icon: <UnsubscribeIcon /> },
  { to: '/media', label: 'Media Library', icon: <PhotoLibraryIcon /> },
  { to: '/site-slots', label: 'Website Images', icon: <WallpaperIcon /> },
  { to: '/reviews', label: 'Reviews', icon: <ReviewsIcon />, badge: <PendingReviewsCount /> },
  { to: '/company-profile', label: 'Company Profile', icon: <BusinessIcon /> },
  { to: '/audit', label: 'Audit log', icon: <HistoryIcon /> },
];

const Menu = () => <AppMenu entries={MENU} />;

/**
 * The content column may shrink to the screen (a flex child keeps its content's width otherwise, and
 * on a 360 px phone every page scrolled sideways); wide tables scroll inside their own box instead.
 */
const CONTENT_FITS = {
  minWidth: 0,
  '& .RaLayout-content, & .RaLayout-content > *, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper, & .RaDataTable-tableWrapper, & .MuiTableContainer-root': { overflowX: 'auto' },
} as const;

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={Menu} sx={CONTENT_FITS}>
      {children}
    </Layout>
  );
}
