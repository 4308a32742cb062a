import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Menu, useGetIdentity, useLogout, useSidebarState } from 'react-admin';

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
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
          <Menu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
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
