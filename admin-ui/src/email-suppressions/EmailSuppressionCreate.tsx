import { Typography } from '@mui/material';
import { Create, SimpleForm, TextInput } from 'react-admin';
import { isValidEmail } from '@relining/contracts/account-rules';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';

/** The server's message for an address it cannot take (POST /api/admin/email-suppressions). */
const INVALID_EMAIL = 'Please enter a valid email address';

function validate(values: Record<string, unknown>) {
  const email = typeof values.email === 'string' ? values.email.trim() : '';
  return isValidEmail(email) ? {} : { email: INVALID_EMAIL };
}

/**
 * A person asked (by phone, by e-mail) for no more marketing e-mail: their address is suppressed at
 * once. An address already on the list stays as it was.
 */
export function EmailSuppressionCreate() {
  return (
    <Create title="Add an address" redirect="list">
      <SimpleForm validate={validate} toolbar={<SaveOnlyToolbar label="Add" />}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          From now on no marketing e-mail goes to this address. E-mails about the person&apos;s bookings and jobs still do.
        </Typography>
        <TextInput source="email" label="E-mail address" type="email" fullWidth />
        <TextInput source="note" label="Note (how they asked)" fullWidth multiline />
      </SimpleForm>
    </Create>
  );
}
