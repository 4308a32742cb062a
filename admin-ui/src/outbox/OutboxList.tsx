import { Alert, Chip } from '@mui/material';
import { Datagrid, FilterButton, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { EMAIL_PREVIEW_NOTE } from '@relining/contracts/email-delivery';
import { consoleConfig } from '../common/consoleConfig';
import { DateTimeField } from '../common/DateTimeField';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { notificationStatusLabel } from '../common/emailOutcome';

export const STATUS_COLOURS: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'info',
  sent: 'success',
  preview: 'default',
  failed: 'warning',
  dead: 'error',
  // Not sent: its one-time link could no longer be given (no account, password set since), or a
  // marketing e-mail to an address that unsubscribed.
  cancelled: 'default',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search recipient or subject" />,
  <SelectInput
    key="status"
    source="status"
    choices={['queued', 'sent', 'preview', 'failed', 'dead', 'cancelled'].map((id) => ({ id, name: notificationStatusLabel(id) }))}
  />,
  <TextInput key="to" source="to" label="Recipient" />,
  <TextInput key="templateKey" source="templateKey" label="Template" />,
];

/** Every e-mail the product queued, with its delivery state. */
export function OutboxList() {
  return (
    <>
      {consoleConfig.current.emailDelivery === 'preview' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Preview mode: every e-mail is {EMAIL_PREVIEW_NOTE}. Set SMTP_URL to send them.
        </Alert>
      ) : null}
      <List
        title="Outbox"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <SavedViewsMenu resource="notifications" />
            <FilterButton />
            <ExportCsvButton path="/admin/notifications/export.csv" fallbackName="notifications.csv" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateTimeField source="createdAt" label="Queued" />
          <TextField source="to" label="To" />
          <TextField source="subject" />
          <TextField source="templateKey" label="Template" emptyText="-" />
          <FunctionField
            source="status"
            label="Status"
            render={(record: { status: string }) => <Chip size="small" label={notificationStatusLabel(record.status)} color={STATUS_COLOURS[record.status]} />}
          />
          <NumberField source="attempts" label="Tries" />
          <DateTimeField source="sentAt" label="Sent" emptyText="-" />
        </Datagrid>
      </List>
    </>
  );
}
