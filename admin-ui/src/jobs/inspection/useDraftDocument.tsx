import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import { Button } from '@mui/material';
import { useNotify } from 'react-admin';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../../common/Toast';
import { session } from '../../providers/session';
import { jobPath } from './jobFiles';

/** How a publish the technician confirmed ended: the draft's save refused, the publish failed, or done. */
export type PublishEnd = 'not saved' | 'failed' | 'published';

export interface DraftDocumentOptions<TDraft extends FieldValues, TRecord> {
  form: UseFormReturn<TDraft>;
  jobId: string;
  /** The job's document under its path ('report' → /jobs/:id/report and /jobs/:id/report/publish). */
  path: 'report' | 'quote';
  /** As the toasts name it: 'Report' → 'Report saved', 'Report not published'. */
  noun: 'Report' | 'Quote';
  /** The draft as the request body the contract checks. */
  changeOf: (values: TDraft) => unknown;
  /** The server's answer is what is stored: the form shows it from now on. */
  adopt: (saved: TRecord) => void;
  setBusy: (busy: 'save' | 'publish' | null) => void;
  savedDescription: (saved: TRecord) => string | undefined;
  publishedDescription: string;
  /** Opens the dialog that confirms publishing. */
  askedToPublish: () => void;
  /** Called as a confirmed publish ends, before the buttons are free again (to close its dialog). */
  publishEnded: (end: PublishEnd) => void;
  onPublished?: () => void;
}

/**
 * The draft-document machinery the report and quote editors share (issue 17): save the draft (its
 * server-side refusals land on the fields), and publish it to the customer, saving it first when it
 * has changes.
 */
export function useDraftDocument<TDraft extends FieldValues, TRecord>({
  form,
  jobId,
  path,
  noun,
  changeOf,
  adopt,
  setBusy,
  savedDescription,
  publishedDescription,
  askedToPublish,
  publishEnded,
  onPublished,
}: DraftDocumentOptions<TDraft, TRecord>) {
  const notify = useNotify();
  const { isDirty } = form.formState;

  /** PUT the draft; the saved document, or null when it was refused (its messages then on the fields). */
  async function persist(values: TDraft): Promise<TRecord | null> {
    try {
      const saved = await session.call<TRecord>(`${jobPath(jobId)}/${path}`, { method: 'PUT', body: changeOf(values) });
      adopt(saved);
      return saved;
    } catch (caught) {
      if (caught instanceof ApiError)
        for (const problem of caught.errors) form.setError(problem.field as Path<TDraft>, { type: 'server', message: problem.message });
      notify(<Toast title={`${noun} not saved`} description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
      return null;
    }
  }

  const refused = () => notify(<Toast title={`${noun} not saved`} description="Please correct the fields marked in red." />, { type: 'error' });

  const save = form.handleSubmit(async (values) => {
    setBusy('save');
    const saved = await persist(values);
    setBusy(null);
    if (saved) notify(<Toast title={`${noun} saved`} description={savedDescription(saved)} />, { type: 'success' });
  }, refused);

  /** Checked before the dialog opens, so the technician is not asked to confirm what cannot be sent. */
  async function askToPublish() {
    if (await form.trigger()) askedToPublish();
    else refused();
  }

  async function publish() {
    setBusy('publish');
    let end: PublishEnd = 'not saved';
    try {
      if (isDirty && !(await persist(form.getValues()))) return;
      const published = await session.call<TRecord>(`${jobPath(jobId)}/${path}/publish`, { method: 'POST', body: {} });
      adopt(published);
      end = 'published';
      notify(<Toast title={`${noun} published`} description={publishedDescription} />, { type: 'success' });
      onPublished?.();
    } catch (caught) {
      end = 'failed';
      notify(<Toast title={`${noun} not published`} description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      publishEnded(end);
      setBusy(null);
    }
  }

  return { save, askToPublish, publish };
}

/** The editor's 'Save report' / 'Publish report' (or quote) buttons: Save submits the form, Publish asks first. */
export function DraftActions({ noun, busy, onPublish }: { noun: 'report' | 'quote'; busy: string | null; onPublish: () => void }) {
  return (
    <>
      <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={busy !== null} sx={{ minHeight: 48 }}>
        {busy === 'save' ? 'Saving…' : `Save ${noun}`}
      </Button>
      <Button variant="outlined" size="large" startIcon={<PublishIcon />} onClick={onPublish} disabled={busy !== null} sx={{ minHeight: 48 }}>
        Publish {noun}
      </Button>
    </>
  );
}
