import { Box, Chip, Typography } from '@mui/material';
import { BooleanField, Datagrid, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useNotify } from 'react-admin';
import { ROLE_LABELS, ROLES, type Role } from '@relining/contracts/roles';
import { DateTimeField } from '../common/DateTimeField';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { Toast } from '../common/Toast';
import { InviteUserButton } from './InviteUserButton';
import { PaymentDetailsButton } from './PaymentDetailsDialog';
import { RoleActions } from './RoleActions';
import { UserHistoryButton } from './UserHistoryDialog';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search email, name, business" />,
  <SelectInput key="role" source="role" choices={ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }))} />,
];

function Heading() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Manage admin users
      </Typography>
      <Typography color="text.secondary">View and manage user roles in the system. Only existing admins can modify roles.</Typography>
      <Typography variant="body2" color="text.secondary">
        A plumber's wallet button opens their payment details: ABN, bank details (masked), the RCTI agreement and what stops a payout.
      </Typography>
    </>
  );
}

/**
 * spec §2 Admin users: real e-mail, role, created and last-sign-in values, and role actions. A plumber's
 * wallet button opens their payment details (issue 18).
 */
export function UserList() {
  const notify = useNotify();
  return (
    <>
      <Heading />
      <List
        title="User Management"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <SavedViewsMenu resource="users" />
            <FilterButton />
            <ExportCsvButton path="/admin/users/export.csv" fallbackName="users.csv" />
            <InviteUserButton />
          </TopToolbar>
        }
        queryOptions={{ onError: () => notify(<Toast title="Failed to fetch users" />, { type: 'error' }) }}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="email" label="Email" />
          <TextField source="fullName" label="Name" emptyText="Not provided" />
          <TextField source="businessName" label="Business" emptyText="Not provided" />
          <TextField source="phone" label="Phone" emptyText="Not provided" sortable={false} />
          <FunctionField
            source="role"
            label="Role"
            render={(record: { role: Role; disabled: boolean }) => (
              <>
                <Chip size="small" label={ROLE_LABELS[record.role]} color={record.role === 'admin' ? 'primary' : 'default'} />
                {record.disabled ? <Chip size="small" label="Disabled" color="error" sx={{ ml: 1 }} /> : null}
              </>
            )}
          />
          <BooleanField source="emailVerified" label="Verified" sortable={false} />
          <DateTimeField source="createdAt" label="Created" />
          <DateTimeField source="lastSignInAt" label="Last sign-in" emptyText="Never" />
          <FunctionField
            label=""
            render={() => (
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
                <UserHistoryButton />
                <PaymentDetailsButton />
                <RoleActions />
              </Box>
            )}
          />
        </Datagrid>
      </List>
    </>
  );
}
