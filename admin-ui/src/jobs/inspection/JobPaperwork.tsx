import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { QuoteRecord, ReportRecord } from '@relining/contracts/api/inspections';
import { formatCalendarDay, formatDate, formatDateTime } from '../../common/dates';
import { DetailSection } from '../../common/DetailSection';
import { LoadState } from '../../common/LoadState';
import { useApiGet } from '../../common/useApiGet';
import { jobPath } from './jobFiles';
import { AcceptanceSummary } from './QuoteEditor';
import { quoteVersionText } from './quoteForm';

/**
 * On a job's details: where its inspection report and quote stand, each with a link to its editor
 * (the page's tabs), and the customer's acceptance, as they signed it, first of all.
 */
export function JobPaperwork({ jobId, showPath }: { jobId: string; showPath: string }) {
  const report = useApiGet<ReportRecord>(`${jobPath(jobId)}/report`);
  const quote = useApiGet<QuoteRecord>(`${jobPath(jobId)}/quote`);
  return (
    <Stack spacing={2}>
      {quote.data?.acceptance ? <AcceptanceSummary acceptance={quote.data.acceptance} /> : null}
      <DetailSection
        title="Inspection report"
        action={
          <Button component={RouterLink} to={`${showPath}/report`} size="small">
            Open the report
          </Button>
        }
      >
        <LoadState
          isPending={report.loading && !report.data}
          error={report.data ? null : report.error}
          retry={report.retry}
          loading="Loading the report..."
          failed={report.error ?? 'The report could not be loaded.'}
        />
        {report.data ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {report.data.publishedVersion > 0 ? (
              <Chip size="small" color="success" label={`Published version ${report.data.publishedVersion} · ${formatDateTime(report.data.publishedAt)}`} />
            ) : (
              <Chip size="small" label={report.data.updatedAt ? 'Draft, not published yet' : 'Not started'} />
            )}
            {report.data.publishedVersion > 0 && report.data.changedSincePublish ? (
              <Chip size="small" color="warning" label="Changes not yet published" />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {report.data.sections.length === 1 ? '1 pipe section' : `${report.data.sections.length} pipe sections`} ·{' '}
              {report.data.photos.length === 1 ? '1 photo' : `${report.data.photos.length} photos`}
            </Typography>
          </Stack>
        ) : null}
      </DetailSection>
      <DetailSection
        title="Quote"
        action={
          <Button component={RouterLink} to={`${showPath}/quote`} size="small">
            Open the quote
          </Button>
        }
      >
        <LoadState
          isPending={quote.loading && !quote.data}
          error={quote.data ? null : quote.error}
          retry={quote.retry}
          loading="Loading the quote..."
          failed={quote.error ?? 'The quote could not be loaded.'}
        />
        {quote.data ? (
          <Box>
            <Typography variant="body2">{quoteVersionText(quote.data, formatDate)}</Typography>
            {quote.data.version > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {quote.data.totalText}
                {quote.data.validUntil ? ` · valid until ${formatCalendarDay(quote.data.validUntil)}` : ''}
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </DetailSection>
    </Stack>
  );
}
