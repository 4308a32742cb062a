import EditNoteIcon from '@mui/icons-material/EditNote';
import { Alert, Box, Button, Chip, Divider, Link, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { EditButton, Show, TabbedShowLayout, TopToolbar, useCreatePath, useRecordContext, useRefresh } from 'react-admin';
import { ArchiveButton } from '../common/ArchiveButton';
import { formatDateTime } from '../common/dates';
import { mailtoHref } from '../common/links';
import { PhoneLink } from '../common/PhoneLink';
import { BookingLink, ReferralLink } from '../common/RecordLinks';
import { RecordHistory } from '../common/RecordHistory';
import { JobPaperwork } from './inspection/JobPaperwork';
import { JobTimeline } from './JobTimeline';
import { QuoteEditor } from './inspection/QuoteEditor';
import { ReportEditor } from './inspection/ReportEditor';
import { UpdateStatusDialog } from './JobRowActions';
import { JOB_STATUS_COLOURS, type JobDetailRecord } from './jobStatus';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A job's detail: the customer (an empty address is 'Not specified', spec §3), the booking it came
 * from and the referral it credits (when there are), its link, its timeline (stages, e-mails with
 * their delivery, report, quote, the customer's answer) and its History (who changed what).
 */
function JobDetail() {
  const job = useRecordContext<JobDetailRecord>();
  if (!job) return null;
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      {job.archivedAt ? (
        <Alert severity="warning">
          Archived {formatDateTime(job.archivedAt)}: hidden from the active list, and its tracking page says Invalid Job ID until it is restored.
        </Alert>
      ) : null}
      <Row label="Job ID">{job.jobNumber}</Row>
      <Row label="Customer">{job.customerName}</Row>
      <Row label="Email">
        <Link href={mailtoHref(job.customerEmail)}>{job.customerEmail}</Link>
      </Row>
      {job.customerPhone ? (
        <Row label="Phone">
          <PhoneLink phone={job.customerPhone} />
        </Row>
      ) : null}
      <Row label="Address">{job.address || 'Not specified'}</Row>
      <Row label="Status">
        <Chip size="small" label={job.statusLabel} color={JOB_STATUS_COLOURS[job.status]} />
      </Row>
      {job.bookingId ? (
        <Row label="Booking">
          <BookingLink id={job.bookingId} />
        </Row>
      ) : null}
      <Row label="Referral">{job.referralId ? <ReferralLink id={job.referralId} withPlumber /> : 'No referral linked'}</Row>
      <Row label="Tracking link">
        <Link href={job.trackingLink} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
          {job.trackingLink}
        </Link>
      </Row>
      <Row label="Created">{formatDateTime(job.createdAt)}</Row>
      <Divider sx={{ my: 1 }} />
      <JobTimeline key={job.updatedAt} jobId={String(job.id)} />
      <RecordHistory entity="job" entityId={String(job.id)} />
    </Stack>
  );
}

/** The job's page has the list's 'Update Status' too: staff who made the job from a booking land here. */
function UpdateStatusButton() {
  const job = useRecordContext<JobDetailRecord>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!job) return null;
  return (
    <>
      <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)}>
        Update Status
      </Button>
      {open ? (
        <UpdateStatusDialog
          record={job}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}

export function JobShow() {
  return (
    <Show
      title="Job"
      actions={
        <TopToolbar>
          <UpdateStatusButton />
          <EditButton />
          <ArchiveButton apiPath="/admin/jobs" archivedField="archivedAt" name={(record) => `Job ${String(record.jobNumber)}`} />
        </TopToolbar>
      }
    >
      <TabbedShowLayout sx={{ '& .RaTabbedShowLayout-content': { px: { xs: 1, sm: 2 } } }}>
        <TabbedShowLayout.Tab label="Details">
          <JobDetail />
          <JobPaperworkOfRecord />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Inspection report" path="report">
          <JobEditorOfRecord editor={ReportEditor} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Quote" path="quote">
          <JobEditorOfRecord editor={QuoteEditor} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

/** The report's and quote's state on the details tab, with links to their tabs. */
function JobPaperworkOfRecord() {
  const job = useRecordContext<JobDetailRecord>();
  const createPath = useCreatePath();
  if (!job) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <JobPaperwork jobId={String(job.id)} showPath={createPath({ resource: 'job-tracking', id: job.id, type: 'show' })} />
    </Box>
  );
}

/**
 * A tab's editor for the shown job. Publishing moves the job on (Inspection Completed, Quote Sent), so
 * the page reloads the job to show its new status and history.
 */
function JobEditorOfRecord({ editor: Editor }: { editor: typeof ReportEditor | typeof QuoteEditor }) {
  const job = useRecordContext<JobDetailRecord>();
  const refresh = useRefresh();
  if (!job) return null;
  return <Editor key={String(job.id)} jobId={String(job.id)} onPublished={refresh} />;
}
