import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { REVIEW_LIMITS } from '@relining/contracts/review-rules';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { importSummary, type ReviewImportResult } from './reviewFormat';
import { problemList } from './reviewProblems';
import { errorMessage } from '@relining/contracts/client/http';

type Outcome = { kind: 'done'; summary: string } | { kind: 'failed'; message: string; problems: string[] };

/**
 * 'Import CSV' on the reviews list: reviews written elsewhere (Google, Facebook…) uploaded as a CSV
 * (multipart POST /api/admin/reviews/import: file, source, publish) with the session every console
 * call uses. The server checks every row; the dialog shows what it imported, or its row errors (then
 * nothing was imported), and the list refreshes.
 */
export function ReviewImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Import CSV
      </Button>
      {open ? <ReviewImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReviewImportDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const fileHelpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [publish, setPublish] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileMissing, setFileMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileMissing(true);
      return;
    }
    setBusy(true);
    setOutcome(null);
    const form = new FormData();
    if (source.trim()) form.append('source', source.trim());
    form.append('publish', String(publish));
    form.append('file', file, file.name);
    try {
      const result = await session.call<ReviewImportResult>('/admin/reviews/import', { method: 'POST', body: form });
      const summary = importSummary(result);
      setOutcome({ kind: 'done', summary });
      notify(<Toast title={summary} />, { type: 'success' });
      refresh();
    } catch (caught) {
      setOutcome({ kind: 'failed', message: errorMessage(caught, 'The file could not be imported. Please try again.'), problems: problemList(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Import reviews from a CSV file</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Reviews customers wrote elsewhere, one a row. Columns: <strong>rating</strong> (1 to 5), <strong>text</strong>, <strong>name</strong> (the first
            name shown), <strong>suburb</strong>, <strong>postcode</strong>, <strong>date</strong> (when it was written) and <strong>source</strong> (optional).
            A row imported before (same source, name, date and text) is skipped.
          </DialogContentText>
          <Box sx={{ my: 2 }}>
            <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
              Choose CSV file
              <input
                hidden
                type="file"
                name="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                aria-describedby={fileHelpId}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileMissing(false);
                  setOutcome(null);
                }}
              />
            </Button>
            <Typography component="span" variant="body2" sx={{ ml: 1.5, overflowWrap: 'anywhere' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
            <FormHelperText id={fileHelpId} error={fileMissing}>
              {fileMissing ? 'Please choose a CSV file' : 'A .csv file with a header row.'}
            </FormHelperText>
          </Box>
          <TextField
            label="Source"
            fullWidth
            value={source}
            onChange={(event) => setSource(event.target.value)}
            disabled={busy}
            placeholder="e.g. Google"
            helperText="Where these reviews were written, shown with each one. Required unless the file has a source column."
            slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.source } }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={publish} onChange={(event) => setPublish(event.target.checked)} disabled={busy} />}
            label="Publish them now"
          />
          <FormHelperText sx={{ mt: -0.5 }}>Unticked, they wait for moderation like any new review.</FormHelperText>
          {outcome?.kind === 'done' ? (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {outcome.summary}
            </Alert>
          ) : null}
          {outcome?.kind === 'failed' ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {outcome.message}
              {outcome.problems.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}>
                  {outcome.problems.map((problem, index) => (
                    <li key={index}>{problem}</li>
                  ))}
                </Box>
              ) : null}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {outcome?.kind === 'done' ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Importing...' : 'Import'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
