import { Typography } from '@mui/material';
import { CreateButton, Datagrid, FilterButton, List, TextField, TopToolbar } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { emailSuppressionFilters } from './emailSuppressionFilters';

/**
 * The addresses that get no marketing e-mail (Spam Act): who unsubscribed, why and when. Review requests
 * and other marketing e-mails to them are not sent; e-mails about their bookings and jobs still are.
 */
export function EmailSuppressionList() {
  return (
    <List
      title="Suppressed e-mails"
      filters={emailSuppressionFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="Add an address" />
        </TopToolbar>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        No marketing e-mail (review requests, offers) goes to these addresses. E-mails about their bookings and jobs still do.
      </Typography>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="email" label="Address" />
        <TextField source="reasonLabel" label="Why" sortable={false} />
        <TextField source="detail" label="Detail" emptyText="-" sortable={false} />
        <DateTimeField source="createdAt" label="When" />
      </Datagrid>
    </List>
  );
}
