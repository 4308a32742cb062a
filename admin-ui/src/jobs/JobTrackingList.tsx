import { Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { CreateTrackingLinkCard } from './CreateTrackingLinkCard';
import { JobRowActions } from './JobRowActions';
import { JOB_STATUS_CHOICES, JOB_STATUS_COLOURS, type JobRecord } from './jobStatus';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search job ID, customer, email" />,
  <SelectInput key="status" source="status" choices={JOB_STATUS_CHOICES} />,
];

/** spec §2 Admin job tracking, over the real jobs table: create, list, copy, update, notify, view. */
export function JobTrackingList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <>
      <CreateTrackingLinkCard />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Active Tracking Links
      </Typography>
      <List resource="job-tracking" title="Job Tracking" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={10} exporter={false}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="jobNumber" label="Job ID" />
          <TextField source="customerName" label="Customer" />
          {small ? null : <TextField source="customerEmail" label="Email" />}
          <FunctionField
            source="status"
            label="Status"
            render={(record: JobRecord) => <Chip size="small" label={record.statusLabel} color={JOB_STATUS_COLOURS[record.status]} />}
          />
          {small ? null : <DateField source="createdAt" label="Created" locales="en-AU" />}
          <FunctionField label="Actions" render={() => <JobRowActions />} />
        </Datagrid>
      </List>
    </>
  );
}
