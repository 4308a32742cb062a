import { Box, Chip, Stack, Typography } from '@mui/material';
import type { JobActivity, JobActivityKind } from '@relining/contracts/api/jobs';
import { formatDateTime } from '../common/dates';
import { useApiGet } from '../common/useApiGet';

const KIND_LABELS: Record<JobActivityKind, string> = {
  stage: 'Stage',
  email: 'E-mail',
  report: 'Report',
  quote: 'Quote',
  acceptance: 'Accepted',
  change: 'Change',
};

const KIND_COLOURS: Record<JobActivityKind, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success'> = {
  stage: 'primary',
  email: 'info',
  report: 'secondary',
  quote: 'warning',
  acceptance: 'success',
  change: 'default',
};

const emailStatus = (status: string) => (status === 'preview' ? 'saved as a preview (not sent)' : status);

/** Everything that happened to a job, newest first (GET /api/admin/jobs/:id/timeline). `version` reloads it. */
export function JobTimeline({ jobId, version = 0 }: { jobId: string; version?: number }) {
  const { data, error, loading } = useApiGet<JobActivity[]>(`/admin/jobs/${jobId}/timeline`, version, 'The timeline could not be loaded.');
  return (
    <Box component="section" aria-labelledby="job-timeline-title" sx={{ px: 2, pb: 2 }}>
      <Typography id="job-timeline-title" variant="subtitle2" sx={{ pb: 1 }}>
        Timeline
      </Typography>
      {error ? <Typography color="error">{error}</Typography> : null}
      {!error && !loading && (data ?? []).length === 0 ? <Typography variant="body2">Nothing yet.</Typography> : null}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {(data ?? []).map((item, index) => (
          <Box component="li" key={`${item.at}-${index}`} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
              {formatDateTime(item.at)}
            </Typography>
            <Chip size="small" label={KIND_LABELS[item.kind]} color={KIND_COLOURS[item.kind]} />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography variant="body2">
                {item.title}
                {item.status ? ` · ${emailStatus(item.status)}` : ''}
              </Typography>
              {item.detail || item.actorName ? (
                <Typography variant="caption" color="text.secondary">
                  {[item.detail, item.actorName ? `by ${item.actorName}` : null].filter(Boolean).join(' · ')}
                </Typography>
              ) : null}
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
