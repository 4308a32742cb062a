import { Chip } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';

export const STATUS_COLOURS: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'info',
  sent: 'success',
  preview: 'default',
  failed: 'warning',
  dead: 'error',
  // Not sent: its one-time link could no longer be given (no account, password set since).
  cancelled: 'default',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search recipient or subject" />,
  <SelectInput key="status" source="status" choices={['queued', 'sent', 'preview', 'failed', 'dead', 'cancelled'].map((id) => ({ id, name: id }))} />,
  <TextInput key="to" source="to" label="Recipient" />,
  <TextInput key="templateKey" source="templateKey" label="Template" />,
];

/** Every e-mail the product queued, with its delivery state. */
export function OutboxList() {
  return (
    <List title="Outbox" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateField source="createdAt" label="Queued" showTime locales="en-AU" />
        <TextField source="to" label="To" />
        <TextField source="subject" />
        <TextField source="templateKey" label="Template" emptyText="-" />
        <FunctionField source="status" label="Status" render={(record: { status: string }) => <Chip size="small" label={record.status} color={STATUS_COLOURS[record.status]} />} />
        <NumberField source="attempts" label="Tries" />
        <DateField source="sentAt" label="Sent" showTime locales="en-AU" emptyText="-" />
      </Datagrid>
    </List>
  );
}
