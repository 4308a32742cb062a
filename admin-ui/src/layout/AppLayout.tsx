import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import OutboxIcon from '@mui/icons-material/Outbox';
import PeopleIcon from '@mui/icons-material/People';
import RouteIcon from '@mui/icons-material/Route';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu, type MenuEntry } from './AppMenu';

export const MENU: MenuEntry[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/users', label: 'User Management', icon: <PeopleIcon /> },
  { to: '/job-tracking', label: 'Job Tracking', icon: <RouteIcon /> },
  { to: '/email-templates', label: 'Email Templates', icon: <EmailIcon /> },
  { to: '/notifications', label: 'Outbox', icon: <OutboxIcon /> },
];

const Menu = () => <AppMenu entries={MENU} />;

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={Menu}>{children}</Layout>;
}
