import AddIcon from '@mui/icons-material/Add';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CompareIcon from '@mui/icons-material/Compare';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { FormProvider, useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import type { QuoteAcceptanceRecord, QuoteDeclineRecord, QuoteRecord } from '@relining/contracts/api/inspections';
import { formatCents, quoteLineProblems, totalWithGst } from '@relining/contracts/quote-rules';
import { formatDate, formatDateTime, todayInDisplayZone } from '../../common/dates';
import { DetailRows, DetailSection } from '../../common/DetailSection';
import { LoadState } from '../../common/LoadState';
import { useApiGet } from '../../common/useApiGet';
import { BeforeAfterDialog } from './BeforeAfterDialog';
import { FormSelect, FormText } from './formFields';
import { jobPath } from './jobFiles';
import { draftOfLine, draftOfQuote, liveAmounts, newLine, QUOTE_LINE_KINDS, quoteChangeOf, quoteVersionText, type QuoteDraft } from './quoteForm';
import { nestedErrors } from './reportForm';
import { DraftActions, useDraftDocument } from './useDraftDocument';

const resolver: Resolver<QuoteDraft> = (values) => {
  const problems = quoteLineProblems(quoteChangeOf(values).lines);
  return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: nestedErrors(problems) as FieldErrors<QuoteDraft> };
};

const STATE_CHIPS: Record<QuoteRecord['state'], { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  draft: { label: 'Draft', color: 'default' },
  published: { label: 'Sent to the customer', color: 'info' },
  accepted: { label: 'Accepted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
};

/**
 * The job's quote (issue 17): lines in dollars (kept in cents), started from the published report's
 * recommendations at the price list's rates, every total GST-inclusive with the GST shown; saved as a
 * draft, then published to the customer (a change after publishing becomes a new version). Once
 * accepted: who accepted which version, when and from where.
 */
export function QuoteEditor({ jobId, onPublished }: { jobId: string; onPublished?: () => void }) {
  const { data, error, loading, retry } = useApiGet<QuoteRecord>(`${jobPath(jobId)}/quote`);
  if (!data)
    return <LoadState isPending={loading} error={error} retry={retry} loading="Loading the quote..." failed={error ?? 'The quote could not be loaded.'} />;
  return <QuoteForm jobId={jobId} initial={data} onPublished={onPublished} />;
}

function QuoteForm({ jobId, initial, onPublished }: { jobId: string; initial: QuoteRecord; onPublished?: () => void }) {
  const [record, setRecord] = useState(initial);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [confirming, setConfirming] = useState<'publish' | 'replace' | null>(null);
  const [sharing, setSharing] = useState(false);
  const form = useForm<QuoteDraft>({ defaultValues: draftOfQuote(initial, todayInDisplayZone()), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { isDirty, errors } = form.formState;

  const adopt = (saved: QuoteRecord) => {
    setRecord(saved);
    form.reset(draftOfQuote(saved, todayInDisplayZone()));
  };

  const { save, askToPublish, publish } = useDraftDocument<QuoteDraft, QuoteRecord>({
    form,
    jobId,
    path: 'quote',
    noun: 'Quote',
    changeOf: quoteChangeOf,
    adopt,
    setBusy,
    savedDescription: (saved) => quoteVersionText(saved, formatDate),
    publishedDescription: 'The customer has been e-mailed a link to review and accept it.',
    askedToPublish: () => setConfirming('publish'),
    publishEnded: () => setConfirming(null),
    onPublished,
  });

  const startFromReport = () => {
    form.setValue('lines', record.proposedLines.map(draftOfLine), { shouldDirty: true });
    setConfirming(null);
  };

  const chip = STATE_CHIPS[record.state];
  return (
    <FormProvider {...form}>
      <Stack spacing={2}>
        {record.acceptance ? <AcceptanceSummary acceptance={record.acceptance} /> : null}
        {record.acceptance?.mediaConsent ? (
          <Box>
            <Button variant="outlined" startIcon={<CompareIcon />} onClick={() => setSharing(true)} sx={{ minHeight: 44 }}>
              Send before &amp; after to media library
            </Button>
          </Box>
        ) : null}
        {record.declines.length > 0 ? <Declines declines={record.declines} /> : null}

        <Box component="form" noValidate onSubmit={(event) => void save(event)} aria-label="Quote" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="p" data-testid="quote-version">
              {quoteVersionText(record, formatDate)}
            </Typography>
            {record.version > 0 ? <Chip size="small" color={chip.color} label={chip.label} /> : null}
            {isDirty ? <Chip size="small" variant="outlined" color="warning" label="Unsaved changes" /> : null}
          </Stack>

          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<AutoFixHighIcon />}
              disabled={record.proposedLines.length === 0}
              onClick={() => (form.getValues('lines').length > 0 ? setConfirming('replace') : startFromReport())}
              sx={{ minHeight: 44 }}
            >
              Start from the report
            </Button>
            <Typography variant="body2" color="text.secondary">
              {record.proposedLines.length === 0
                ? 'Publish a report recommending relining to have its lines proposed here.'
                : `The published report proposes ${record.proposedLines.length} ${record.proposedLines.length === 1 ? 'line' : 'lines'} at the price list’s rates.`}
            </Typography>
          </Box>

          <QuoteLines onRemove={lines.remove} count={lines.fields.length} ids={lines.fields.map((field) => field.id)} />
          {errors.lines?.root?.message ? <Alert severity="error">{errors.lines.root.message}</Alert> : null}
          {errors.lines?.message ? <Alert severity="error">{errors.lines.message}</Alert> : null}
          <Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => lines.append(newLine())} sx={{ minHeight: 48 }}>
              Add line
            </Button>
          </Box>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 2 }}>
            <FormText<QuoteDraft> name="validUntil" label="Valid until" type="date" slotProps={{ inputLabel: { shrink: true } }} />
            <FormText<QuoteDraft>
              name="notes"
              label="Notes for the customer"
              multiline
              minRows={2}
              helperText="Exclusions, access notes: shown under the lines."
            />
          </Box>

          <Box
            sx={{
              display: 'flex',
              gap: 1.5,
              flexWrap: 'wrap',
              position: 'sticky',
              bottom: 0,
              bgcolor: 'background.paper',
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              zIndex: 2,
            }}
          >
            <DraftActions noun="quote" busy={busy} onPublish={() => void askToPublish()} />
          </Box>
        </Box>
      </Stack>

      <Confirm
        isOpen={confirming === 'publish'}
        loading={busy === 'publish'}
        title={record.publishedVersion > 0 ? 'Publish a new version of the quote?' : 'Publish the quote?'}
        content={
          <>
            {isDirty ? 'Your changes are saved first. ' : ''}
            The customer is e-mailed that their quote is ready and can accept it on their tracking page. The job moves to Quote Sent.
            {record.publishedVersion > 0 ? ' The version they saw before can no longer be accepted.' : ''}
          </>
        }
        confirm="Publish quote"
        onConfirm={() => void publish()}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'replace'}
        title="Replace the lines?"
        content="The lines below are replaced by the ones the report proposes. Nothing is saved until you save the quote."
        confirm="Replace"
        onConfirm={startFromReport}
        onClose={() => setConfirming(null)}
      />
      {sharing ? <BeforeAfterDialog jobId={jobId} onClose={() => setSharing(false)} /> : null}
    </FormProvider>
  );
}

/**
 * The lines with the live total and its GST: a table where there is room, and on a tablet or phone
 * (below MUI's md breakpoint) one card per line, so nothing scrolls sideways.
 */
function QuoteLines({ ids, count, onRemove }: { ids: string[]; count: number; onRemove: (index: number) => void }) {
  const watched = useWatch<QuoteDraft, 'lines'>({ name: 'lines' });
  const amounts = liveAmounts(watched ?? []);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (narrow) return <QuoteLineCards ids={ids} count={count} onRemove={onRemove} amounts={amounts} />;
  return (
    <TableContainer>
      <Table size="small" aria-label="Quote lines" sx={{ minWidth: 720, '& td': { verticalAlign: 'top', py: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>Kind</TableCell>
            <TableCell>Description</TableCell>
            <TableCell sx={{ width: 100 }}>Quantity</TableCell>
            <TableCell sx={{ width: 140 }}>Unit price (inc. GST)</TableCell>
            <TableCell sx={{ width: 120 }} align="right">
              Amount
            </TableCell>
            {/* Named for screen readers only: each row's button says which line it removes. */}
            <TableCell sx={{ width: 56 }} aria-label="Remove" />
          </TableRow>
        </TableHead>
        <TableBody>
          {count === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary">
                  No lines yet.
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
          {ids.map((id, index) => {
            const amount = amounts.lineCents[index];
            return (
              <TableRow key={id}>
                <TableCell>
                  <FormSelect<QuoteDraft> name={`lines.${index}.kind`} label="Kind" size="small" fullWidth choices={QUOTE_LINE_KINDS} />
                </TableCell>
                <TableCell>
                  <FormText<QuoteDraft> name={`lines.${index}.description`} label="Description" size="small" fullWidth multiline />
                </TableCell>
                <TableCell>
                  <FormText<QuoteDraft> name={`lines.${index}.quantity`} label="Quantity" size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                </TableCell>
                <TableCell>
                  <FormText<QuoteDraft>
                    name={`lines.${index}.unitCents`}
                    label="Unit price ($)"
                    size="small"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ pt: '18px !important', whiteSpace: 'nowrap' }}>
                  {amount === null || amount === undefined ? '—' : formatCents(amount)}
                </TableCell>
                <TableCell>
                  <IconButton aria-label={`Remove line ${index + 1}`} onClick={() => onRemove(index)} sx={{ width: 44, height: 44 }}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={6} align="right">
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, color: 'text.primary' }} data-testid="quote-total" role="status">
                {totalWithGst(amounts.totalCents)}
              </Typography>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** One card per line (narrow screens): kind, quantity and unit price side by side, the description below, the amount and remove. */
function QuoteLineCards({
  ids,
  count,
  onRemove,
  amounts,
}: {
  ids: string[];
  count: number;
  onRemove: (index: number) => void;
  amounts: ReturnType<typeof liveAmounts>;
}) {
  return (
    <Box>
      <Box component="ol" aria-label="Quote lines" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {count === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary">
            No lines yet.
          </Typography>
        ) : null}
        {ids.map((id, index) => {
          const amount = amounts.lineCents[index];
          return (
            <Box
              component="li"
              key={id}
              aria-label={`Line ${index + 1}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
            >
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1.4fr' }, gap: 1.5 }}>
                <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  <FormSelect<QuoteDraft> name={`lines.${index}.kind`} label="Kind" size="small" fullWidth choices={QUOTE_LINE_KINDS} />
                </Box>
                <FormText<QuoteDraft> name={`lines.${index}.quantity`} label="Quantity" size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                <FormText<QuoteDraft>
                  name={`lines.${index}.unitCents`}
                  label="Unit price ($)"
                  size="small"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Box>
              <FormText<QuoteDraft> name={`lines.${index}.description`} label="Description" size="small" fullWidth multiline />
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="body2">
                  Amount (inc. GST): <strong>{amount === null || amount === undefined ? '—' : formatCents(amount)}</strong>
                </Typography>
                <IconButton aria-label={`Remove line ${index + 1}`} onClick={() => onRemove(index)} sx={{ width: 44, height: 44 }}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
      </Box>
      <Typography
        variant="subtitle1"
        component="p"
        sx={{ fontWeight: 700, color: 'text.primary', textAlign: 'right', mt: 1.5 }}
        data-testid="quote-total"
        role="status"
      >
        {totalWithGst(amounts.totalCents)}
      </Typography>
    </Box>
  );
}

/** Who accepted the quote, as the customer signed it: shown first on the quote and on the job's details. */
export function AcceptanceSummary({ acceptance }: { acceptance: QuoteAcceptanceRecord }) {
  return (
    <Alert severity="success" variant="outlined" data-testid="quote-acceptance">
      <AlertTitle>
        Accepted by {acceptance.fullName} on {formatDateTime(acceptance.acceptedAt)}
      </AlertTitle>
      <DetailRows
        rows={[
          ['Name typed', acceptance.fullName],
          ['Accepted', formatDateTime(acceptance.acceptedAt)],
          ['Version accepted', `Version ${acceptance.version}`],
          ['IP address', acceptance.ip],
          ['Browser', acceptance.userAgent],
          ['Photos on the website', acceptance.mediaConsent ? 'Yes: the customer agreed to their before and after photos being used' : 'No'],
        ]}
      />
    </Alert>
  );
}

function Declines({ declines }: { declines: QuoteDeclineRecord[] }) {
  return (
    <DetailSection title="Declined">
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {declines.map((decline) => (
          <Typography component="li" variant="body2" key={`${decline.version}-${decline.declinedAt}`}>
            Version {decline.version} declined {formatDateTime(decline.declinedAt)}
            {decline.reason ? `: “${decline.reason}”` : ' (no reason given)'}
          </Typography>
        ))}
      </Box>
    </DetailSection>
  );
}
