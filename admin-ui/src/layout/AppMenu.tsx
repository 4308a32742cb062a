import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Menu, useGetIdentity, useLogout, useSidebarState } from 'react-admin';

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Beside the label, e.g. how many items wait (shown when the sidebar is open). */
  badge?: ReactNode;
}

/** spec §2 Admin layout: the console's sections, then the signed-in admin's e-mail and Logout. */
export function AppMenu({ entries }: { entries: MenuEntry[] }) {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [open] = useSidebarState();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Menu>
        {entries.map((entry) => (
          <Menu.Item
            key={entry.to}
            to={entry.to}
            primaryText={
              entry.badge ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                  {entry.label}
                  {entry.badge}
                </Box>
              ) : (
                entry.label
              )
            }
            leftIcon={entry.icon}
          />
        ))}
      </Menu>
      {open ? (
        <Box sx={{ mt: 'auto', p: 2 }}>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mb: 1 }} data-testid="admin-email">
            {identity?.email ?? ''}
          </Typography>
          <Button size="small" startIcon={<LogoutIcon />} onClick={() => logout()}>
            Logout
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
