import { Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, Datagrid, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useListContext } from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { DateTimeField } from '../common/DateTimeField';
import { CreateTrackingLinkCard } from './CreateTrackingLinkCard';
import { JobRowActions } from './JobRowActions';
import { MoveToStageButton } from './MoveToStageButton';
import { JOB_STATUS_CHOICES, JOB_STATUS_COLOURS, type JobRecord } from './jobStatus';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search job ID, customer, email" />,
  <SelectInput key="status" source="status" choices={JOB_STATUS_CHOICES} />,
  <BooleanInput key="archived" source="archived" label="Show archived" alwaysOn />,
];

function ListActions() {
  return (
    <TopToolbar>
      <SavedViewsMenu resource="job-tracking" />
      <FilterButton />
      <ExportCsvButton path="/admin/jobs/export.csv" fallbackName="jobs.csv" />
    </TopToolbar>
  );
}

/** 'Active Tracking Links' (spec §2), or the archived ones when the filter asks for them. */
function Heading() {
  const { filterValues } = useListContext();
  return (
    <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
      {filterValues.archived ? 'Archived Tracking Links' : 'Active Tracking Links'}
    </Typography>
  );
}

/** spec §2 Admin job tracking, over the real jobs table: create, list, copy, update, notify, view; a row opens the job. */
export function JobTrackingList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <>
      <CreateTrackingLinkCard />
      <List
        resource="job-tracking"
        title="Job Tracking"
        filters={filters}
        filterDefaultValues={{ archived: false }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={<ListActions />}
      >
        <Heading />
        <Datagrid bulkActionButtons={<MoveToStageButton />} rowClick="show">
          <TextField source="jobNumber" label="Job ID" />
          <TextField source="customerName" label="Customer" />
          {small ? null : <TextField source="customerEmail" label="Email" />}
          <FunctionField
            source="status"
            label="Status"
            render={(record: JobRecord) => <Chip size="small" label={record.statusLabel} color={JOB_STATUS_COLOURS[record.status]} />}
          />
          {small ? null : <DateTimeField source="createdAt" label="Created" dateOnly />}
          <FunctionField label="Actions" render={() => <JobRowActions />} />
        </Datagrid>
      </List>
    </>
  );
}
