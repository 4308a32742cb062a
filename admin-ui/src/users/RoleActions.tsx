import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { UserRecord } from '@relining/contracts/api/users';
import { errorMessage } from '@relining/contracts/client/http';
import { ROLE_LABELS, ROLES } from '@relining/contracts/roles';
import { Toast } from '../common/Toast';

/**
 * A user's row actions: make admin or plumber (the current role disabled, spec §6) and disable or
 * enable the account. Pessimistic: the table changes once the server has applied it.
 */
export function RoleActions() {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [update, { isPending }] = useUpdate<UserRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const self = identity?.id === record.id;

  function change(data: Partial<UserRecord>, success: string, failure: string) {
    setAnchor(null);
    void update(
      'users',
      { id: record!.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(<Toast title={success} />, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(<Toast title={failure} description={errorMessage(error, 'Please try again.')} />, { type: 'error' }),
      },
    );
  }

  return (
    <>
      <Tooltip title={self ? 'You cannot change your own role' : 'Change role'}>
        <span>
          <IconButton aria-label={`Actions for ${record.email}`} disabled={self || isPending} onClick={(event) => setAnchor(event.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {ROLES.map((role) => (
          <MenuItem key={role} disabled={record.role === role} onClick={() => change({ role }, `User role updated to ${role}`, 'Failed to update user role')}>
            <ListItemText>Make {ROLE_LABELS[role]}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() =>
            change(
              { disabled: !record.disabled },
              record.disabled ? 'User enabled' : 'User disabled',
              record.disabled ? 'Failed to enable user' : 'Failed to disable user',
            )
          }
        >
          <ListItemText>{record.disabled ? 'Enable account' : 'Disable account'}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
