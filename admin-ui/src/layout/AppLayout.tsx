import ContactMailIcon from '@mui/icons-material/ContactMail';
import EmailIcon from '@mui/icons-material/Email';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HandshakeIcon from '@mui/icons-material/Handshake';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import RouteIcon from '@mui/icons-material/Route';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu, type MenuEntry } from './AppMenu';

export const MENU: MenuEntry[] = [
  { to: '/dashboard', label: 'Referrals', icon: <HandshakeIcon /> },
  { to: '/bookings', label: 'Booking Requests', icon: <EventNoteIcon /> },
  { to: '/users', label: 'User Management', icon: <PeopleIcon /> },
  { to: '/job-tracking', label: 'Job Tracking', icon: <RouteIcon /> },
  { to: '/email-templates', label: 'Email Templates', icon: <EmailIcon /> },
  { to: '/enquiries', label: 'Enquiries', icon: <ContactMailIcon /> },
  { to: '/notifications', label: 'Outbox', icon: <OutboxIcon /> },
];

const Menu = () => <AppMenu entries={MENU} />;

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={Menu}>{children}</Layout>;
}
