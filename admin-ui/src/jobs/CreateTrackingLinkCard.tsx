import { Button, Card, CardContent, CardHeader, Grid, MenuItem, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { JOB_STATUSES, JOB_STATUS_LABELS, trackingLinkProblem, type JobStatus } from '@relining/contracts/job-status';
import { Toast } from '../common/Toast';
import type { CreateJobRequest, JobChangeResult } from '@relining/contracts/api/jobs';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { notifyTrackingLinkEmail } from './trackingLinkEmail';

const EMPTY = { jobNumber: '', customerName: '', customerEmail: '', address: '', status: 'booked' as JobStatus };

/** spec §2 'Create Customer Tracking Link': the link is stored, and the status's e-mail sent with it. */
export function CreateTrackingLinkCard() {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = trackingLinkProblem(form);
    if (problem) {
      notify(<Toast title={problem.title} description={problem.message} />, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const job = await session.call<JobChangeResult>('/admin/jobs', { method: 'POST', body: form satisfies CreateJobRequest });
      notify(<Toast title="Tracking link generated" description={`A tracking link has been created for ${job.customerName}`} />, { type: 'success' });
      notifyTrackingLinkEmail(notify, job);
      setForm(EMPTY);
      refresh();
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Failed to create the tracking link')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'jobNumber' | 'customerName' | 'customerEmail' | 'address') => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title="Create Customer Tracking Link" subheader="The customer receives the link by e-mail with the status message." />
      <CardContent>
        <form onSubmit={submit} noValidate>
          <Grid container spacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField label="Job ID" placeholder="JOB-1001" fullWidth required {...field('jobNumber')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField label="Customer Name" fullWidth required {...field('customerName')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField label="Customer Email" type="email" fullWidth required {...field('customerEmail')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextField
                select
                label="Current Status"
                fullWidth
                value={form.status}
                onChange={(event) => setForm({ ...form, status: event.target.value as JobStatus })}
              >
                {JOB_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {JOB_STATUS_LABELS[status]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField label="Address" placeholder="Not specified" fullWidth {...field('address')} />
            </Grid>
            <Grid size={12}>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? 'Generating...' : 'Generate Tracking Link'}
              </Button>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}
