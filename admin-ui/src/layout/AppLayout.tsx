import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu, type MenuEntry } from './AppMenu';

export const MENU: MenuEntry[] = [
  { to: '/dashboard', label: 'Dashboard', icon: <DashboardIcon /> },
  { to: '/users', label: 'User Management', icon: <PeopleIcon /> },
];

const Menu = () => <AppMenu entries={MENU} />;

export function AppLayout({ children }: { children: ReactNode }) {
  return <Layout menu={Menu}>{children}</Layout>;
}
