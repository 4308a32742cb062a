import { Edit, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { Typography } from '@mui/material';
import { jobCorrectionProblems } from '@relining/contracts/job-status';
import type { JobRecord } from './jobStatus';

/** The server's rule, checked before saving, each message on its field. */
function validate(values: Record<string, unknown>) {
  return Object.fromEntries(
    jobCorrectionProblems({ customerName: values.customerName ?? '', customerEmail: values.customerEmail ?? '' }).map((problem) => [
      problem.field,
      problem.message,
    ]),
  );
}

function JobNumber() {
  const job = useRecordContext<JobRecord>();
  return job ? (
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {job.jobNumber}
    </Typography>
  ) : null;
}

/** Staff correct a job's customer: name, e-mail and address (the job number, status and link stay). */
export function JobEdit() {
  return (
    <Edit title="Edit job" mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />} validate={validate}>
        <JobNumber />
        <TextInput source="customerName" label="Customer Name" fullWidth />
        <TextInput source="customerEmail" label="Customer Email" type="email" fullWidth />
        <TextInput source="address" label="Address" fullWidth parse={(value: string) => value} helperText="Left empty, it shows as 'Not specified'." />
      </SimpleForm>
    </Edit>
  );
}
